import Type, { type Static, type TSchema } from 'typebox';
import { PERMISSION } from '../permissions.js';
import { named } from './components.js';
import { defineOperation } from './define.js';

const count = Type.Integer({ minimum: 0 });
const date = Type.String({ description: 'yyyy-MM-dd' });
/** A figure the caller may not list is null: the home page shows nothing for it (never a refusal). */
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** How many days ahead a maintenance order counts as due on the home page (today included). */
export const HOME_MAINTENANCE_DUE_DAYS = 7;

/**
 * The dispatcher's morning figures on the home page (/). Every figure is counted over what the caller's own
 * list of it shows (tenant, organisation subtree) and is null when the caller may not read that list; each
 * carries what the console needs to link it to its filtered list (the dates the filters take).
 */
export const HomeOverview = named(
  'HomeOverview',
  Type.Object({
    /** Today in the caller's time zone; `week` the seven days ending today, oldest first. */
    today: date,
    week: Type.Array(date),
    /** Elevators (index 110) by online state. */
    elevators: orNull(Type.Object({ total: count, online: count, offline: count })),
    /**
     * Repair orders (302): the open ones by state (an alarm not yet dealt with is an open order), and the
     * trapped-passenger orders raised today.
     */
    repairOrders: orNull(
      Type.Object({ reported: count, received: count, onSite: count, open: count, trappedToday: count }),
    ),
    /** Fault records (117) per day of `week`. */
    faults: orNull(Type.Object({ perDay: Type.Array(count), week: count })),
    /** Gateways (9): how many, and how many are silent (offline: no report within the offline time, or never). */
    gateways: orNull(Type.Object({ total: count, silent: count })),
    /**
     * Maintenance orders (322) not done (neither completed, confirmed nor invalid): planned from today to
     * `dueUntil` (due), or planned before today (overdue). Maintenance dates are reckoned in UTC.
     */
    maintenance: orNull(Type.Object({ dueFrom: date, dueUntil: date, due: count, overdue: count })),
  }),
);
export type HomeOverview = Static<typeof HomeOverview>;

export const getHomeOverview = defineOperation({
  operationId: 'getHomeOverview',
  method: 'GET',
  path: 'home/overview',
  permission: PERMISSION.anyUser,
  tags: ['monitoring'],
  summary: "The home page's figures: elevators online, open repair orders, faults, silent gateways, maintenance",
  response: HomeOverview,
});
