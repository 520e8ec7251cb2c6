/** Tests of workflow/maintenanceOrder.ts: every move from every status, allowed or refused. */
import { describe, expect, it } from 'vitest';
import {
  MAINTENANCE_ORDER_STATUS as S,
  allowedMaintenanceActions,
  deriveMaintenanceTiming,
  generatedStatus,
  maintenanceOrderStatus,
  nextMaintenanceStatus,
  type MaintenanceAction,
} from '../../src/index.js';

/** The machine written out in full: from each status, where each action leads (absent: refused). */
const EXPECTED: Record<number, Partial<Record<MaintenanceAction, number>>> = {
  [S.created]: { send: S.sent, invalidate: S.invalid },
  [S.notSent]: { send: S.sent, invalidate: S.invalid },
  [S.inPlan]: { send: S.sent, autoSend: S.sent, invalidate: S.invalid },
  [S.sent]: { accept: S.accepted, expire: S.notAccepted, invalidate: S.invalid },
  [S.notAccepted]: { accept: S.accepted, invalidate: S.invalid },
  [S.accepted]: { signIn: S.signedIn, invalidate: S.invalid },
  [S.signedIn]: { record: S.inExecution, invalidate: S.invalid },
  [S.inExecution]: { record: S.inExecution, complete: S.completed, invalidate: S.invalid },
  [S.completed]: { confirm: S.confirmed },
  [S.confirmed]: {},
  [S.invalid]: {},
};
const ACTIONS: MaintenanceAction[] = [
  'send',
  'autoSend',
  'expire',
  'accept',
  'signIn',
  'record',
  'complete',
  'confirm',
  'invalidate',
];

describe('maintenance order workflow', () => {
  it('covers each of the eleven statuses of the dictionary', () => {
    expect(
      Object.keys(EXPECTED)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(maintenanceOrderStatus.options.map((o) => o.code));
  });

  for (const [from, moves] of Object.entries(EXPECTED))
    for (const action of ACTIONS)
      it(`${action} from ${from}: ${moves[action] ?? 'refused'}`, () => {
        expect(nextMaintenanceStatus(Number(from), action)).toBe(moves[action] ?? null);
      });

  it('offers a person exactly the allowed moves that are theirs', () => {
    expect(allowedMaintenanceActions(S.inPlan)).toEqual(['send', 'invalidate']);
    expect(allowedMaintenanceActions(S.inExecution)).toEqual(['record', 'complete', 'invalidate']);
    expect(allowedMaintenanceActions(S.confirmed)).toEqual([]);
  });

  it('generated orders wait in plan with auto-send, else wait to be sent', () => {
    expect(generatedStatus(3)).toBe(S.inPlan);
    expect(generatedStatus(0)).toBe(S.notSent);
  });

  it('timing is derived from the plan date and the maintenance date', () => {
    expect(deriveMaintenanceTiming('2026-03-10', '2026-03-10', '2026-04-01')).toBe(3);
    expect(deriveMaintenanceTiming('2026-03-10', '2026-03-08', '2026-04-01')).toBe(2);
    expect(deriveMaintenanceTiming('2026-03-10', '2026-03-12', '2026-04-01')).toBe(1);
    expect(deriveMaintenanceTiming('2026-03-10', null, '2026-03-11')).toBe(1);
    expect(deriveMaintenanceTiming('2026-03-10', null, '2026-03-10')).toBeNull();
  });
});
