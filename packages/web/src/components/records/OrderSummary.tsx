import { Card, Descriptions, Tag } from 'antd';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { enumLabel, type EntityDef, type Language } from '@liftcloud/client';

/**
 * The top of an order's page, the same for repair and maintenance orders: its label and number, its state as a
 * tag, and the fields shown, labelled in the reader's language (enums by their labels, yes or no for a flag), then
 * what the page adds (the moves allowed now).
 */
export function OrderSummary(props: {
  entity: EntityDef;
  /** The number shown after the entity's label. */
  number: unknown;
  record: Record<string, unknown>;
  fields: readonly string[];
  state: string;
  stateTestId: string;
  language: Language;
  loading: boolean;
  children?: ReactNode;
}) {
  const { entity, record, language } = props;
  return (
    <Card
      title={`${entity.label[language]} ${String(props.number ?? '')}`}
      loading={props.loading}
      extra={
        <Tag color="blue" data-testid={props.stateTestId}>
          {props.state}
        </Tag>
      }
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={props.fields.map((k) => {
          const field = entity.fields[k]!;
          const value = record[k];
          return {
            key: k,
            label: field.label[language],
            children: field.show
              ? field.show(value, language, record)
              : field.kind === 'enum' && field.enumDef
                ? enumLabel(field.enumDef, value as number | null, language)
                : value == null
                  ? '-'
                  : field.kind === 'bool'
                    ? i18next.t(value ? 'common.yes' : 'common.no')
                    : String(value),
          };
        })}
      />
      {props.children}
    </Card>
  );
}
