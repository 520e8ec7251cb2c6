import type { FormInstance } from 'antd';
import type { EntityDef, Issue } from '@liftcloud/client';
import { useLanguage } from '../../app/ConsoleContext';
import { toBody, type FormMode } from './formBody';
import { schemaRules } from './schemaRule';

/** Rules for an entity form: the entity's create or update schema and its cross-field rules. */
export function useEntityValidator(
  entity: EntityDef,
  mode: FormMode,
  form: FormInstance,
  fixed: Record<string, unknown>,
  id: number | undefined,
) {
  const language = useLanguage();
  const schema = mode === 'create' ? entity.createSchema : entity.updateSchema;
  const body = () => toBody(entity, mode, form.getFieldsValue(true) as Record<string, unknown>, fixed, id);
  const refine = (value: unknown): Issue[] =>
    entity.refine?.(value as Parameters<NonNullable<EntityDef['refine']>>[0]) ?? [];
  return schemaRules(schema, body, language, refine);
}
