import { Button, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef, FilterMode, Query } from '@liftcloud/client';
import { useLanguage } from '../../app/ConsoleContext';
import { DATE_TIME_FORMAT, enumOptions } from '../fieldOptions';
import { RefSelect } from '../options/RefSelect';
import { pickableTarget } from '../options/refTarget';

const RangeInput = lazy(() => import('./RangeInput'));

/** The span filter's picker comes in its own chunk: most list screens have none. Form.Item gives it value and onChange. */
function LazyRangeInput(props: Record<string, unknown>) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 360 }} />}>
      <RangeInput {...props} />
    </Suspense>
  );
}

type FormValues = Record<string, string | number | boolean | [Dayjs | null, Dayjs | null] | null | undefined>;

export interface SearchFormProps {
  entity: EntityDef;
  /** The filters in the URL. */
  values: Record<string, string>;
  /** Filters the page fixes (a company type) are not shown. */
  hidden?: readonly string[];
  /** Filters the pickers of reference filters send with their searches (only maintenance companies). */
  refFilters?: Record<string, Query>;
  onSearch: (filters: Record<string, string>) => void;
  onReset: () => void;
}

/** The search form of a list, built from the entity's filters: Enter in an input searches. */
export function SearchForm(props: SearchFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<FormValues>();
  const filters = (Object.entries(props.entity.filters) as [string, FilterMode | undefined][]).filter(
    ([key, mode]) => mode && props.entity.fields[key] && !props.hidden?.includes(key),
  );

  // Follow the URL (back button, reset) but not every re-render, which would wipe what is being typed.
  const urlKey = JSON.stringify(props.values);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(props.entity, JSON.parse(urlKey) as Record<string, string>));
  }, [form, props.entity, urlKey]);

  if (filters.length === 0) return null;
  return (
    <Form
      form={form}
      layout="inline"
      data-testid="search-form"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => props.onSearch(toUrlValues(props.entity, values))}
    >
      {filters.map(([key, mode]) => {
        const field = props.entity.fields[key]!;
        const label = field.label[language];
        if (mode === 'range')
          return (
            <Form.Item key={key} name={key} label={label}>
              <LazyRangeInput />
            </Form.Item>
          );
        const target = field.kind === 'ref' ? pickableTarget(field) : null;
        if (target)
          return (
            <Form.Item key={key} name={key} label={label}>
              <RefSelect entity={target} filter={props.refFilters?.[key]} style={{ minWidth: 200 }} />
            </Form.Item>
          );
        if (field.kind === 'enum')
          return (
            <Form.Item key={key} name={key} label={label}>
              <Select
                allowClear
                placeholder={t('common.choose')}
                style={{ minWidth: 160 }}
                options={enumOptions(field, language)}
              />
            </Form.Item>
          );
        if (field.kind === 'bool')
          return (
            <Form.Item key={key} name={key} label={label}>
              <Select
                allowClear
                placeholder={t('common.choose')}
                style={{ minWidth: 100 }}
                options={[
                  { value: 'true', label: t('common.yes') },
                  { value: 'false', label: t('common.no') },
                ]}
              />
            </Form.Item>
          );
        return (
          <Form.Item key={key} name={key} label={label}>
            <Input allowClear placeholder={t('common.enter')} data-filter={key} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="search-button">
            {t('common.search')}
          </Button>
          <Button
            data-testid="reset-button"
            onClick={() => {
              form.resetFields();
              props.onReset();
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function toFormValues(entity: EntityDef, values: Record<string, string>): FormValues {
  const out: FormValues = {};
  for (const [key, mode] of Object.entries(entity.filters)) {
    if (mode === 'range') {
      const start = values[`${key}Start`];
      const end = values[`${key}End`];
      if (start || end) out[key] = [start ? dayjs(start) : null, end ? dayjs(end) : null];
    } else if (values[key] !== undefined) {
      const kind = entity.fields[key]?.kind;
      out[key] = kind === 'enum' || kind === 'ref' ? Number(values[key]) : values[key];
    }
  }
  return out;
}

function toUrlValues(entity: EntityDef, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (entity.filters[key] === 'range' && Array.isArray(value)) {
      const [start, end] = value;
      if (start) out[`${key}Start`] = start.format(DATE_TIME_FORMAT);
      if (end) out[`${key}End`] = end.format(DATE_TIME_FORMAT);
    } else {
      out[key] = String(value).trim();
    }
  }
  return out;
}
