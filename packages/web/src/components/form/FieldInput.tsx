import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Field, Language, Query } from '@liftcloud/client';
import { DATE_FORMAT, DATE_TIME_FORMAT, enumOptions } from '../fieldOptions';
import { RefSelect } from '../options/RefSelect';
import { pickableTarget } from '../options/refTarget';

const LONG_TEXT = 500;

/**
 * The input for a field kind: text, number, enum select, switch, date-time picker, and for a reference or id list a
 * picker of its target entity that searches as the user types.
 */
export function FieldInput(props: {
  field: Field;
  language: Language;
  /** Filters a reference's picker sends with its searches (only maintenance companies). */
  refFilter?: Query;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) {
  const { field, value, onChange, id } = props;
  const target = pickableTarget(field);
  const max = (field.schema as { maxLength?: number }).maxLength;
  switch (field.kind) {
    case 'secret':
      return (
        <Input.Password
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          autoComplete="new-password"
        />
      );
    case 'int':
    case 'number':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          precision={field.kind === 'int' ? 0 : undefined}
          value={value as number | null}
          onChange={(v) => onChange?.(v)}
        />
      );
    case 'ref':
      return target ? (
        <RefSelect
          id={id}
          entity={target}
          filter={props.refFilter}
          value={(value as number | null | undefined) ?? null}
          onChange={onChange}
        />
      ) : (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          precision={0}
          min={1}
          value={value as number | null}
          onChange={(v) => onChange?.(v)}
        />
      );
    case 'enum':
      return (
        <Select id={id} allowClear options={enumOptions(field, props.language)} value={value} onChange={onChange} />
      );
    case 'bool':
      return <Switch id={id} checked={value === true} onChange={(checked) => onChange?.(checked)} />;
    case 'datetime':
    case 'date': {
      const format = field.kind === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT;
      return (
        <DatePicker
          id={id}
          showTime={field.kind === 'datetime'}
          format={format}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d: Dayjs | null) => onChange?.(d ? d.format(format) : null)}
        />
      );
    }
    case 'ids':
      return target ? (
        <RefSelect
          id={id}
          entity={target}
          multiple
          filter={props.refFilter}
          value={(value as number[] | undefined) ?? []}
          onChange={onChange}
        />
      ) : (
        // numbers that name no records (a role's permission indexes): the page gives its own input
        <Select
          id={id}
          mode="multiple"
          allowClear
          options={[]}
          value={(value as number[] | undefined) ?? []}
          onChange={onChange}
        />
      );
    default:
      return max && max > LONG_TEXT ? (
        <Input.TextArea id={id} rows={4} value={value as string} onChange={(e) => onChange?.(e.target.value)} />
      ) : (
        <Input id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} />
      );
  }
}
