import { potentialFault, potentialFaultSetting } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Potential fault settings (super admin, /potentialFaultSetting): their fault codes and weights kept as JSON. */
export const potentialFaultSettingTable: TableSpec<typeof potentialFaultSetting.fields> = {
  entity: potentialFaultSetting,
  table: 'potentialFaultSettings',
  scope: 'tenant',
  jsonFields: ['details'],
};

/** Potential faults the scoring job raises (jobs/potential-faults.ts): scoped like the other elevator records. */
export const potentialFaultTable: TableSpec<typeof potentialFault.fields> = {
  entity: potentialFault,
  table: 'potentialFaults',
  scope: 'org',
  jsonFields: ['contributions'],
};
