import { uiSetting } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Branding per host name; managed by the super admin, read by anyone through uiSettings/public. */
export const uiSettingTable: TableSpec<typeof uiSetting.fields> = {
  entity: uiSetting,
  table: 'uiSettings',
  platformUnique: ['host'],
  scope: 'tenant',
};
