/** Latency summary of one workload, in milliseconds. */
export interface Summary {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export function summarise(latencies: number[], elapsedMs: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    perSecond: Math.round((sorted.length / elapsedMs) * 1000),
    p50: round(at(0.5)),
    p99: round(at(0.99)),
  };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Run `task` `total` times with `concurrency` in flight, timing each. `worker` is which of the `concurrency`
 * loops runs the call: a loop is one client, one request after another.
 */
export async function drive(
  total: number,
  concurrency: number,
  task: (i: number, worker: number) => Promise<void>,
): Promise<Summary> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i, worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarise(latencies, performance.now() - start);
}
