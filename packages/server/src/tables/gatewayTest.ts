import { gatewayTest } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Gateway tests: created and cancelled through areas/monitoring/gateway-tests.ts, moved by monitoring/gateway-tests.ts. */
export const gatewayTestTable: TableSpec<typeof gatewayTest.fields> = {
  entity: gatewayTest,
  table: 'gatewayTests',
  scope: 'org',
  jsonFields: ['dtuCodes'],
};
