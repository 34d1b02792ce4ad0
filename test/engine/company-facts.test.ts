// EDGAR's company facts read (xbrl/file.ts), placed in fiscal periods (xbrl/periods.ts)
// and kept in the index (xbrl/store.ts), on the recorded company facts of AAPL, GOOGL and NVDA.
// A fact's fiscal year comes from its period and the company's 10-K year ends, never from `fy`: NVIDIA's
// older filings name the wrong year there.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '../../src/engine/corpus.js';
import { parseCompanyFacts, writeCompanyFacts } from '../../src/engine/corpus-ingest.js';
import { calendarDays, factPeriod, fiscalCalendar } from '../../src/engine/xbrl/periods.js';
import { factCompany, readFacts } from '../../src/engine/xbrl/store.js';
import { needsFixtures } from '../edgar/fixtures.js';
import { factsFile, factsIndex, hasCompanyFacts, writeFacts } from './company-facts-index.js';

/** NVIDIA's filings whose fy or fp is not the period they report (counted by hand from its file). */
const NVDA_WRONG = 21;

const raw = (ticker: string) => JSON.parse(readFileSync(factsFile(ticker), 'utf8')) as Record<string, unknown>;

describe.skipIf(!hasCompanyFacts())(needsFixtures('reading a company facts file', hasCompanyFacts()), () => {
  it.each([
    ['AAPL', '320193', 'Apple Inc.', 24579, 505],
    ['NVDA', '1045810', 'NVIDIA CORP', 26903, 643],
    ['GOOGL', '1652044', 'ALPHABET INC.', 20324, 537],
  ])('%s: every fact, none left out', (ticker, cik, name, count, concepts) => {
    const f = parseCompanyFacts(readFileSync(factsFile(ticker), 'utf8'), cik);
    expect(f).toMatchObject({ cik, name, count, conflicts: [] });
    expect(f.concepts).toHaveLength(concepts);
    const revenue = f.concepts.find((c) => c.taxonomy === 'us-gaap' && c.name === 'Revenues');
    if (ticker === 'NVDA') {
      expect(revenue!.label).toBe('Revenues');
      // Facts of proxy statements and prospectuses are kept with their form.
      expect(new Set(f.concepts.flatMap((c) => c.facts.map((x) => x.form)))).toEqual(new Set(['10-K', '10-Q', 'DEF 14A', '424B5']));
    }
  });

  it('refuses what is not company facts, saying why', () => {
    const nvda = readFileSync(factsFile('NVDA'), 'utf8');
    expect(() => parseCompanyFacts(nvda.slice(0, 100_000))).toThrow(/not JSON \(cut short, or an error page\?\)/);
    expect(() => parseCompanyFacts('<html>Service Unavailable</html>')).toThrow(/not JSON/);
    expect(() => parseCompanyFacts('{"cik": 320193, "entityName": "Apple Inc."}')).toThrow(/no "facts" object/);
    expect(() => parseCompanyFacts('{"facts": {}}')).toThrow(/names no CIK/);
    expect(() => parseCompanyFacts(nvda, '320193')).toThrow('it is the company facts of CIK 1045810, not of CIK 320193');
    expect(() => parseCompanyFacts('{"cik": 320193, "facts": {"us-gaap": {}}}')).toThrow('holds no facts');
  });

  it('refuses a file with a fact without a number, a date or an accession, naming where it is', () => {
    const o = raw('AAPL') as { facts: Record<string, Record<string, { units: Record<string, Record<string, unknown>[]> }>> };
    const list = o.facts['us-gaap']!.Assets!.units.USD!;
    list[0]!.val = null;
    list[1]!.end = '2015-13';
    list[2]!.accn = 'n/a';
    expect(() => parseCompanyFacts(JSON.stringify(o))).toThrow(
      'not a company facts file: concept us-gaap:Assets in USD, fact 1, "val": expected a finite number, got null (and 2 more problem(s))',
    );
    list[0]!.val = 1;
    expect(() => parseCompanyFacts(JSON.stringify(o))).toThrow(
      /us-gaap:Assets in USD, fact 2, "end": expected a date YYYY-MM-DD, got the string "2015-13"/,
    );
  });
});

