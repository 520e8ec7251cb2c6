import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithDeadline } from './lazyScreen';

describe('loadWithDeadline', () => {
  it('retries a failed download and returns the module', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const result = loadWithDeadline(load, 120_000);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(result).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('reports an error once the deadline passes', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => new Promise<never>(() => {}));
    const result = loadWithDeadline(load, 120_000);
    const settled = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    vi.useRealTimers();
  });
});
