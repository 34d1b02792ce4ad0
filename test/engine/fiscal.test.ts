import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fiscalPeriodOf, fiscalYearEndLabel, fiscalYearLabel } from '../../src/engine/filing/fiscal.js';
import { filingMeta } from '../../src/engine/filing/metadata.js';
import { accessionOf, readRawFiling } from '../../src/engine/filing/raw.js';
import { evalFile, hasEval, needsEval, sampleFiling } from '../helpers/sample.js';

describe('fiscal-year rule', () => {
  it('labels 10-Ks by the year of the period end, minus one in the first week of January', () => {
    expect(fiscalYearLabel('10-K', '2018-12-31', '1231')).toBe('FY-2018');
    expect(fiscalYearLabel('10-K', '2022-01-02', '0102')).toBe('FY-2021'); // J&J 52/53 weeks
    expect(fiscalYearLabel('10-K', '2018-01-31', '0131')).toBe('FY-2018'); // Walmart keeps the year it ends in
    expect(fiscalYearLabel('10-K', '2023-01-28', '0128')).toBe('FY-2023'); // Best Buy, Ulta
    expect(fiscalYearLabel('10-K', '2023-09-30', '0930')).toBe('FY-2023');
  });
  it('puts a 10-Q or 8-K in the fiscal year whose nominal end is the first on or after its period', () => {
    expect(fiscalYearLabel('10-Q', '2023-03-31', '0630')).toBe('FY-2023'); // Amcor
    expect(fiscalYearLabel('10-Q', '2023-12-31', '0630')).toBe('FY-2024'); // Amcor
    expect(fiscalYearLabel('8-K', '2022-06-30', '0630')).toBe('FY-2022'); // on the year end itself
    expect(fiscalYearLabel('10-Q', '2022-10-02', '0101')).toBe('FY-2022'); // J&J: ends 2023-01-01, first week
    expect(fiscalYearLabel('10-Q', '2023-03-25', '1230')).toBe('FY-2023');
  });
  it('gives the actual MM-DD of a 10-K period end, the nominal one otherwise', () => {
    expect(fiscalYearEndLabel('10-K', '2023-09-30', '0930')).toBe('09-30');
    expect(fiscalYearEndLabel('10-K', '2022-09-24', '0924')).toBe('09-24');
    expect(fiscalYearEndLabel('10-Q', '2023-03-31', '0630')).toBe('06-30');
  });
});

describe.skipIf(!hasEval())(needsEval('FinanceBench labels'), () => {
  const questions = (hasEval() ? readFileSync(evalFile(), 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { filing: string; fiscal_year: string; ticker: string; form_type: string });
  const byFiling = new Map(questions.map((q) => [q.filing, q]));

  it('has eval questions to check', () => expect(byFiling.size).toBeGreaterThan(20));

  it.each([...byFiling.values()].map((q) => [q.filing, q] as const))('%s', async (filing, q) => {
    const raw = await readRawFiling(sampleFiling(filing));
    const meta = filingMeta(raw, accessionOf(raw, filing), filing, undefined);
    expect(meta.sec_fiscal_year).toBe(q.fiscal_year);
    expect(meta.sec_form_type).toBe(q.form_type);
  });
});

describe('fiscal periods of dates a question names', () => {
  it('puts a quarter in the fiscal year and quarter of the company year end', () => {
    expect(fiscalPeriodOf({ y: 2023, m: 12, d: 31 }, '06-30')).toEqual({ fiscalYear: 2024, quarter: 2 }); // Amcor
    expect(fiscalPeriodOf({ y: 2023, m: 3, d: 31 }, '06-30')).toEqual({ fiscalYear: 2023, quarter: 3 });
    expect(fiscalPeriodOf({ y: 2022, m: 9, d: 30 }, '12-31')).toEqual({ fiscalYear: 2022, quarter: 3 });
    expect(fiscalPeriodOf({ y: 2023, m: 7, d: 2 }, '01-01')).toEqual({ fiscalYear: 2023, quarter: 2 }); // J&J: year ends in January's first week
    // A 10-K's actual year end (Apple, 09-28): a quarter ending two days later is still that year's fourth.
    expect(fiscalPeriodOf({ y: 2023, m: 9, d: 30 }, '09-28')).toEqual({ fiscalYear: 2023, quarter: 4 });
    expect(fiscalPeriodOf({ y: 2023, m: 12, d: 30 }, '09-28')).toEqual({ fiscalYear: 2024, quarter: 1 });
  });
});
