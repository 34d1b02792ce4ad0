// A company facts file is taken as EDGAR's API documents it or not at all (filing/company-facts-schema.ts):
// a value no filing could mean for its unit (1e308, 1.2e29, 5e-324) or a part of another shape (a
// taxonomy or a unit's facts that is an array) refuses the file whole, naming where; a filing's two
// values for one fact are both kept, the first read, and an answer that states the fact names both
// (FIGURE_FACT_CONFLICT). An index written before files were checked may hold a value out of range:
// it is never read into an answer. Each hostile file is the recorded Apple file with one change.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { grouped } from '../../src/contract/figure-text.js';
import type { FigureRecord } from '../../src/contract/types.js';
import { parseCompanyFacts } from '../../src/engine/corpus-ingest.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { percent, perShare } from '../../src/engine/text/format.js';
import { compute } from '../../src/engine/answer/operate.js';
import { readFacts } from '../../src/engine/xbrl/store.js';
import { needsFixtures } from '../edgar/fixtures.js';
import { tempDir } from '../helpers/tmp.js';
import { cleanEnv } from '../cli/run-cli.js';
import { asRowsOfAnOlderIndex, factsFile, hasCompanyFacts, writeFacts } from './company-facts-index.js';
import { runInProcess } from '../helpers/run-in-process.js';

type Point = { start?: string; end: string; val: unknown; accn: string; form: string; filed: string };
type Raw = { cik: number; facts: Record<string, unknown> };
const usGaap = (o: Raw) => o.facts['us-gaap'] as Record<string, { units: Record<string, Point[]> }>;

/** Apple's recorded file, and its revenue of fiscal 2016 as its 10-K of fiscal 2018 reported it. */
const apple = () => JSON.parse(readFileSync(factsFile('AAPL'), 'utf8')) as Raw;
const FY2016 = (p: Point) => p.start === '2015-09-27' && p.end === '2016-09-24' && p.accn === '0000320193-18-000145';
const REVENUE_2016 = 215_639_000_000;

/** Apple's file with its fiscal 2016 revenue set to `val`, or written as `text` (JSON.stringify writes
 * no number too large for a double: 1e999 reads as Infinity). */
function withRevenue2016(val: number, text?: string): string {
  const o = apple();
  usGaap(o).Revenues!.units.USD!.find(FY2016)!.val = text === undefined ? val : '__val__';
  return text === undefined ? JSON.stringify(o) : JSON.stringify(o).replace('"__val__"', text);
}

