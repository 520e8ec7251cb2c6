import { describe, expect, it } from 'vitest';
import { formatChosenIds, parseChosenIds } from './chosenIds';

describe('the monitor center’s ids in the URL', () => {
  it('keeps the order, drops repeats and anything that is not a positive id', () => {
    expect(parseChosenIds('12,7, 30,7,abc,-4,0,1.5,')).toEqual([12, 7, 30]);
    expect(parseChosenIds(null)).toEqual([]);
    expect(parseChosenIds('')).toEqual([]);
  });
  it('round-trips', () => {
    expect(parseChosenIds(formatChosenIds([3, 1, 2]))).toEqual([3, 1, 2]);
  });
});
