import { smsTemplate } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** SMS templates (super admin, /msgTemplate). */
export const smsTemplateTable: TableSpec<typeof smsTemplate.fields> = {
  entity: smsTemplate,
  table: 'smsTemplates',
  scope: 'tenant',
};
