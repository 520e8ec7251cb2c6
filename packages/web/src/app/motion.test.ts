import { afterEach, describe, expect, it, vi } from 'vitest';
import { motionWanted } from './motion';

const browserAsking = (reduce: boolean) =>
  vi.stubGlobal('window', {
    matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }),
  });

describe('motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('animates unless the browser asks for reduced motion', () => {
    browserAsking(false);
    expect(motionWanted()).toBe(true);
    browserAsking(true);
    expect(motionWanted()).toBe(false);
  });

  it('animates where nothing can be asked', () => {
    vi.stubGlobal('window', {});
    expect(motionWanted()).toBe(true);
  });
});
