// Figures as answers print them (answer/format.ts): thousands separators and decimals as
// toLocaleString('en-US') writes them, without loading Intl.
import { describe, expect, it } from 'vitest';
import { amountAtScale, grouped, money, shares } from '../../src/engine/text/format.js';

describe('grouped', () => {
  it('writes what toLocaleString("en-US") writes, over a spread of values and decimals', () => {
    const values = [0, 1, 12, 999, 1000, 12345.678, 1234567, 9999.995, 0.5, 1.005, 2.675, 10705, 26748, -1197.25, -5.5, 123456789.123];
    for (const v of values) {
      for (const [max, min] of [
        [0, 0],
        [1, 0],
        [2, 2],
        [3, 0],
        [1, 1],
      ] as const) {
        expect(grouped(v, max, min), `${v} ${max} ${min}`).toBe(
          v.toLocaleString('en-US', { maximumFractionDigits: max, minimumFractionDigits: min }),
        );
      }
    }
  });

  it('rounds the printed decimal half away from zero, and never writes "-0"', () => {
    expect(grouped(2.675, 2, 2)).toBe('2.68');
    expect(grouped(1.005, 2, 2)).toBe('1.01');
    expect(grouped(999.96, 1)).toBe('1,000');
    expect(grouped(-0.0004, 2, 2)).toBe('0.00');
  });

  it("makes the answers' amounts", () => {
    expect(money(10705, 1e6)).toBe('$10,705 million');
    expect(money(-1.756, 1, 2)).toBe('-$1.76');
    expect(shares(566.04, 1e6)).toBe('566 million shares');
  });
});

describe('amounts as a reader compares them', () => {
  it('states an amount printed in thousands in millions, with the printed form beside it', () => {
    expect(amountAtScale(3459743, 1e3, 0, false)).toBe('$3,459.7 million; 3,459,743 in thousands as printed');
    expect(amountAtScale(-26838, 1e3, 0, false)).toBe('-$26.8 million; -26,838 in thousands as printed');
    expect(amountAtScale(12110010, 1e3, 0, true)).toBe('$12,110.0 million (≈ $12.1 billion); 12,110,010 in thousands as printed');
  });

  it('keeps a small amount in thousands, and amounts in millions as printed', () => {
    expect(amountAtScale(845, 1e3, 0, false)).toBe('$845 thousand');
    expect(amountAtScale(10705, 1e6, 0, true)).toBe('$10,705 million (≈ $10.7 billion)');
  });
});
