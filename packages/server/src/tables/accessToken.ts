import { accessToken } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Access tokens are session rows of kind 'access'; a caller sees and revokes only their own. */
export const accessTokenTable: TableSpec<typeof accessToken.fields> = {
  entity: accessToken,
  table: 'sessions',
  scope: 'tenant',
  ownerFilter: (q, caller) => q.where('t.userId', '=', caller.userId).where('t.kind', '=', 'access'),
};
