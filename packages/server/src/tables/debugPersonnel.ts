import { debugPersonnel } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Debug personnel (index 880): one row per user of the tenant, its level, password expiry and contracts. */
export const debugPersonnelTable: TableSpec<typeof debugPersonnel.fields> = {
  entity: debugPersonnel,
  table: 'debugPersonnel',
  scope: 'tenant',
};
