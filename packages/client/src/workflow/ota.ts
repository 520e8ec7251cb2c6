/**
 * An OTA application's states and moves (domain.md §4 OTA approval; docs/decisions.md "OTA"): an application is
 * applying until the program's owner company (or the platform) approves it, granting its count as the
 * applicant company's quota until its end time, or rejects it with a reason. Both are final.
 */
export const OTA_APPROVAL = { applying: 1, approved: 2, rejected: 3 } as const;
export type OtaApprovalState = (typeof OTA_APPROVAL)[keyof typeof OTA_APPROVAL];

/** A program's isEffective: a locked program cannot be applied for or burned. */
export const OTA_PROGRAM = { locked: 0, effective: 1 } as const;

/** One gateway's burn: waiting for the gateway, transferring, burned (counted) or failed (quota given back). */
export const OTA_BURN = { waiting: 0, transferring: 1, burned: 2, failed: 3 } as const;
export const OTA_BURN_DONE: readonly number[] = [OTA_BURN.burned, OTA_BURN.failed];

export const OTA_ACTIONS = ['approve', 'reject'] as const;
export type OtaAction = (typeof OTA_ACTIONS)[number];

const TRANSITIONS: Record<OtaAction, { from: readonly number[]; to: OtaApprovalState }> = {
  approve: { from: [OTA_APPROVAL.applying], to: OTA_APPROVAL.approved },
  reject: { from: [OTA_APPROVAL.applying], to: OTA_APPROVAL.rejected },
};

/** The state an action leads to, or null when it is not allowed from this state. */
export function nextOtaApproval(state: number, action: OtaAction): OtaApprovalState | null {
  const t = TRANSITIONS[action];
  return t.from.includes(state) ? t.to : null;
}

/** The actions a person may take on an application now: the buttons a screen shows. */
export const otaActions = (state: number): OtaAction[] =>
  OTA_ACTIONS.filter((a) => TRANSITIONS[a].from.includes(state));

/** How long an approved quota lasts when the approver names no end time. */
export const OTA_DEFAULT_QUOTA_DAYS = 30;
