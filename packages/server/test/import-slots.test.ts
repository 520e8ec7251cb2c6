import { describe, expect, it } from 'vitest';
import { ImportSlots, ParseBudget } from '../src/services/xlsx/slots.js';

describe('import slots', () => {
  it('give no tenant every slot, and come back when released', () => {
    const slots = new ImportSlots(3, 2);
    const a1 = slots.take(1);
    const a2 = slots.take(1);
    expect(a1 && a2).toBeTruthy();
    expect(slots.take(1)).toBeNull();
    const b = slots.take(2);
    expect(b).not.toBeNull();
    // the server's total is reached: a third tenant waits for any slot
    expect(slots.take(3)).toBeNull();
    a1!.release();
    a1!.release(); // twice is once
    expect(slots.take(3)).not.toBeNull();
    expect(slots.take(1)).toBeNull();
    a2!.release();
    expect(slots.take(1)).not.toBeNull();
  });
});

describe('parse budget', () => {
  it('lets files that fit run together, makes the next wait its turn, and never starves a large one', async () => {
    const budget = new ParseBudget(10);
    const first = await budget.reserve(6);
    const order: string[] = [];
    const large = budget.reserve(50).then((release) => (order.push('large'), release));
    // a small file queued after the large one waits behind it
    const small = budget.reserve(1).then((release) => (order.push('small'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    const releaseLarge = await large;
    expect(order).toEqual(['large']);
    releaseLarge();
    (await small)();
    expect(order).toEqual(['large', 'small']);
  });

  it('gives up a wait when the import runs out of time', async () => {
    const budget = new ParseBudget(4);
    const held = await budget.reserve(4);
    const clock = new AbortController();
    const waiting = budget.reserve(2, clock.signal);
    clock.abort(new Error('time is up'));
    await expect(waiting).rejects.toThrow('time is up');
    held();
    // the budget is whole again
    (await budget.reserve(4))();
  });
});