describe.skipIf(!hasCompanyFacts())(needsFixtures('fiscal periods of facts', hasCompanyFacts()), () => {
  const calendarOf = (ticker: string) =>
    fiscalCalendar(parseCompanyFacts(readFileSync(factsFile(ticker), 'utf8')).concepts.flatMap((c) => c.facts));

  it("takes a company's year ends from its 10-Ks: NVIDIA's late in January, Apple's 52/53-week Septembers", () => {
    const nvda = calendarOf('NVDA');
    expect(nvda.yearEnds).toEqual([
      '2010-01-31',
      '2011-01-30',
      '2012-01-29',
      '2013-01-27',
      '2014-01-26',
      '2015-01-25',
      '2016-01-31',
      '2017-01-29',
      '2018-01-28',
      '2019-01-27',
      '2020-01-26',
      '2021-01-31',
      '2022-01-30',
      '2023-01-29',
      '2024-01-28',
      '2025-01-26',
      '2026-01-25',
    ]);
    expect(nvda.namingOffset).toBe(0);
    const aapl = calendarOf('AAPL');
    expect(aapl.yearEnds.slice(-4)).toEqual(['2022-09-24', '2023-09-30', '2024-09-28', '2025-09-27']);
    expect(calendarOf('GOOGL').yearEnds.every((e) => e.endsWith('-12-31'))).toBe(true);
  });

  it.each<[string, string | undefined, string, object]>([
    // NVIDIA's fiscal 2025: the year, its third quarter and nine months, the balance at its end.
    ['NVDA', '2024-01-29', '2025-01-26', { kind: 'year', fiscalYear: 2025, fiscalPeriod: 'FY', quarter: 4, days: 364 }],
    ['NVDA', '2024-07-29', '2024-10-27', { kind: 'quarter', fiscalYear: 2025, fiscalPeriod: 'Q3', quarter: 3, days: 91 }],
    ['NVDA', '2024-01-29', '2024-10-27', { kind: 'nine_months', fiscalYear: 2025, fiscalPeriod: '9M', quarter: 3 }],
    ['NVDA', '2024-01-29', '2024-07-28', { kind: 'half', fiscalYear: 2025, fiscalPeriod: 'H1', quarter: 2 }],
    ['NVDA', undefined, '2025-01-26', { kind: 'instant', fiscalYear: 2025, fiscalPeriod: 'FY', quarter: 4 }],
    // After its latest 10-K and before its first: by the nearest year end, with a week's slack.
    ['NVDA', '2026-01-26', '2026-04-26', { kind: 'quarter', fiscalYear: 2027, fiscalPeriod: 'Q1' }],
    ['NVDA', '2008-01-28', '2009-01-25', { kind: 'year', fiscalYear: 2009, fiscalPeriod: 'FY' }],
    ['NVDA', '2007-01-29', '2008-01-27', { kind: 'year', fiscalYear: 2008, fiscalPeriod: 'FY' }],
    // Apple's 53-week fiscal 2023 and its 14-week first quarter.
    ['AAPL', '2022-09-25', '2023-09-30', { kind: 'year', fiscalYear: 2023, fiscalPeriod: 'FY', days: 371 }],
    ['AAPL', '2022-09-25', '2022-12-31', { kind: 'quarter', fiscalYear: 2023, fiscalPeriod: 'Q1', days: 98 }],
    ['AAPL', '2007-09-30', '2008-09-27', { kind: 'year', fiscalYear: 2008, fiscalPeriod: 'FY' }],
    // A year ending at a second quarter: trailing twelve months; a cover page's date: no quarter's end.
    ['GOOGL', '2024-07-01', '2025-06-30', { kind: 'year', fiscalYear: 2025, fiscalPeriod: 'TTM', quarter: 2 }],
    ['GOOGL', undefined, '2025-01-28', { kind: 'instant', fiscalYear: 2025, fiscalPeriod: 'other' }],
    ['GOOGL', '2025-10-01', '2025-10-31', { kind: 'other', fiscalYear: 2025, fiscalPeriod: 'other' }],
  ])('%s %s to %s', (ticker, start, end, expected) => {
    expect(factPeriod(start, end, calendarDays(calendarOf(ticker)))).toMatchObject(expected);
  });

  it('labels a year ending in the first week of January as the index does: the year before', () => {
    const cal = calendarDays({ yearEnds: ['2022-01-01', '2022-12-31', '2023-12-30'], namingOffset: 0 });
    expect(factPeriod('2021-01-03', '2022-01-01', cal)).toMatchObject({ kind: 'year', fiscalYear: 2021, fiscalPeriod: 'FY' });
    expect(factPeriod('2022-01-02', '2022-04-02', cal)).toMatchObject({ fiscalYear: 2022, fiscalPeriod: 'Q1' });
  });

  it.each(['AAPL', 'GOOGL', 'NVDA'])(
    "%s: each 10-K's and 10-Q's own period falls in the quarter its filing reports, and in the year the company names, unless fy says otherwise",
    (ticker) => {
      const o = raw(ticker) as { facts: Record<string, Record<string, { units: Record<string, Record<string, never>[]> }>> };
      const cal = calendarOf(ticker);
      const days = calendarDays(cal);
      const own = new Map<string, string>();
      const rows = Object.values(o.facts).flatMap((t) => Object.values(t).flatMap((c) => Object.values(c.units).flat())) as {
        start?: string;
        end: string;
        accn: string;
        form: string;
        fp: string;
        fy: number;
      }[];
      for (const r of rows) if (r.start && (own.get(r.accn) ?? '') < r.end) own.set(r.accn, r.end);
      const wrong = new Set<string>();
      for (const r of rows) {
        if (!/^10-[KQ]$/.test(r.form) || r.end !== own.get(r.accn) || !r.start) continue;
        const p = factPeriod(r.start, r.end, days);
        const quarter = r.fp === 'FY' ? 4 : Number(r.fp.slice(1));
        if (p.fiscalYear !== r.fy || p.quarter !== quarter)
          wrong.add(`${r.accn} ${r.form} ${r.fp} ${r.fy}: ${r.end} ends FY-${p.fiscalYear} Q${p.quarter}`);
      }
      // Apple and Alphabet state their own period in fy and fp as the index reads it. NVIDIA's filings
      // of 2009-2014 and two of 2020 did not: its 10-K for the year ended January 30, 2011 (its fiscal
      // 2011) says 2010, its 10-Q for the quarter ended May 2, 2010 (its first of fiscal 2011) Q2 2010.
      if (ticker !== 'NVDA') expect([...wrong]).toEqual([]);
      else {
        expect(wrong).toContain('0001045810-11-000015 10-K FY 2010: 2011-01-30 ends FY-2011 Q4');
        expect(wrong).toContain('0001045810-10-000018 10-Q Q2 2010: 2010-05-02 ends FY-2011 Q1');
        expect(wrong).toContain('0001045810-20-000147 10-Q Q2 2020: 2020-07-26 ends FY-2021 Q2');
        expect(wrong.size).toBe(NVDA_WRONG);
      }
    },
  );
});

