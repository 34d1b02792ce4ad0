// Line-item series from the company facts (xbrl/series.ts), against the recorded company facts of AAPL,
// GOOGL and NVDA: ten years of Apple's and Alphabet's revenue and net income, each the value of the
// latest 10-K that reported the year (as its JSON holds them, written here by hand with the accession),
// across their changes of concept; restatements named, roundings not; quarters derived from the year to
// date; the trailing twelve months; and figures of the filings' text checked against the facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '../../src/engine/corpus.js';
import type { IndexHandle } from '../../src/engine/index/open.js';
import { checkAgainstFacts, derivedQuarter, factSeries, itemFacts, trailingTwelveMonths } from '../../src/engine/xbrl/series.js';
import type { LineItemKey } from '../../src/engine/lexicon/line-items.js';
import { tempDir } from '../helpers/tmp.js';
import { factsFile, factsIndex, hasCompanyFacts, writeFacts } from './company-facts-index.js';

const R = 'us-gaap:Revenues';
const C = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const N = 'us-gaap:NetIncomeLoss';
const TEN = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025];

describe.skipIf(!hasCompanyFacts())('line items from company facts', () => {
  let ix: IndexHandle;
  beforeAll(async () => {
    ix = openIndex(await factsIndex());
    return () => ix.close();
  });
  const series = (ticker: string, item: LineItemKey, years: number[], period?: Parameters<typeof factSeries>[1]['period']) => {
    const s = factSeries(ix.db, { ticker, item, years, ...(period ? { period } : {}) });
    if ('missing' in s) throw new Error(s.missing);
    return s;
  };
  const rows = (s: ReturnType<typeof series>) =>
    s.points.map((p) => [p.fiscalYear, p.fact?.value, p.fact?.concept, p.fact?.end, p.fact?.accession]);

  it("reads Apple's ten years of revenue across three concepts, each from the latest 10-K that reported it", () => {
    const s = series('AAPL', 'revenue', TEN);
    expect(rows(s)).toEqual([
      [2016, 215_639_000_000, R, '2016-09-24', '0000320193-18-000145'],
      [2017, 229_234_000_000, C, '2017-09-30', '0000320193-19-000119'],
      [2018, 265_595_000_000, C, '2018-09-29', '0000320193-20-000096'],
      [2019, 260_174_000_000, C, '2019-09-28', '0000320193-21-000105'],
      [2020, 274_515_000_000, C, '2020-09-26', '0000320193-22-000108'],
      [2021, 365_817_000_000, C, '2021-09-25', '0000320193-23-000106'],
      [2022, 394_328_000_000, C, '2022-09-24', '0000320193-24-000123'],
      [2023, 383_285_000_000, C, '2023-09-30', '0000320193-25-000079'],
      [2024, 391_035_000_000, C, '2024-09-28', '0000320193-25-000079'],
      [2025, 416_161_000_000, C, '2025-09-27', '0000320193-25-000079'],
    ]);
    expect(s).toMatchObject({ ticker: 'AAPL', ciks: ['320193'], company: 'Apple Inc.', namingOffset: 0, concepts: [R, C] });
    // Fiscal 2016 as its own 10-K tagged it (SalesRevenueNet), then as Apple's fiscal 2018 10-K did.
    expect(s.points[0]!.reports.map((r) => [r.concept, r.accession])).toEqual([
      ['us-gaap:SalesRevenueNet', '0001628280-16-020309'],
      ['us-gaap:SalesRevenueNet', '0000320193-17-000070'],
      [R, '0000320193-18-000145'],
    ]);
  });

  it("reads Apple's ten years of net income", () => {
    expect(rows(series('AAPL', 'net_income', TEN))).toEqual([
      [2016, 45_687_000_000, N, '2016-09-24', '0000320193-18-000145'],
      [2017, 48_351_000_000, N, '2017-09-30', '0000320193-19-000119'],
      [2018, 59_531_000_000, N, '2018-09-29', '0000320193-20-000096'],
      [2019, 55_256_000_000, N, '2019-09-28', '0000320193-21-000105'],
      [2020, 57_411_000_000, N, '2020-09-26', '0000320193-22-000108'],
      [2021, 94_680_000_000, N, '2021-09-25', '0000320193-23-000106'],
      [2022, 99_803_000_000, N, '2022-09-24', '0000320193-24-000123'],
      [2023, 96_995_000_000, N, '2023-09-30', '0000320193-25-000079'],
      [2024, 93_736_000_000, N, '2024-09-28', '0000320193-25-000079'],
      [2025, 112_010_000_000, N, '2025-09-27', '0000320193-25-000079'],
    ]);
  });

  it("reads Alphabet's ten years of revenue, its tags alternating between two concepts", () => {
    expect(rows(series('GOOGL', 'revenue', TEN))).toEqual([
      [2016, 90_272_000_000, C, '2016-12-31', '0001652044-19-000004'],
      [2017, 110_855_000_000, C, '2017-12-31', '0001652044-20-000008'],
      [2018, 136_819_000_000, R, '2018-12-31', '0001652044-21-000010'],
      [2019, 161_857_000_000, R, '2019-12-31', '0001652044-22-000019'],
      [2020, 182_527_000_000, C, '2020-12-31', '0001652044-23-000016'],
      [2021, 257_637_000_000, C, '2021-12-31', '0001652044-24-000022'],
      [2022, 282_836_000_000, C, '2022-12-31', '0001652044-25-000014'],
      [2023, 307_394_000_000, R, '2023-12-31', '0001652044-26-000018'],
      [2024, 350_018_000_000, R, '2024-12-31', '0001652044-26-000018'],
      [2025, 402_836_000_000, R, '2025-12-31', '0001652044-26-000018'],
    ]);
  });

  it("reads Alphabet's ten years of net income from its 10-Ks, not the proxy statement that repeats them", () => {
    const s = series('GOOG', 'net_income', TEN);
    expect(rows(s)).toEqual([
      [2016, 19_478_000_000, N, '2016-12-31', '0001652044-19-000004'],
      [2017, 12_662_000_000, N, '2017-12-31', '0001652044-20-000008'],
      [2018, 30_736_000_000, N, '2018-12-31', '0001652044-21-000010'],
      [2019, 34_343_000_000, N, '2019-12-31', '0001652044-22-000019'],
      [2020, 40_269_000_000, N, '2020-12-31', '0001652044-23-000016'],
      [2021, 76_033_000_000, N, '2021-12-31', '0001652044-24-000022'],
      [2022, 59_972_000_000, N, '2022-12-31', '0001652044-25-000014'],
      [2023, 73_795_000_000, N, '2023-12-31', '0001652044-26-000018'],
      [2024, 100_118_000_000, N, '2024-12-31', '0001652044-26-000018'],
      [2025, 132_170_000_000, N, '2025-12-31', '0001652044-26-000018'],
    ]);
    // The proxy statement of 2026 reported fiscal 2021-2025 too: listed, not chosen.
    expect(s.points[9]!.reports.map((r) => [r.form, r.accession])).toEqual([
      ['10-K', '0001652044-26-000018'],
      ['DEF 14A', '0001308179-26-000342'],
    ]);
  });

  it('names a restatement with the later value and the earlier one, and not a rounding', () => {
    // Apple's balance sheet of September 26, 2015, as filed and as its fiscal 2016 10-K restated it.
    const assets = series('AAPL', 'total_assets', [2015]).points[0]!;
    expect(assets.fact).toMatchObject({ value: 290_345_000_000, accession: '0001628280-16-020309', kind: 'instant', fiscalPeriod: 'FY' });
    expect(assets.restated!.original).toMatchObject({ value: 290_479_000_000, accession: '0001193125-15-356351', form: '10-K' });
    // Apple's fiscal 2018 diluted EPS after the 4-for-1 split of 2020.
    const eps = series('AAPL', 'eps_diluted', [2018]).points[0]!;
    expect([eps.fact?.value, eps.fact?.unit, eps.restated?.original.value, eps.restated?.original.accession]).toEqual([
      2.98,
      'USD/shares',
      11.91,
      '0000320193-18-000145',
    ]);
    // NVIDIA's fiscal 2015 revenue in thousands, then in millions: the same figure.
    const nvda = series('NVDA', 'revenue', [2015]).points[0]!;
    expect(nvda.reports.map((r) => r.value)).toEqual([4_681_507_000, 4_682_000_000, 4_682_000_000]);
    expect(nvda.restated).toBeUndefined();
  });

  it('derives a quarter reported only within its year to date, and says why when it cannot', () => {
    // Apple's capital expenditure, reported year to date: its second quarter of fiscal 2024.
    const capex = series('AAPL', 'capex', [2024], { kind: 'quarter', quarter: 2 }).points[0]!;
    expect(capex.fact).toBeUndefined();
    expect(capex.derived).toMatchObject({ value: 1_996_000_000, how: 'the first half less Q1', start: '2023-12-31', end: '2024-03-30' });
    expect(capex.derived!.inputs.map((i) => [i.sign, i.fact.value, i.fact.accession])).toEqual([
      [1, 4_388_000_000, '0000320193-25-000057'],
      [-1, 2_392_000_000, '0000320193-25-000008'],
    ]);
    // A quarter reported on its own is the fact.
    expect(series('AAPL', 'revenue', [2023], { kind: 'quarter', quarter: 1 }).points[0]!.fact).toMatchObject({
      value: 117_154_000_000,
      start: '2022-09-25',
      end: '2022-12-31',
      fiscalPeriod: 'Q1',
    });
    const x = itemFacts(ix.db, 'NVDA', 'revenue');
    if ('missing' in x) throw new Error(x.missing);
    expect(derivedQuarter(x, 2027, 4)).toEqual({ missing: 'no Q4 fact, and no year of fiscal 2027 to derive it from' });
    expect(series('NVDA', 'revenue', [2007]).points[0]!.missing).toBe(
      'no revenue fact for the year of fiscal 2007; the facts hold fiscal 2008-2026 of it',
    );
  });

  it('reads the trailing twelve months to the latest 10-Q, citing each input', () => {
    const x = itemFacts(ix.db, 'NVDA', 'revenue');
    if ('missing' in x) throw new Error(x.missing);
    const ttm = trailingTwelveMonths(x);
    expect(ttm).toMatchObject({ value: 215_938_000_000 + 81_615_000_000 - 44_062_000_000, fiscalYear: 2027, fiscalPeriod: 'TTM' });
    if (!('value' in ttm)) throw new Error(ttm.missing);
    expect([ttm.start, ttm.end]).toEqual(['2025-04-28', '2026-04-26']);
    expect(ttm.inputs.map((i) => [i.sign, i.fact.fiscalYear, i.fact.fiscalPeriod, i.fact.accession])).toEqual([
      [1, 2027, 'Q1', '0001045810-26-000052'],
      [1, 2026, 'FY', '0001045810-26-000021'],
      [-1, 2026, 'Q1', '0001045810-26-000052'],
    ]);
    // To a 10-K: its year.
    const atYear = trailingTwelveMonths(x, { fiscalYear: 2026, quarter: 4 });
    expect(atYear).toMatchObject({ value: 215_938_000_000, how: 'the fiscal year' });
    expect(factSeries(ix.db, { ticker: 'AAPL', item: 'total_assets', years: [2024] })).toMatchObject({
      ttm: { missing: 'total assets is a balance: it has no trailing twelve months' },
    });
  });

  it("reads a balance at the end of the period asked, and a company's own concept by its label", async () => {
    // Apple's total assets at the end of its second quarter of fiscal 2024 (March 30, 2024).
    expect(series('AAPL', 'total_assets', [2024], { kind: 'quarter', quarter: 2 }).points[0]!.fact).toMatchObject({
      value: 337_411_000_000,
      end: '2024-03-30',
      fiscalPeriod: 'Q2',
      accession: '0000320193-24-000069',
    });
    // NVIDIA's revenue as if tagged with a concept of its own, "Net revenue", under another CIK.
    const o = JSON.parse(readFileSync(factsFile('NVDA'), 'utf8')) as {
      cik: number;
      facts: Record<string, Record<string, { label: string }>>;
    };
    const gaap = o.facts['us-gaap']!;
    o.cik = 9_999_999_001;
    o.facts.nvda = { NetRevenue: { ...gaap.Revenues!, label: 'Net revenue' } };
    delete gaap.Revenues;
    delete gaap.RevenueFromContractWithCustomerExcludingAssessedTax;
    const path = join(tempDir('filings-facts-ext-'), 'index.sqlite');
    await writeFacts(path, 'XNVD', Buffer.from(JSON.stringify(o)));
    const own = openIndex(path);
    try {
      const s = factSeries(own.db, { ticker: 'XNVD', item: 'revenue', years: [2025] });
      if ('missing' in s) throw new Error(s.missing);
      expect(s.concepts).toEqual(['nvda:NetRevenue']);
      expect(s.points[0]!.fact).toMatchObject({ value: 130_497_000_000, concept: 'nvda:NetRevenue', label: 'Net revenue' });
    } finally {
      own.close();
    }
  });

  it('says why when the index holds no facts of the company, or none of the item', () => {
    expect(factSeries(ix.db, { ticker: 'MSFT', item: 'revenue', years: [2024] })).toEqual({
      missing: 'the index holds no company facts of MSFT (filings corpus pull MSFT --facts-only)',
    });
    expect(factSeries(ix.db, { ticker: 'AAPL', item: 'net_interest_income', years: [2024] })).toEqual({
      missing: "AAPL's company facts tag none of net interest income's concepts (us-gaap:InterestIncomeExpenseNet)",
    });
    expect(factSeries(ix.db, { ticker: 'AAPL', item: 'revenue', years: [2024], period: { kind: 'instant' } })).toEqual({
      missing: 'revenue is a flow over a period, not a balance at an instant',
    });
  });
});

