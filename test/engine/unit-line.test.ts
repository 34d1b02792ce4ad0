// The unit line of a table's evidence: one pair of parentheses around the unit is dropped; two pairs
// (a unit taken from the filing's other statements, and saying so) stay balanced.
import { describe, expect, it } from 'vitest';
import { columnsAndUnit } from '../../src/engine/evidence/rows.js';

const unit = (text: string) => ({ text, scale: 1e6 }) as Parameters<typeof columnsAndUnit>[1];

describe('the unit line', () => {
  it('reads whole', () => {
    expect(columnsAndUnit([], unit('(in millions, except per share data)'))).toBe('in millions, except per share data');
    expect(columnsAndUnit([], unit("(In millions of dollars) (the filing's other statements' unit)"))).toBe(
      "(In millions of dollars) (the filing's other statements' unit)",
    );
    expect(columnsAndUnit([], unit('Millions'))).toBe('Millions');
  });
});
