import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { HashWorkers } from '../src/services/hash-workers.js';
import {
  DEFAULT_HASH_NICE,
  defaultHashConcurrency,
  setHashNice,
  hashPassword,
  hashQueue,
  setHashConcurrency,
  verifyPassword,
} from '../src/services/secrets.js';

/** Until the limiter has counted `n` computations (each first awaits the binding's import). */
async function queued(n: number) {
  while (hashQueue().running + hashQueue().waiting < n) await new Promise((r) => setImmediate(r));
  return hashQueue();
}

describe('argon2 computations (issue 21, B5)', () => {
  afterEach(() => setHashConcurrency(defaultHashConcurrency()));

  /** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
  const threadNices = () =>
    readdirSync('/proc/self/task').flatMap((tid) => {
      try {
        return [Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])];
      } catch {
        return []; // the thread ended meanwhile
      }
    });

  it('hash on threads of lower priority (HASH_NICE), and new threads take a changed value', async () => {
    const before = threadNices().filter((n) => n === DEFAULT_HASH_NICE).length;
    setHashConcurrency(2);
    const stored = await hashPassword('Correct-Horse-1');
    await Promise.all([verifyPassword(stored, 'Correct-Horse-1'), verifyPassword(stored, 'x')]);
    expect(threadNices().filter((n) => n === DEFAULT_HASH_NICE).length).toBeGreaterThan(before);
    setHashNice(3);
    expect(await verifyPassword(stored, 'Correct-Horse-1')).toBe(true);
    expect(threadNices()).toContain(3);
    setHashNice(DEFAULT_HASH_NICE);
    expect(() => setHashNice(20)).toThrow(RangeError);
    expect(loadConfig({ HASH_NICE: '0' }).hashNice).toBe(0);
  });

  it('a hash thread left idle ends (its memory back), and the next login starts another', async () => {
    const workers = new HashWorkers(DEFAULT_HASH_NICE, 50);
    const argon2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
    const stored = (await workers.run({ op: 'hash', a: 'Correct-Horse-1', options: argon2 })) as string;
    // the answer comes back before the idle timer can fire: the thread is kept for the next job
    expect(workers.threads).toBe(1);
    expect(await workers.run({ op: 'verify', a: stored, b: 'Correct-Horse-1' })).toBe(true);
    expect(workers.threads).toBe(1);
    await vi.waitFor(() => expect(workers.threads).toBe(0), { timeout: 20_000, interval: 20 });
    expect(await workers.run({ op: 'verify', a: stored, b: 'wrong' })).toBe(false);
    expect(workers.threads).toBe(1);
    workers.setNice(DEFAULT_HASH_NICE); // ends the idle thread
    await vi.waitFor(() => expect(workers.threads).toBe(0), { timeout: 20_000, interval: 20 });
  });

  it('run at most HASH_CONCURRENCY at once, the others in order, each with its own answer', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    setHashConcurrency(1);
    const answers = Promise.all(
      ['Correct-Horse-1', 'wrong', 'Correct-Horse-1', 'wrong'].map((p) => verifyPassword(stored, p)),
    );
    expect(await queued(4)).toEqual({ running: 1, waiting: 3 });
    expect(await answers).toEqual([true, false, true, false]);
    expect(hashQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it('a higher limit lets the waiting ones start at once', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    setHashConcurrency(1);
    const answers = Promise.all([1, 2, 3].map(() => verifyPassword(stored, 'Correct-Horse-1')));
    expect(await queued(3)).toEqual({ running: 1, waiting: 2 });
    setHashConcurrency(3);
    expect(hashQueue()).toEqual({ running: 3, waiting: 0 });
    expect(await answers).toEqual([true, true, true]);
  });

  it('run off the event loop: a callback queued after a hash starts runs before it ends', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    const order: string[] = [];
    const done = verifyPassword(stored, 'Correct-Horse-1').then(() => order.push('hash'));
    await queued(1);
    await new Promise<void>((r) =>
      setImmediate(() => {
        order.push('loop');
        r();
      }),
    );
    await done;
    expect(order).toEqual(['loop', 'hash']);
  });

  it('takes its limit from HASH_CONCURRENCY, and refuses one below one', () => {
    expect(loadConfig({ HASH_CONCURRENCY: '3' }).hashConcurrency).toBe(3);
    expect(loadConfig({}).hashConcurrency).toBeUndefined();
    expect(() => setHashConcurrency(Number(loadConfig({ HASH_CONCURRENCY: 'two' }).hashConcurrency))).toThrow(
      RangeError,
    );
    expect(() => setHashConcurrency(0)).toThrow(RangeError);
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
  });
});
