import { developer } from '@liftcloud/client';
import { newAppKey } from '../services/developers.js';
import type { TableSpec } from '../store/repository.js';

/**
 * Developer accounts (super admin): each belongs to the tenant whose use units it may read (the super admin
 * picks the tenant's organisation). The appKey is made here; the appSecret only through rotateDeveloperSecret
 * (areas/developers/secrets.ts), so a generic write never sees or changes it.
 */
export const developerTable: TableSpec<typeof developer.fields> = {
  entity: developer,
  table: 'developers',
  scope: 'tenant',
  links: { useUnitIds: { table: 'developerUseUnits', ownKey: 'developerId', otherKey: 'useUnitId' } },
  async beforeCreate(row) {
    row.appKey = newAppKey();
  },
};
