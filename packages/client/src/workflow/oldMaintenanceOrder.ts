/**
 * The old-style maintenance order (domain.md §4: wait for confirmation, confirmed, invalid): the record of a
 * maintenance done without the field page, as a paper form would be, which the use unit then confirms
 * (docs/maintenance-orders.md "Old-style orders"). It is entered waiting for confirmation; from there it is
 * confirmed (by the use unit, with an evaluation) or invalidated (with a reason). Both are final.
 */
export const OLD_MAINTENANCE_STATUS = { waiting: 1, confirmed: 2, invalid: 3 } as const;
export type OldMaintenanceStatus = (typeof OLD_MAINTENANCE_STATUS)[keyof typeof OLD_MAINTENANCE_STATUS];

export const OLD_MAINTENANCE_ACTIONS = ['confirm', 'invalidate'] as const;
export type OldMaintenanceAction = (typeof OLD_MAINTENANCE_ACTIONS)[number];

const TRANSITIONS: Record<OldMaintenanceAction, { from: readonly number[]; to: OldMaintenanceStatus }> = {
  confirm: { from: [OLD_MAINTENANCE_STATUS.waiting], to: OLD_MAINTENANCE_STATUS.confirmed },
  invalidate: { from: [OLD_MAINTENANCE_STATUS.waiting], to: OLD_MAINTENANCE_STATUS.invalid },
};

/** The status an action leads to, or null when it is not allowed from this status. */
export function nextOldMaintenanceStatus(status: number, action: OldMaintenanceAction): OldMaintenanceStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/** The actions a person may take now: the buttons a screen shows. */
export const oldMaintenanceActions = (status: number): OldMaintenanceAction[] =>
  OLD_MAINTENANCE_ACTIONS.filter((a) => TRANSITIONS[a].from.includes(status));
