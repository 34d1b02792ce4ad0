// The table of operations (src/engine/operations/table.ts): every row is asked by some question, and
// computes, names and states itself. A new row with no pattern to ask it, or no sample here, fails.
import { describe, expect, it } from 'vitest';
import { OPERATION_KINDS, OPERATIONS, type OperationKind } from '../../src/engine/operations/table.js';
import { readSample } from '../helpers/sample-reader.js';

/** A question asking each operation, as an analyst writes it. */
const ASKED: Record<OperationKind, string> = {
  value: "What was Apple's revenue in fiscal 2023?",
  change: "By how much did Apple's revenue change from fiscal 2022 to fiscal 2023?",
  pct_change: "What was the percentage change in Apple's revenue from fiscal 2022 to fiscal 2023?",
  cagr: "What is Lockheed Martin's 2 year total revenue CAGR from FY2020 to FY2022?",
  sum: "What were Costco's combined net sales of Foods and Sundries and Fresh Foods in fiscal 2023?",
  average: "What was 3M's average capital expenditure in fiscal 2017 and fiscal 2018?",
  difference: "What was the difference between Apple's revenue and its cost of sales in fiscal 2023?",
  ratio: "What was the ratio of Apple's research and development expense to revenue in fiscal 2023?",
  share: 'What percentage of total revenue did Amazon Web Services account for at Amazon in fiscal 2017?',
};

const SENTENCE_INPUT = (name: string, year: number, amount: number) => ({
  name,
  period: `fiscal ${year}`,
  text: `$${amount} million [A]`,
  bare: `$${amount} million`,
  amount,
  year,
});

describe('the operations table', () => {
  it('has a question asking each row, read as that row', () => {
    expect(Object.keys(ASKED).sort()).toEqual([...OPERATION_KINDS].sort());
    for (const kind of OPERATION_KINDS) expect(readSample(ASKED[kind]).operation.kind, ASKED[kind]).toBe(kind);
  });

  it.each(OPERATION_KINDS)('%s computes, names and states itself', (kind) => {
    const def = OPERATIONS[kind];
    const c = def.compute([120, 100], 'USD', 2);
    expect('value' in c ? Number.isFinite(c.value) : c.error).toBeTruthy();
    expect(def.name('revenue', 'cost of sales')).toMatch(/revenue/);
    expect(def.formula(['f2', 'f1'])).toMatch(/f2/);
    expect(def.named === '' ? def.shape : def.named).toMatch(/^[a-z ]+$/);
    const value = 'value' in c ? c.value : 0;
    const sentence = def.sentence({
      who: 'Apple (AAPL)',
      name: 'revenue',
      result: value,
      unit: 'value' in c ? c.unit : 'USD',
      value: String(value),
      inputs: [SENTENCE_INPUT('revenue', 2023, 120), SENTENCE_INPUT(kind === 'value' ? 'revenue' : 'cost of sales', 2022, 100)],
      oneMeasure: false,
      amount: (v) => `$${v} million`,
    });
    expect(sentence).toMatch(/^Apple \(AAPL\) .+\.$/);
    if (def.across)
      expect(
        def.across.sentence({ whose: "Apple's revenue", other: 'Microsoft', year: 2023, result: value, amount: (v) => `$${v}` }),
      ).toMatch(/Microsoft's/);
  });

  it('a change of two percentages is in points; a growth and a share are percentages; errors say why', () => {
    expect(OPERATIONS.change.compute([0.12, 0.1], 'percent')).toEqual({ value: expect.closeTo(2, 9), unit: 'points' });
    expect(OPERATIONS.pct_change.compute([120, 100], 'USD')).toEqual({ value: 0.2, unit: 'percent' });
    expect(OPERATIONS.share.compute([30, 120], 'USD')).toEqual({ value: 0.25, unit: 'percent' });
    expect(OPERATIONS.share.compute([130, 120], 'USD')).toMatchObject({ error: expect.stringMatching(/part and its whole/) });
    expect(OPERATIONS.cagr.compute([121, 100], 'USD', 2)).toEqual({ value: expect.closeTo(0.1, 9), unit: 'percent' });
    expect(OPERATIONS.cagr.compute([121, -100], 'USD', 2)).toMatchObject({ error: expect.stringMatching(/positive/) });
  });
});
