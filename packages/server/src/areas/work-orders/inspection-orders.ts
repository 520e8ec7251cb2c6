import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area.js';

/**
 * An annual inspection saved with a no-pass raises its repair order (once), in the transaction that saves it;
 * the order's live frame goes out after that commits (WorkOrderService.raiseForInspection).
 */
export function registerInspectionOrders(_app: FastifyInstance, { repos, monitoring }: AreaDeps): void {
  repos.inspection.listeners.written.push((id, { trx }) => monitoring.workOrders.raiseForInspection(trx, id));
}
