import type { FastifyInstance } from 'fastify';
import { maintenancePlansJob } from '../../jobs/maintenance-plans.js';
import { MaintenanceOrderService } from '../../services/maintenance/orders.js';
import type { AreaDeps } from '../area.js';
import { registerMaintenanceOrders } from './orders.js';
import { registerOldMaintenanceOrders } from './old-orders.js';
import { registerMaintenancePlans } from './plans.js';

/** How often the plan job runs: generation, auto-send and the 24-hour flag are each at most this late. */
export const MAINTENANCE_JOB_EVERY_MS = 15 * 60_000;

/** Maintenance (issue 13): the order moves, plan invalidation and generation, and the plan job. */
export function registerMaintenance(app: FastifyInstance, deps: AreaDeps): void {
  const orders = new MaintenanceOrderService(deps.store.db);
  deps.jobs.add(maintenancePlansJob({ db: deps.store.db, orders, everyMs: MAINTENANCE_JOB_EVERY_MS }));
  registerMaintenanceOrders(app, deps, orders);
  registerMaintenancePlans(app, deps);
  registerOldMaintenanceOrders(app, deps);
}
