import * as auth from './auth.js';
import type { Operation } from './define.js';
import * as contracts from './contracts.js';
import * as eocd from './eocd.js';
import * as developers from './developers.js';
import * as files from './files.js';
import * as gatewayTests from './gateway-tests.js';
import * as identity from './identity.js';
import * as jobs from './jobs.js';
import * as maintenance from './maintenance.js';
import * as monitoring from './monitoring.js';
import * as notices from './notices.js';
import * as ota from './ota.js';
import * as pushStats from './push-stats.js';
import * as registry from './registry.js';
import * as shareLinks from './share-links.js';
import * as shell from './shell.js';
import * as statistics from './statistics.js';
import * as liftCallStatistics from './lift-call-statistics.js';
import * as reports from './reports.js';
import * as electricity from './electricity.js';
import * as workOrders from './work-orders.js';
import * as home from './home.js';
import * as health from './health.js';
import * as messages from './messages.js';

export * from './define.js';
export * from './components.js';
export * from './entity.js';
export * from './auth.js';
export * from './shell.js';
export * from './identity.js';
export * from './registry.js';
export * from './monitoring.js';
export * from './push-stats.js';
export * from './gateway-tests.js';
export * from './notices.js';
export * from './work-orders.js';
export * from './share-links.js';
export * from './files.js';
export * from './jobs.js';
export * from './maintenance.js';
export * from './contracts.js';
export * from './eocd.js';
export * from './statistics.js';
export * from './lift-call-statistics.js';
export * from './reports.js';
export * from './electricity.js';
export * from './developers.js';
export * from './ota.js';
export * from './home.js';
export * from './health.js';
export * from './messages.js';

/** Each area's declarations, as the server's area plugins serve them. */
export const OPERATION_AREAS = {
  auth,
  shell,
  identity,
  registry,
  monitoring,
  pushStats,
  gatewayTests,
  notices,
  workOrders,
  shareLinks,
  files,
  jobs,
  maintenance,
  contracts,
  eocd,
  statistics: { ...statistics, ...liftCallStatistics },
  reports,
  electricity,
  developers,
  ota,
  home,
  health,
  messages,
} as const;

const isOperation = (v: unknown): v is Operation =>
  typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v && 'permission' in v;

/** Every declared operation beyond entity CRUD: the OpenAPI test checks each served route against this list. */
export const OPERATIONS: readonly Operation[] = [
  ...Object.values(OPERATION_AREAS).flatMap((area) =>
    Object.values(area).flatMap((v: unknown) => (isOperation(v) ? [v] : [])),
  ),
  // each entity that declares attachments has its own three
  ...files.ATTACHMENT_OPERATIONS,
];
