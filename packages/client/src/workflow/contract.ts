/**
 * A contract's states and its one move (docs/decisions.md "Contracts"): a valid contract may be voided, and a
 * voided one is final (domain.md §4: voided contracts cannot be recovered). Its expiry status is derived from
 * its dates and the day it is read, never typed in.
 */
export const CONTRACT_STATE = { valid: 1, voided: 2 } as const;
export type ContractState = (typeof CONTRACT_STATE)[keyof typeof CONTRACT_STATE];

export const CONTRACT_ACTIONS = ['void'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

const TRANSITIONS: Record<ContractAction, { from: readonly number[]; to: ContractState }> = {
  void: { from: [CONTRACT_STATE.valid], to: CONTRACT_STATE.voided },
};

/** The state an action leads to, or null when it is not allowed from this state (nothing leaves voided). */
export function nextContractState(state: number, action: ContractAction): ContractState | null {
  const t = TRANSITIONS[action];
  return t.from.includes(state) ? t.to : null;
}

/** The actions a person may take on a contract now: the buttons a screen shows. */
export const contractActions = (state: number): ContractAction[] =>
  CONTRACT_ACTIONS.filter((a) => TRANSITIONS[a].from.includes(state));

export const CONTRACT_EXPIRY = { notStarted: 0, inForce: 1, expiring: 2, expired: 3 } as const;
export type ContractExpiry = (typeof CONTRACT_EXPIRY)[keyof typeof CONTRACT_EXPIRY];

/** A contract is "expiring" from this many days before its end date (the end date included). */
export const CONTRACT_EXPIRING_DAYS = 30;

/** A calendar date yyyy-MM-dd moved by whole days (no time zone: calendar arithmetic in UTC). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's calendar date in a time zone, yyyy-MM-dd. */
export function todayIn(timeZone: string, now = Date.now()): string {
  // en-CA writes dates as yyyy-MM-dd
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The expiry status of a contract on `today`: not yet in force before its start date, expired after its end
 * date, expiring on its last CONTRACT_EXPIRING_DAYS days, else in force; a voided contract has none. The store
 * computes the same in SQL (server tables/contract.ts), so lists can be filtered by it.
 */
export function contractExpiryOn(
  c: { startDate: string; endDate: string; state?: number | null },
  today: string,
): ContractExpiry | null {
  if (c.state === CONTRACT_STATE.voided) return null;
  if (c.startDate > today) return CONTRACT_EXPIRY.notStarted;
  if (c.endDate < today) return CONTRACT_EXPIRY.expired;
  if (c.endDate <= addDays(today, CONTRACT_EXPIRING_DAYS)) return CONTRACT_EXPIRY.expiring;
  return CONTRACT_EXPIRY.inForce;
}
