import { fiscalYearEnd } from '../../src/engine/filing/year-end.js';
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

describe('the end of a fiscal year no report of it dates, by the fiscal calendar its reports show', () => {
  const k = (fiscalYear: number, end: string) => ({ fiscalYear, end, annual: true });
  const q = (fiscalYear: number, end: string) => ({ fiscalYear, end, annual: false });
  it('month ends: the last day of the month, leap years too', () => {
    expect(fiscalYearEnd(2020, [k(2022, '2022-10-31'), k(2023, '2023-10-31')])).toBe('2020-10-31'); // Keysight
    expect(fiscalYearEnd(2016, [k(2019, '2019-01-31'), q(2020, '2019-10-31')])).toBe('2016-01-31'); // Walmart
    expect(fiscalYearEnd(2020, [k(2022, '2022-02-28')])).toBe('2020-02-29');
  });
  it("a 52/53-week year: the last such weekday of its month, or the one nearest the month's end", () => {
    // Apple: the last Saturday of September (2022-09-24 is six days before the month's end).
    expect(fiscalYearEnd(2021, [k(2022, '2022-09-24'), k(2023, '2023-09-30')])).toBe('2021-09-25');
    expect(fiscalYearEnd(2019, [k(2022, '2022-09-24'), k(2023, '2023-09-30')])).toBe('2019-09-28');
    // Adobe: the Friday nearest November's end (2016-12-02 is past it).
    expect(fiscalYearEnd(2021, [k(2015, '2015-11-27'), k(2016, '2016-12-02'), k(2022, '2022-12-02')])).toBe('2021-12-03');
    // Where both rules give one date, it is that date.
    expect(fiscalYearEnd(2023, [k(2022, '2022-12-02')])).toBe('2023-12-01');
  });
  it('no date when the reports do not show which calendar, or name none of its years', () => {
    // Only year ends within three days of the month's end: which rule, they do not show.
    expect(fiscalYearEnd(2021, [k(2023, '2023-09-30'), q(2023, '2023-07-01')])).toBeUndefined();
    expect(fiscalYearEnd(2021, [k(2022, '2022-09-28'), k(2023, '2023-09-26')])).toBeUndefined(); // weekdays differ, not month ends
    expect(fiscalYearEnd(2021, [q(2022, '2022-06-30')])).toBeUndefined();
    expect(fiscalYearEnd(2022, [k(2022, '2022-06-30')])).toBe('2022-06-30');
  });
});
