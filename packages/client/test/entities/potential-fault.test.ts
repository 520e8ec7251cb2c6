import { describe, expect, it } from 'vitest';
import { describeContributions, scorePotentialFault } from '../../src/entities/potentialFault.js';

describe('potential fault scoring', () => {
  it('weighs each listed code as a percentage of one fault, ignoring codes it does not list', () => {
    const scored = scorePotentialFault(
      [
        { faultCode: 12, weight: 50 },
        { faultCode: 31, weight: 100 },
        { faultCode: 7, weight: 33 },
      ],
      new Map([
        ['12', 5],
        ['31', 2],
        ['7', 3],
        ['99', 40],
      ]),
    );
    expect(scored.score).toBe(5.49);
    expect(scored.faultCount).toBe(10);
    expect(scored.contributions).toEqual([
      { faultCode: 12, count: 5, weight: 50, points: 2.5 },
      { faultCode: 31, count: 2, weight: 100, points: 2 },
      { faultCode: 7, count: 3, weight: 33, points: 0.99 },
    ]);
  });

  it('a weight of 0 counts nothing, and no faults score 0', () => {
    expect(scorePotentialFault([{ faultCode: 12, weight: 0 }], new Map([['12', 9]])).score).toBe(0);
    expect(scorePotentialFault([{ faultCode: 12, weight: 100 }], new Map()).contributions).toEqual([]);
  });

  it('says what contributed in each language', () => {
    const list = [{ faultCode: 12, count: 5, weight: 50, points: 2.5 }];
    expect(describeContributions(list, 'en-US')).toBe('fault 12 ×5 (weight 50)');
    expect(describeContributions(JSON.stringify(list), 'zh-CN')).toBe('故障12×5（权重50）');
    expect(describeContributions(list, 'it-Italy')).toBe('guasto 12 ×5 (peso 50)');
  });
});
