/**
 * The repair work order state machine (docs/work-orders.md). States are domain.md §4's 0 to 8; actions are
 * receive, arrive, finish, confirm and cancel, plus two the platform takes itself: recover (the elevator
 * recovered by itself) and autoConfirm (a finished order nobody confirmed in time).
 */
export const WORK_ORDER_STATE = {
  reported: 0,
  received: 1,
  onSite: 2,
  completed: 3,
  recovered: 4,
  secondAlarmCompleted: 5,
  confirmed: 6,
  autoConfirmed: 7,
  cancelled: 8,
} as const;
export type WorkOrderState = (typeof WORK_ORDER_STATE)[keyof typeof WORK_ORDER_STATE];

export const USER_ACTIONS = ['receive', 'arrive', 'finish', 'confirm', 'cancel'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export type SystemAction = 'recover' | 'autoConfirm';
export type WorkOrderAction = UserAction | SystemAction;

const S = WORK_ORDER_STATE;

export const OPEN_STATES: readonly number[] = [S.reported, S.received, S.onSite];
/** Finished and waiting for someone (or, in time, the platform) to confirm. */
export const AWAITING_CONFIRM_STATES: readonly number[] = [S.completed, S.recovered, S.secondAlarmCompleted];

/** From which states each action may be taken, and the state it leads to. */
const TRANSITIONS: Record<
  WorkOrderAction,
  { from: readonly number[]; to: (ctx: { secondAlarm: boolean }) => WorkOrderState }
> = {
  receive: { from: [S.reported], to: () => S.received },
  arrive: { from: [S.received], to: () => S.onSite },
  finish: {
    from: [S.received, S.onSite],
    to: ({ secondAlarm }) => (secondAlarm ? S.secondAlarmCompleted : S.completed),
  },
  confirm: { from: AWAITING_CONFIRM_STATES, to: () => S.confirmed },
  cancel: { from: OPEN_STATES, to: () => S.cancelled },
  recover: { from: OPEN_STATES, to: () => S.recovered },
  autoConfirm: { from: AWAITING_CONFIRM_STATES, to: () => S.autoConfirmed },
};

/** The state an action leads to, or null when it is not allowed from this state. */
export function nextState(
  state: number,
  action: WorkOrderAction,
  ctx: { secondAlarm?: boolean } = {},
): WorkOrderState | null {
  const t = TRANSITIONS[action];
  return t.from.includes(state) ? t.to({ secondAlarm: ctx.secondAlarm ?? false }) : null;
}

/** The actions a person may take on an order now: the buttons a screen shows. A paused order has none. */
export function allowedActions(state: number, paused = false): UserAction[] {
  if (paused) return [];
  return USER_ACTIONS.filter((a) => TRANSITIONS[a].from.includes(state));
}

/** How long a finished order waits for confirmation before it is confirmed automatically. */
export const AUTO_CONFIRM_AFTER_MS = 24 * 60 * 60_000;
/** Alarm types that open a repair work order: not available, people trapped, alarm bell, serious fault. */
export const WORK_ORDER_ALARM_TYPES: readonly number[] = [0, 1, 2, 3];

/**
 * The alarm flow flags of domain.md §3 (reported, answered, arrived, finished, recovered, confirmed, auto
 * confirmed, cancelled): what has happened to an order so far, which its state alone cannot say (a confirmed
 * order may or may not have been answered and reached on site). Each is a stored 0/1 column set by the same
 * guarded UPDATE that moves the state (server/src/services/work-orders.ts), so flag and state never disagree.
 */
export const WORK_ORDER_FLAGS = [
  'reported',
  'answered',
  'arrived',
  'finished',
  'recovered',
  'confirmed',
  'autoConfirmed',
  'cancelled',
] as const;
export type WorkOrderFlag = (typeof WORK_ORDER_FLAGS)[number];

/** The flag a move raises ('report' is the order's opening). A second alarm joining raises none. */
export const FLAG_OF_ACTION: Record<WorkOrderAction | 'report', WorkOrderFlag> = {
  report: 'reported',
  receive: 'answered',
  arrive: 'arrived',
  finish: 'finished',
  recover: 'recovered',
  confirm: 'confirmed',
  autoConfirm: 'autoConfirmed',
  cancel: 'cancelled',
};
