import { OPEN_STATES, type LiftCloudClient } from '@liftcloud/client';
import type { Context } from '../context.js';
import { t } from '../i18n/index.js';
import { openLiveChannel, type ReconnectPolicy } from '../live/channel.js';
import type { LiveSession } from '../live/session.js';
import { detailOf, renderDetail, stateLabel } from '../commands/work-orders.js';
import type { DashboardSource, GatewayRow, OrderRow } from './App.js';

type Row = Record<string, unknown>;

/** The dashboard's data from the server: gateways and open orders read through the client, frames from the live channel. */
export function serverSource(
  ctx: Context,
  client: LiftCloudClient,
  session: LiveSession,
  reconnect: ReconnectPolicy,
): DashboardSource {
  const all = async (path: string, query: Record<string, unknown> = {}) => {
    const rows: Row[] = [];
    for await (const row of client.crud<Row>(path).all(query as never)) rows.push(row);
    return rows;
  };
  return {
    title: `LiftCloud · ${session.server} · ${session.username}${session.orgId !== null ? ` · org ${session.orgId}` : ''}`,
    gateways: async () =>
      (await ctx.call(() => all('gatewayDevices'), { spinner: false })).map((g): GatewayRow => ({
        id: Number(g.id),
        dtuCode: String(g.dtuCode ?? ''),
        online: Boolean(g.dtuStatus),
        elevatorName: (g.elevatorName as string | null) ?? null,
        lastReportTime: (g.lastReportTime as string | null) ?? null,
      })),
    workOrders: async () => {
      const rows: Row[] = [];
      for (const recordState of OPEN_STATES)
        rows.push(...(await ctx.call(() => all('workOrders', { recordState }), { spinner: false })));
      return rows.map((o): OrderRow => ({
        id: Number(o.id),
        workOrderNo: String(o.workOrderNo ?? o.id),
        recordState: Number(o.recordState),
        elevatorName: (o.elevatorName as string | null) ?? null,
        alarmTime: (o.alarmTime as string | null) ?? null,
        paused: Boolean(o.paused),
      }));
    },
    orderDetail: async (id) => {
      const detail = await ctx.call(() => detailOf(client, id), { spinner: false });
      // Fields without a value are left out: the timeline must fit on the screen.
      return renderDetail(detail, false)
        .split('\n')
        .filter((line) => !/ {2}$/.test(line) && line.trim() !== '');
    },
    actOnOrder: async (id, action, body) => {
      const detail = await ctx.call(
        async () => {
          await client.workOrders.act(id, action, body);
          return detailOf(client, id);
        },
        { spinner: false },
      );
      return stateLabel(detail.order.recordState);
    },
    subscribe: (onFrame, onNotice) => openLiveChannel({ ...session, onFrame, onNotice, reconnect }),
    stateLabel,
    text: {
      alarms: t('dash.alarms'),
      gateways: t('dash.gateways'),
      orders: t('dash.orders'),
      online: t('dash.online'),
      offline: t('dash.offline'),
      noAlarms: t('dash.noAlarms'),
      noOrders: t('dash.noOrders'),
      noGateways: t('dash.noGateways'),
      keys: t('dash.keys'),
      detailKeys: t('dash.detailKeys'),
      orderKeys: t('dash.orderKeys'),
      handling: t('dash.handling'),
      faultReason: t('dash.faultReason'),
      acted: (action, state) => t('dash.acted', { action, state }),
      loading: t('dash.loading'),
      connected: t('dash.connected'),
      reconnecting: t('dash.reconnecting'),
      retryIn: (attempt, seconds) => t('dash.retryIn', { attempt, seconds }),
      disconnected: t('dash.disconnected'),
    },
  };
}
