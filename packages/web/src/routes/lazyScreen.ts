import { lazy, type ComponentType } from 'react';

/** console-shell.md §8: a screen chunk that has not loaded after 120 s is reported as an error. */
export const CHUNK_DEADLINE_MS = 120_000;
const RETRY_AFTER_MS = 3_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'chunk load failed');
    this.name = 'ChunkLoadError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`not loaded after ${ms} ms`)), ms));
}

/** Load a chunk, retrying a failed download until the deadline; then give up with ChunkLoadError. */
export async function loadWithDeadline<T>(load: () => Promise<T>, deadlineMs = CHUNK_DEADLINE_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    const left = deadlineMs - (Date.now() - started);
    try {
      return await Promise.race([load(), timeout(left)]);
    } catch (error) {
      if (Date.now() - started + RETRY_AFTER_MS >= deadlineMs) throw new ChunkLoadError(error);
      await sleep(RETRY_AFTER_MS);
    }
  }
}

/**
 * React.lazy with the deadline: every route screen is its own chunk. preload() starts the download early
 * (at boot, for the screens of the address being opened) so chunks do not wait for each other.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own signature takes any props
export function lazyScreen<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let loading: Promise<{ default: C }> | null = null;
  const preload = () => {
    loading ??= loadWithDeadline(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

export type Preloadable = { preload: () => Promise<unknown> };
