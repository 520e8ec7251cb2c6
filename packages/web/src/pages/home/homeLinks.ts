import {
  WORK_ORDER_STATE,
  elevator,
  faultRecord,
  gatewayDevice,
  maintenanceOrder,
  workOrder,
  type EntityDef,
  type HomeOverview,
} from '@liftcloud/client';

/** Where a home figure leads: the console list, the entity it lists and the filters it opens with. */
export interface HomeLink {
  screen: string;
  entity: EntityDef;
  filters: Record<string, string>;
}

const TRAPPED = '1';
const wholeDay = (key: string, from: string, to = from) => ({
  [`${key}Start`]: `${from} 00:00:00`,
  [`${key}End`]: `${to} 23:59:59`,
});

/** The calendar day before a yyyy-MM-dd day. */
const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The filtered list behind each figure of the home page: the figure counts exactly what that list shows (the
 * maintenance figures count orders still to do, the list's `open` filter, planned in the coming days or before
 * today). Kept apart from the page so the API test reads the same lists.
 */
export function homeLinks(o: Pick<HomeOverview, 'today' | 'week' | 'maintenance'>) {
  const link = (screen: string, entity: EntityDef, filters: Record<string, string> = {}): HomeLink => ({
    screen,
    entity,
    filters,
  });
  const week = { from: o.week[0] ?? o.today, to: o.week[o.week.length - 1] ?? o.today };
  return {
    elevatorsTotal: link('/elevator', elevator),
    elevatorsOnline: link('/elevator', elevator, { onlineStatus: 'true' }),
    elevatorsOffline: link('/elevator', elevator, { onlineStatus: 'false' }),
    ordersReported: link('/workOrder', workOrder, { recordState: String(WORK_ORDER_STATE.reported) }),
    ordersReceived: link('/workOrder', workOrder, { recordState: String(WORK_ORDER_STATE.received) }),
    ordersOnSite: link('/workOrder', workOrder, { recordState: String(WORK_ORDER_STATE.onSite) }),
    trappedToday: link('/workOrder', workOrder, { type: TRAPPED, ...wholeDay('alarmTime', o.today) }),
    faultsWeek: link('/fault', faultRecord, wholeDay('faultTime', week.from, week.to)),
    faultsOn: (day: string) => link('/fault', faultRecord, wholeDay('faultTime', day)),
    gatewaysTotal: link('/device', gatewayDevice),
    gatewaysSilent: link('/device', gatewayDevice, { dtuStatus: 'false' }),
    maintenanceDue: link('/maintWork', maintenanceOrder, {
      open: 'true',
      planDateStart: o.maintenance?.dueFrom ?? o.today,
      planDateEnd: o.maintenance?.dueUntil ?? o.today,
    }),
    maintenanceOverdue: link('/maintWork', maintenanceOrder, {
      open: 'true',
      planDateEnd: dayBefore(o.maintenance?.dueFrom ?? o.today),
    }),
  };
}

/** The console address of a link: its screen with the filters in the URL, as the list keeps them. */
export const hrefOf = (l: HomeLink): string => {
  const query = new URLSearchParams(l.filters).toString();
  return query ? `${l.screen}?${query}` : l.screen;
};
