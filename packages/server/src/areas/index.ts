import { area, type Area } from './area.js';
import { registerPublicScheme } from './contracts/scheme.js';
import { registerContractVoid } from './contracts/void.js';
import { registerEocd } from './eocd/index.js';
import { registerEocdShareLinks } from './eocd/share-links.js';
import { registerDevelopers } from './developers/index.js';
import { registerFiles } from './files/files.js';
import { registerAccountRoutes } from './identity/accounts.js';
import { registerCaptchaRoute } from './identity/captcha.js';
import { registerPasswordLogin } from './identity/password-login.js';
import { registerSessionRoutes } from './identity/session.js';
import { registerSmsLogin } from './identity/sms-login.js';
import { registerJobRoutes } from './jobs/jobs.js';
import { registerMaintenance } from './maintenance/index.js';
import { registerElevatorState } from './monitoring/elevator-state.js';
import { registerGatewayTestRoutes } from './monitoring/gateway-tests.js';
import { registerNotices } from './monitoring/notices.js';
import { registerMonitoringOverview } from './monitoring/overview.js';
import { registerHomeOverview } from './monitoring/home-overview.js';
import { registerPushStatsRoutes } from './monitoring/push-stats.js';
import { registerOta } from './ota/index.js';
import { registerCrud } from './records/crud.js';
import { registerCommandRoutes } from './registry/commands.js';
import { registerGatewayRoutes } from './registry/gateways.js';
import { registerNetApplyRoutes } from './registry/net-applies.js';
import { registerAnnouncementNotice } from './shell/announcements.js';
import { registerDirectoryRoutes } from './shell/directory.js';
import { registerExports } from './transfers/exports.js';
import { registerImports } from './transfers/imports.js';
import { registerWorkOrderActions, registerWorkOrderRaise } from './work-orders/actions.js';
import { registerInspectionOrders } from './work-orders/inspection-orders.js';
import { registerShareLinkRoutes } from './work-orders/share-links.js';
import { registerSupervision } from './supervision/index.js';
import { registerStatistics } from './statistics/statistics.js';
import { registerReports } from './statistics/reports.js';
import { registerElectricity } from './statistics/electricity.js';
import { registerHealth } from './health/index.js';

/**
 * The API, one area per line: each serves its operations (declared in the client's operations/<area>.ts) from
 * the files named here. A new area is a folder beside these and one line below.
 */
export const AREAS: readonly Area[] = [
  area(
    'identity',
    registerCaptchaRoute,
    registerPasswordLogin,
    registerSmsLogin,
    registerSessionRoutes,
    registerAccountRoutes,
  ),
  area('shell', registerDirectoryRoutes, registerAnnouncementNotice),
  area('records', registerCrud),
  area('registry', registerGatewayRoutes, registerNetApplyRoutes, registerCommandRoutes),
  area(
    'monitoring',
    registerMonitoringOverview,
    registerElevatorState,
    registerPushStatsRoutes,
    registerGatewayTestRoutes,
    registerNotices,
    registerHomeOverview,
  ),
  area(
    'work orders',
    registerWorkOrderActions,
    registerWorkOrderRaise,
    registerInspectionOrders,
    registerShareLinkRoutes,
  ),
  area('files', registerFiles),
  area('transfers', registerImports, registerExports),
  area('jobs', registerJobRoutes),
  area('maintenance', registerMaintenance),
  area('upkeep', registerContractVoid, registerPublicScheme),
  area('eocd', registerEocd, registerEocdShareLinks),
  area('supervision', registerSupervision),
  area('statistics', registerStatistics, registerReports, registerElectricity),
  area('developers', registerDevelopers),
  area('ota', registerOta),
  area('health', registerHealth),
];