describe.skipIf(!hasCompanyFacts())(needsFixtures('company facts in the index', hasCompanyFacts()), () => {
  let path: string;
  beforeAll(async () => {
    path = await factsIndex();
  });

  it('holds each company under its CIK, found by its ticker, another ticker of its CIK, or the CIK', () => {
    const ix = openIndex(path);
    try {
      expect(factCompany(ix.db, 'nvda')).toMatchObject([
        { cik: '1045810', ticker: 'NVDA', name: 'NVIDIA CORP', facts: 26903, concepts: 643 },
      ]);
      expect(factCompany(ix.db, 'GOOG').map((c) => c.cik)).toEqual(['1652044']);
      expect(factCompany(ix.db, '320193').map((c) => c.ticker)).toEqual(['AAPL']);
      expect(factCompany(ix.db, 'MSFT')).toEqual([]);
      // A fact as filed: its concept, unit, period, value, accession, form and filing date.
      const f = readFacts(ix.db, ['1045810'], ['us-gaap:Revenues']).find((x) => x.start === '2024-01-29' && x.end === '2025-01-26');
      expect(f).toEqual({
        cik: '1045810',
        concept: 'us-gaap:Revenues',
        label: 'Revenues',
        unit: 'USD',
        start: '2024-01-29',
        end: '2025-01-26',
        value: 130_497_000_000,
        accession: '0001045810-25-000023',
        form: '10-K',
        filed: '2025-02-26',
      });
      const balance = readFacts(ix.db, ['320193'], ['us-gaap:Assets']).find((x) => x.end === '2023-09-30');
      expect(balance).toMatchObject({ value: 352_583_000_000 });
      expect(balance!.start).toBeUndefined();
    } finally {
      ix.close();
    }
  });

  it("replaces a company's facts whole, and leaves them as they were when the write fails", async () => {
    const count = () => {
      const ix = openIndex(path);
      try {
        return ix.db.prepare('SELECT SUM(facts) FROM fact_blocks WHERE cik = 320193').pluck().get();
      } finally {
        ix.close();
      }
    };
    expect(count()).toBe(24579);
    const o = raw('AAPL') as { facts: Record<string, unknown> };
    const fewer = { ...o, facts: { 'us-gaap': (o.facts as Record<string, Record<string, unknown>>)['us-gaap'] } };
    delete (fewer.facts['us-gaap'] as Record<string, unknown>).Assets;
    const replaced = await writeFacts(path, 'AAPL', Buffer.from(JSON.stringify(fewer)));
    expect(replaced).toMatchObject({ replaced: true, unchanged: false });
    expect(count()).toBe(replaced.facts);
    // A value the index refuses (NaN, no number) in the last concept written: the write rolls back
    // whole, and the facts are those of before.
    const file = parseCompanyFacts(readFileSync(factsFile('AAPL'), 'utf8'));
    file.concepts[file.concepts.length - 1]!.facts[0]!.value = Number.NaN;
    const before = count();
    await expect(writeCompanyFacts(path, { file, ticker: 'AAPL', sourceBytes: 1, sourceSha256: 'x' }, new Map())).rejects.toThrow(
      /not a finite number/,
    );
    expect(count()).toBe(before);
    await writeFacts(path, 'AAPL');
    expect(count()).toBe(24579);
  });
});