describe.skipIf(!hasCompanyFacts())(needsFixtures('a company facts file checked whole', hasCompanyFacts()), () => {
  it.each([
    [1e308, /value 1e\+308 is beyond any USD figure \(at most 1e\+15 in size\)/],
    [1.2e29, /value 1\.2e\+29 is beyond any USD figure/],
    [5e-324, /value 5e-324 is nearer zero than any figure/],
    [-4e15, /value -4000000000000000 is beyond any USD figure/],
  ])('refuses a value of %s dollars, naming the concept, unit and fact', (val, why) => {
    const list = usGaap(apple()).Revenues!.units.USD!;
    const at = list.findIndex(FY2016) + 1;
    expect(() => parseCompanyFacts(withRevenue2016(val))).toThrow(why);
    expect(() => parseCompanyFacts(withRevenue2016(val))).toThrow(
      `not a company facts file: concept us-gaap:Revenues in USD, fact ${at}, "val": value`,
    );
  });

  it('refuses a number too large for a double (1e999, read as Infinity)', () => {
    expect(() => parseCompanyFacts(withRevenue2016(0, '1e999'))).toThrow(
      /us-gaap:Revenues in USD, fact \d+, "val": expected a finite number/,
    );
  });

  it.each([
    ['a per-share value', 'EarningsPerShareBasic', 'USD/shares', 3e12, /beyond any USD\/shares figure \(at most 1e\+12/],
    ['a count of shares', 'CommonStockSharesOutstanding', 'shares', 2e15, /beyond any shares figure \(at most 1e\+15/],
  ])('refuses %s out of its range, and takes the largest real ones', (_, concept, unit, val, why) => {
    const o = apple();
    usGaap(o)[concept]!.units[unit]![0]!.val = val;
    expect(() => parseCompanyFacts(JSON.stringify(o))).toThrow(why);
    // The recorded files' own extremes: an intrinsic value Apple tagged per share in 2010 (3.2e9).
    const max = Math.max(
      ...usGaap(
        apple(),
      ).ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptionsNonvestedIntrinsicValue!.units[
        'USD/shares'
      ]!.map((p) => Number(p.val)),
    );
    expect(max).toBe(3_247_780_000);
  });

  it('refuses a taxonomy, a concept or a unit of another shape, saying which and what it is', () => {
    const array = apple();
    array.facts['us-gaap'] = [];
    expect(() => parseCompanyFacts(JSON.stringify(array))).toThrow(
      'not a company facts file: taxonomy "us-gaap": expected an object of concepts, got an array',
    );
    const units = apple();
    (usGaap(units).Assets as { units: unknown }).units = [];
    expect(() => parseCompanyFacts(JSON.stringify(units))).toThrow(
      'concept us-gaap:Assets, its units: expected an object of units, each a list of facts, got an array',
    );
    const list = apple();
    (usGaap(list).Assets!.units as Record<string, unknown>).USD = { val: 1 };
    expect(() => parseCompanyFacts(JSON.stringify(list))).toThrow('concept us-gaap:Assets in USD: expected a list of facts, got an object');
    const period = apple();
    Object.assign(usGaap(period).Revenues!.units.USD!.find(FY2016)!, { start: '2016-09-25' });
    expect(() => parseCompanyFacts(JSON.stringify(period))).toThrow(/"start": expected a start on or before the end/);
  });

  it('takes what EDGAR leaves null (fy, fp, a label) and the fields it may add', () => {
    const o = apple();
    const c = usGaap(o).Revenues! as { label: unknown; units: Record<string, Record<string, unknown>[]> };
    c.label = null;
    Object.assign(c.units.USD![0]!, { fy: null, fp: null, frame: 'CY2015', added: 'a field of a later API' });
    expect(parseCompanyFacts(JSON.stringify(o)).count).toBe(24579);
  });

  it("keeps a filing's two values of one fact: the first read, the other beside it; a repeat of one value is one fact", () => {
    const o = apple();
    const list = usGaap(o).Revenues!.units.USD!;
    const first = list.find(FY2016)!;
    list.push({ ...first, val: REVENUE_2016 + 1e9 }, { ...first });
    const f = parseCompanyFacts(JSON.stringify(o));
    expect(f.count).toBe(24579);
    expect(f.conflicts).toEqual([
      {
        taxonomy: 'us-gaap',
        name: 'Revenues',
        fact: expect.objectContaining({ value: REVENUE_2016, end: '2016-09-24' }),
        other: 216_639_000_000,
      },
    ]);
  });
});

describe('what no figure is, written', () => {
  it('an operation whose result is not a finite number, or beyond any figure, is no figure', () => {
    const input = (amount: number) => ({ amount, unit: 'USD' as const });
    expect(compute('sum', [input(1e308), input(1e308)] as never)).toEqual({ error: expect.stringMatching(/Infinity, is no figure/) });
    expect(compute('pct_change', [input(229e9), input(5e-324)] as never)).toEqual({ error: expect.stringMatching(/is no figure/) });
    expect(compute('sum', [input(2e9), input(3e9)] as never)).toEqual({ value: 5e9, unit: 'USD' });
  });

  it('numbers are written with their digits, never an exponent or "Infinity"', () => {
    expect(grouped(1.2e29 / 1e6, 1)).toBe('120,000,000,000,000,000,000,000');
    expect(grouped(-1e308, 0)).toBe(`-100${',000'.repeat(102)}`);
    expect(grouped(Number.POSITIVE_INFINITY, 1)).toBe('n/a');
    expect(grouped(5e-324, 1)).toBe('0');
    expect(percent(1e19)).toBe('1000000000000000000000.0%');
    expect(perShare(Number.NaN)).toBe('$n/a per share');
  });
});

describe.skipIf(!hasCompanyFacts())(needsFixtures('facts in answers', hasCompanyFacts()), () => {
  let backend: Backend;
  let path: string;
  beforeAll(async () => {
    path = join(tempDir('filings-facts-checks-'), 'index.sqlite');
    const o = apple();
    const list = usGaap(o).Revenues!.units.USD!;
    list.push({ ...list.find(FY2016)!, val: REVENUE_2016 + 1e9 });
    await writeFacts(path, 'AAPL', Buffer.from(JSON.stringify(o)));
    backend = await openEngineBackend({ indexPath: path });
  }, 120_000);
  afterAll(async () => backend?.close());

  it('keeps both values in the index and names both when the fact is stated', async () => {
    const db = new Database(path, { readonly: true });
    try {
      const kept = readFacts(db, ['320193'], ['us-gaap:Revenues']).filter(
        (f) => f.start === '2015-09-27' && f.end === '2016-09-24' && f.accession === '0000320193-18-000145',
      );
      expect(kept.map((f) => f.value)).toEqual([REVENUE_2016]);
      expect(db.prepare('SELECT value FROM fact_conflicts').pluck().all()).toEqual([216_639_000_000]);
    } finally {
      db.close();
    }
    const res = await backend.figures!({ tickers: ['AAPL'], measures: ['revenue'], years: [2016, 2017] });
    const f = (res.analysis!.figures as FigureRecord[]).find((r) => r.fiscal_year === 2016)!;
    expect(f).toMatchObject({ value: REVENUE_2016, status: 'fact', source: { accession: '0000320193-18-000145' } });
    const notices = (res.notices ?? []).filter((n) => n.code === 'FIGURE_FACT_CONFLICT');
    expect(notices.map((n) => n.message)).toEqual([
      "Apple's revenue for FY 2016: the 10-K 0000320193-18-000145 tags us-gaap:Revenues (USD, 2015-09-27 to 2016-09-24) with two " +
        'values, 215,639,000,000 and 216,639,000,000; the XBRL company facts are read with the first, as the file lists them',
    ]);
    // A year without a conflict draws no notice.
    const later = await backend.figures!({ tickers: ['AAPL'], measures: ['revenue'], years: [2017] });
    expect((later.notices ?? []).filter((n) => n.code === 'FIGURE_FACT_CONFLICT')).toEqual([]);
  });
});

describe.skipIf(!hasCompanyFacts())(needsFixtures('an index holding a value out of range', hasCompanyFacts()), () => {
  let path: string;
  beforeAll(async () => {
    path = join(tempDir('filings-facts-old-'), 'index.sqlite');
    await writeFacts(path, 'AAPL');
    // As an index written before files were checked holds it, straight into the table: fiscal 2016's
    // revenue as its 10-K of fiscal 2018 gave it, and every revenue fact of fiscal 2017.
    const db = new Database(path);
    try {
      asRowsOfAnOlderIndex(db, 320193);
      const report = "(SELECT id FROM fact_reports WHERE accession = '0000320193-18-000145')";
      db.prepare(`UPDATE company_facts SET value = 1e308 WHERE value = ? AND report = ${report}`).run(REVENUE_2016);
      db.prepare('UPDATE company_facts SET value = 1e308 WHERE value = ?').run(229_234_000_000);
      expect(readFacts(db, ['320193'], ['us-gaap:Revenues']).some((f) => f.value === 1e308)).toBe(true);
    } finally {
      db.close();
    }
  }, 120_000);

  it('never reads it into an answer: the period is answered as if the facts lacked it', async () => {
    const backend = await openEngineBackend({ indexPath: path });
    try {
      const res = await backend.figures!({ tickers: ['AAPL'], measures: ['revenue'], years: [2016, 2017] });
      const figures = res.analysis!.figures as FigureRecord[];
      expect(figures.map((f) => f.fiscal_year)).toEqual([2016]);
      expect(figures[0]!.value).toBeLessThan(1e15);
      expect(JSON.stringify(res)).not.toMatch(/Infinity|e\+\d/);
    } finally {
      await backend.close();
    }
  });

  it('prints no "Infinity" and no exponent: filings figures --csv, and a sum asked of a question', async () => {
    const env = cleanEnv({ FILINGS_INDEX: path });
    const csv = await runInProcess(['figures', 'AAPL', '--measure', 'revenue', '--years', '2016-2017', '--csv'], { env });
    expect(csv.code, csv.stderr).toBe(10);
    expect(csv.stdout).toMatch(/^f\d+,AAPL,Apple,revenue,2016,FY,2016-09-24,\d+,USD,/m);
    expect(csv.stdout).not.toMatch(/Infinity|e\+\d/);
    const sum = await runInProcess(['query', '--answer', "What was the sum of Apple's revenue in fiscal 2016 and 2017?"], { env });
    expect(sum.code, sum.stderr).toBe(0);
    expect(sum.stdout).not.toMatch(/Infinity|e\+\d/);
  });
});
