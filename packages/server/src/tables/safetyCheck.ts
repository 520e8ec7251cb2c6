import { safetyCheck } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Safety checks: nothing particular to how they are stored (the rules are the definition's). */
export const safetyCheckTable: TableSpec<typeof safetyCheck.fields> = {
  entity: safetyCheck,
  table: 'safetyChecks',
  scope: 'org',
};
