import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../src/monitoring/loop-turns.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('LoopTurns', () => {
  it('admits one piece a turn of the event loop, in the order asked, with other work between them', async () => {
    const turns = new LoopTurns();
    const seen: string[] = [];
    const pieces = [1, 2, 3].map((n) => turns.next().then(() => void seen.push(`piece ${n}`)));
    // another callback of the loop's check phase, queued after the pieces: it runs between them, not after all
    // three (the alarms' I/O and timers get the same room)
    setImmediate(() => seen.push('other'));
    expect(turns.pending).toBe(3);
    await Promise.all(pieces);
    expect(seen).toEqual(['piece 1', 'other', 'piece 2', 'piece 3']);
    expect(turns.pending).toBe(0);
  });

  it('starts again after it ran dry, and a piece asked for meanwhile joins the queue', async () => {
    const turns = new LoopTurns();
    await turns.next();
    await turn();
    const seen: number[] = [];
    const first = turns.next().then(() => {
      seen.push(1);
      return turns.next().then(() => void seen.push(3));
    });
    const second = turns.next().then(() => void seen.push(2));
    await Promise.all([first, second]);
    expect(seen).toEqual([1, 2, 3]);
  });
});
