import {
  WORK_ORDER_STATE,
  formatDateTime,
  listAlarmBellNotices,
  listPowerLossNotices,
  listRepairNotices,
  listTrappedCallAlarms,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** The notice calls the console polls (console-shell.md §7, §9): each a short list read through its entity's scope. */
export function registerNotices(app: FastifyInstance, { repos }: AreaDeps): void {
  route(app, listRepairNotices, async (req) => {
    const q = req.query;
    const page = await repos.workOrder.list(
      callerOf(req),
      { recordState: q.workOrderRecordState ?? WORK_ORDER_STATE.reported, pageNo: q.pageIndex ?? 1, pageSize: 20 },
      req.timeZone,
    );
    return ok({ list: page.records, total: page.total });
  });

  route(app, listAlarmBellNotices, async (req) => {
    const alarmTimeStart = formatDateTime(Date.now() - 10 * 60_000, req.timeZone);
    const page = await repos.alarmRecord.list(
      callerOf(req),
      { type: 2, alarmTimeStart, pageNo: 1, pageSize: 20 },
      req.timeZone,
    );
    const list = page.records.map((r) => ({
      id: r.id,
      elevatorNo: r.elevatorId,
      elevatorName: r.elevatorName,
      newStatus: r.type,
      alarmTime: r.alarmTime,
    }));
    return ok({ list, total: page.total });
  });

  route(app, listPowerLossNotices, async (req) => {
    const page = await repos.eventRecord.list(
      callerOf(req),
      { kind: 'powerDown', pageNo: 1, pageSize: 20 },
      req.timeZone,
    );
    return ok({ list: page.records, total: page.total });
  });

  route(app, listTrappedCallAlarms, async (req) => {
    const page = await repos.workOrder.list(
      callerOf(req),
      { type: 1, recordState: WORK_ORDER_STATE.reported, pageNo: 1, pageSize: 50 },
      req.timeZone,
    );
    return ok(
      page.records.map((r) => ({
        elevatorName: String(r.elevatorName ?? ''),
        imAccount: `lcd_${String(r.deviceCode ?? '')}`,
        alarmTime: String(r.alarmTime),
      })),
    );
  });
}