describe.skipIf(!hasCompanyFacts())("a filing's figures against the company facts", () => {
  let ix: IndexHandle;
  beforeAll(async () => {
    ix = openIndex(await factsIndex());
    return () => ix.close();
  });

  it.each<[LineItemKey, number, number]>([
    // Apple's fiscal 2023 10-K (0000320193-23-000106, in the sample corpus), as its statements print them.
    ['revenue', 383_285e6, 1e6],
    ['net_income', 96_995e6, 1e6],
    ['total_assets', 352_583e6, 1e6],
    ['operating_income', 114_301e6, 1e6],
    ['eps_diluted', 6.13, 0.01],
  ])("Apple's fiscal 2023 %s of %d agrees with the facts its own 10-K tagged", (item, value, precision) => {
    const a = checkAgainstFacts(ix.db, { ticker: 'AAPL', item, fiscalYear: 2023, value, precision, accession: '0000320193-23-000106' });
    expect(a).toMatchObject({ status: 'agree', fact: { accession: '0000320193-23-000106', value } });
  });

  it('agrees within the rounding of the printed scale, and disagrees beyond it, with both values and sources', () => {
    const at = (value: number, precision?: number) =>
      checkAgainstFacts(ix.db, { ticker: 'AAPL', item: 'revenue', fiscalYear: 2022, value, precision });
    // "$394.3 billion": 394,250 to 394,350 million.
    const agree = at(394.3e9, 1e8);
    expect(agree).toMatchObject({ status: 'agree', fact: { value: 394_328e6, accession: '0000320193-24-000123' } });
    expect(agree.status === 'agree' && agree.tolerance).toBeCloseTo(5e7, -3);
    expect(at(394.4e9, 1e8)).toMatchObject({
      status: 'disagree',
      text: { value: 394.4e9 },
      fact: { value: 394_328e6, accession: '0000320193-24-000123', form: '10-K' },
      difference: 72e6,
    });
    // Without a precision: the value's own last place.
    expect(at(394_328e6)).toMatchObject({ status: 'agree' });
    expect(at(394_329e6)).toMatchObject({ status: 'disagree' });
  });

  it('names the restatement when a figure agrees with its own filing and a later one changed it', () => {
    // Apple's fiscal 2008 net income as its fiscal 2009 10-K printed it; the 10-K/A of January 2010
    // restated it (the change in revenue recognition for the iPhone).
    const a = checkAgainstFacts(ix.db, {
      ticker: 'AAPL',
      item: 'net_income',
      fiscalYear: 2008,
      value: 4_834e6,
      accession: '0001193125-09-214859',
    });
    expect(a).toMatchObject({
      status: 'agree',
      fact: { value: 4_834e6, accession: '0001193125-09-214859' },
      restated: { original: { value: 4_834e6 }, latest: { value: 6_119e6, accession: '0001193125-10-238044', form: '10-K' } },
    });
    const wrong = checkAgainstFacts(ix.db, {
      ticker: 'AAPL',
      item: 'net_income',
      fiscalYear: 2008,
      value: 5_000e6,
      accession: '0001193125-09-214859',
    });
    expect(wrong).toMatchObject({ status: 'disagree', fact: { value: 4_834e6, accession: '0001193125-09-214859' }, difference: 166e6 });
  });

  it('checks a derived quarter, a figure printed with the other sign, and says when the facts hold nothing', () => {
    // NVIDIA's fourth quarter of fiscal 2025, $39,331 million in its press release.
    const q4 = checkAgainstFacts(ix.db, {
      ticker: 'NVDA',
      item: 'revenue',
      fiscalYear: 2025,
      period: { kind: 'quarter', quarter: 4 },
      value: 39_331e6,
    });
    expect(q4).toMatchObject({ status: 'agree', derived: { value: 39_331e6, how: 'the year less the first nine months' } });
    // Apple's capital expenditure printed as a payment, "(9,447)".
    expect(checkAgainstFacts(ix.db, { ticker: 'AAPL', item: 'capex', fiscalYear: 2024, value: -9_447e6 })).toMatchObject({
      status: 'agree',
      oppositeSign: true,
      fact: { value: 9_447e6 },
    });
    expect(checkAgainstFacts(ix.db, { ticker: 'MSFT', item: 'revenue', fiscalYear: 2024, value: 245_122e6 })).toMatchObject({
      status: 'none',
    });
    expect(checkAgainstFacts(ix.db, { ticker: 'AAPL', item: 'revenue', fiscalYear: 2005, value: 13_931e6 })).toEqual({
      status: 'none',
      why: 'no revenue fact for the year of fiscal 2005; the facts hold fiscal 2007-2025 of it',
    });
  });
});
