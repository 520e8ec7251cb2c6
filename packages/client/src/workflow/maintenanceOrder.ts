/**
 * The maintenance work order state machine (docs/maintenance-orders.md). The states are domain.md §4's eleven
 * (codes of the maintenanceOrderStatus dictionary); the moves between them are ours, as the spec shows none.
 * People send, accept, sign in, record items, complete, confirm and invalidate; the platform generates orders
 * from plans, sends them on their auto-send day and flags those not accepted within 24 hours.
 */
export const MAINTENANCE_ORDER_STATUS = {
  created: 1,
  notSent: 2,
  sent: 3,
  notAccepted: 4,
  accepted: 5,
  signedIn: 6,
  inPlan: 7,
  inExecution: 8,
  completed: 9,
  confirmed: 10,
  invalid: 11,
} as const;
export type MaintenanceOrderStatus = (typeof MAINTENANCE_ORDER_STATUS)[keyof typeof MAINTENANCE_ORDER_STATUS];

export const MAINTENANCE_USER_ACTIONS = [
  'send',
  'accept',
  'signIn',
  'record',
  'complete',
  'confirm',
  'invalidate',
] as const;
export type MaintenanceUserAction = (typeof MAINTENANCE_USER_ACTIONS)[number];
export type MaintenanceSystemAction = 'autoSend' | 'expire';
export type MaintenanceAction = MaintenanceUserAction | MaintenanceSystemAction;

const S = MAINTENANCE_ORDER_STATUS;

/** Waiting to be sent: made by hand, generated without auto-send, or generated and waiting for its send day. */
export const UNSENT_STATUSES: readonly number[] = [S.created, S.notSent, S.inPlan];
/** Sent and not yet accepted (within 24 hours, or flagged after). */
export const AWAITING_ACCEPT_STATUSES: readonly number[] = [S.sent, S.notAccepted];
/** Done: the worker completed it; the use unit may confirm it. Spot checks pick from these. */
export const DONE_STATUSES: readonly number[] = [S.completed, S.confirmed];
/** Not yet done and not invalid: it may be invalidated. */
export const OPEN_MAINTENANCE_STATUSES: readonly number[] = [
  ...UNSENT_STATUSES,
  ...AWAITING_ACCEPT_STATUSES,
  S.accepted,
  S.signedIn,
  S.inExecution,
];
/** Its plan date, company, type and workers may still be edited (nobody has accepted it yet). */
export const EDITABLE_STATUSES: readonly number[] = [...UNSENT_STATUSES, ...AWAITING_ACCEPT_STATUSES];

/** From which states each action may be taken, and the state it leads to. */
export const MAINTENANCE_TRANSITIONS: Record<
  MaintenanceAction,
  { from: readonly number[]; to: MaintenanceOrderStatus }
> = {
  send: { from: UNSENT_STATUSES, to: S.sent },
  autoSend: { from: [S.inPlan], to: S.sent },
  expire: { from: [S.sent], to: S.notAccepted },
  accept: { from: AWAITING_ACCEPT_STATUSES, to: S.accepted },
  signIn: { from: [S.accepted], to: S.signedIn },
  record: { from: [S.signedIn, S.inExecution], to: S.inExecution },
  complete: { from: [S.inExecution], to: S.completed },
  confirm: { from: [S.completed], to: S.confirmed },
  invalidate: { from: OPEN_MAINTENANCE_STATUSES, to: S.invalid },
};

/** The state an action leads to, or null when it is not allowed from this state. */
export function nextMaintenanceStatus(status: number, action: MaintenanceAction): MaintenanceOrderStatus | null {
  const t = MAINTENANCE_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/** The actions a person may take on an order now: the buttons a screen shows. */
export function allowedMaintenanceActions(status: number): MaintenanceUserAction[] {
  return MAINTENANCE_USER_ACTIONS.filter((a) => MAINTENANCE_TRANSITIONS[a].from.includes(status));
}

/** The status of an order a plan generates: waiting for its send day with auto-send, else waiting to be sent. */
export const generatedStatus = (autoSendDay: number): MaintenanceOrderStatus =>
  autoSendDay > 0 ? S.inPlan : S.notSent;

/** An order sent and not accepted within this long is flagged (domain.md §9). */
export const NOT_ACCEPTED_AFTER_MS = 24 * 60 * 60_000;

/** Timing codes of the maintenanceTiming dictionary. */
export const MAINTENANCE_TIMING = { overdue: 1, advance: 2, normal: 3 } as const;

/**
 * Timing, derived from the plan date and the maintenance date (both yyyy-MM-dd): done on the plan date is normal,
 * before it in advance, after it overdue; not done and the plan date past (today is later) is overdue.
 */
export function deriveMaintenanceTiming(
  planDate: string,
  maintenanceDate: string | null,
  today: string,
): number | null {
  if (maintenanceDate === null) return planDate < today ? MAINTENANCE_TIMING.overdue : null;
  if (maintenanceDate > planDate) return MAINTENANCE_TIMING.overdue;
  if (maintenanceDate < planDate) return MAINTENANCE_TIMING.advance;
  return MAINTENANCE_TIMING.normal;
}
