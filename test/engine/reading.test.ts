// The question's reading (engine/question/read.ts): a table of questions and the structures they are
// read into, and the account of every word (used by a part, a filler, or unread).
import { describe, expect, it } from 'vitest';
import { describeReading } from '../../src/engine/question/describe.js';
import type { Reading } from '../../src/engine/question/reading.js';
import { readSample, sampleDirectory } from '../helpers/sample-reader.js';
import { readQuestion } from '../../src/engine/question/read.js';

const read = readSample;
/** A measure as item / metric / label words, with its qualifiers. */
const m = (r: Reading) => r.measures.map((x) => [x.item ?? x.metric ?? x.words.join(' '), ...x.qualifiers].join(':'));

describe('a question read as a structure', () => {
  it.each([
    // [question, operation, measures, years, extra]
    ['What was Apple net income in fiscal 2023?', 'value', ['net_income'], [2023], {}],
    ['What was the sum of Nike footwear and apparel revenues in fiscal 2018?', 'sum', ['revenue:footwear', 'revenue:apparel'], [2018], {}],
    [
      'By how much did Apple Services net sales increase in fiscal 2023?',
      'change',
      ['revenue:services'],
      [2023],
      { direction: 'increase' },
    ],
    ['What was Walmart e-commerce sales growth in fiscal 2019?', 'pct_change', ['revenue:e-commerce'], [2019], {}],
    ['What was the decrease in Netflix DVD revenues in 2017?', 'change', ['revenue:dvd'], [2017], { direction: 'decrease' }],
    [
      'What was the difference between Microsoft intelligent cloud revenue and its productivity and business processes revenue in fiscal 2023?',
      'difference',
      ['revenue:intelligent:cloud', 'revenue:productivity:processes'],
      [2023],
      {},
    ],
    [
      'What percentage of Coca-Cola 2022 net operating revenues was generated in the United States?',
      'share',
      ['revenue:united:states', 'revenue'],
      [2022],
      {},
    ],
    [
      'What was the ratio of Apple research and development expense to its selling, general and administrative expense in fiscal 2023?',
      'ratio',
      ['rnd', 'sga'],
      [2023],
      {},
    ],
    ['What were Apple average total net sales over fiscal 2021 and 2022?', 'average', ['revenue'], [2022, 2021], { overYears: true }],
    [
      'What was the compound annual growth rate of Apple Services net sales from fiscal 2021 to fiscal 2023?',
      'cagr',
      ['revenue:services'],
      [2023, 2022, 2021],
      {},
    ],
    [
      'How many times larger were Lockheed Martin Aeronautics net sales than its Space segment net sales in 2022?',
      'ratio',
      ['revenue:aeronautics', 'revenue:space'],
      [2022],
      {},
    ],
    ['What was Lockheed Martin backlog at the end of 2021?', 'value', ['backlog'], [2021], {}],
    ['What was JPMorgan provision for credit losses in 2022?', 'value', ['provision credit losses'], [2022], {}],
    [
      "What was Starbucks' total debt (short-term debt, current portion of long-term debt and long-term debt) at October 1, 2023?",
      'sum',
      ['short_term_debt', 'short_term_debt', 'long_term_debt'],
      [2023],
      {},
    ],
    ['Analog Devices interest coverage fiscal 2023 (operating income / interest expense)', 'value', ['interest_coverage'], [2023], {}],
  ] as const)('%s', (q, op, measures, years, extra) => {
    const r = read(q);
    expect(r.operation.kind).toBe(op);
    expect(m(r)).toEqual(measures);
    expect(r.period.years).toEqual(years);
    expect(r.operation).toMatchObject(extra);
    expect(r.unread).toEqual([]);
    expect(r.figure).toBe(true);
  });

  it('reads period parts: the second half, a fourth quarter, a year to date, the trailing twelve months, the latest quarter', () => {
    expect(read("What was Apple's net sales in the second half of fiscal 2022?").period).toMatchObject({ years: [2022], secondHalf: true });
    expect(read("What were MGM Resorts' net revenues in the fourth quarter of 2022?").period).toMatchObject({ years: [2022], quarter: 4 });
    expect(read("What were Ulta Beauty's net sales in the first half (first 26 weeks) of fiscal 2023?").period).toMatchObject({
      quarter: 2,
      months: 6,
    });
    expect(read("What was PepsiCo's revenue for the trailing twelve months ended the first quarter of 2023?").period).toMatchObject({
      trailing: true,
    });
    expect(read("What was JPMorgan's net income in the latest quarter?").period).toMatchObject({ latestQuarter: true });
  });

  it('reads a named source filing as the source, never as a period', () => {
    const nke = read("According to Nike's fiscal 2019 10-K, what were revenues in fiscal 2017?");
    expect(nke.source).toMatchObject({ fiscalYear: 2019, form: '10-K' });
    expect(nke.period.years).toEqual([2017]);
    expect(nke.filters.source).toEqual({ fiscalYear: 2019, form: '10-K' });
    const wmt = read('In its 2022 annual report, what did Walmart report as net sales for fiscal 2021?');
    expect(wmt.source).toMatchObject({ fiscalYear: 2022, form: '10-K' });
    expect(wmt.period.years).toEqual([2021]);
    expect(read("Per Adobe's 10-K for fiscal 2017, what was product revenue in fiscal 2015?").source).toMatchObject({ fiscalYear: 2017 });
    expect(read("What was Coca-Cola's revenue in 2019 as originally reported?").source).toMatchObject({ edition: 'original' });
  });

  it('reads an exclusion as an amount to take out, and a company named in it as no company asked', () => {
    const r = read("What was Microsoft's GAAP operating income excluding the Activision deal costs in fiscal 2022?");
    expect(r.companies.map((c) => c.ticker)).toEqual(['MSFT']);
    expect(r.exclusions.map((e) => e.words)).toEqual([['activision', 'deal', 'costs']]);
    expect(m(r)).toEqual(['operating_income']);
  });

  it('accounts for every word: each used by a part, a filler, or unread', () => {
    const r = read("What was Apple's net sales in the second half of fiscal 2022?");
    expect(r.words.every((w) => w.role !== undefined)).toBe(true);
    expect(r.words.filter((w) => w.role === 'period').map((w) => w.word)).toEqual(['the', 'second', 'half', 'of', 'fiscal', '2022']);
    // A basis is a qualifier the figure's row must name; words no part could place are unread.
    expect(read("What was Apple's pro forma net income in fiscal 2023?").measures[0]!.qualifiers).toEqual(['pro', 'forma']);
    expect(read("What was Nike's reported revenue (not the wholesale equivalent) in fiscal 2023?").unread).toEqual([
      'wholesale',
      'equivalent',
    ]);
  });

  it('reads operations as analysts write them tersely or at length', () => {
    const op = (q: string) => [read(q).operation.kind, read(q).measures.map((x) => x.qualifiers.join(' ') || x.text)];
    expect(op('$KO united states % of net operating revenues 2022')).toEqual(['share', ['united states', 'net operating revenues']]);
    expect(op("Lockheed Martin's Aeronautics net sales in 2022 were what multiple of its Space segment net sales?")).toEqual([
      'ratio',
      ['aeronautics', 'space'],
    ]);
    expect(op("Over 2020 through 2022, what were American Express's net card fees on an average annual basis?")[0]).toBe('average');
    expect(op('KO avg annual capex 2020-2022')[0]).toBe('average');
    expect(op('$PEP q1 2023 net revenue flna + qfna + pbna combined')).toEqual(['sum', ['flna', 'qfna', 'pbna']]);
    expect(op("What fraction of Apple's total net sales in fiscal 2023 did the Greater China segment account for, in percent?")).toEqual([
      'share',
      ['greater china', 'total net sales'],
    ]);
    // "fall due" is no fall; "the change in total stock-based compensation" no sum; a role played asks nothing.
    expect(op("Per Atmos Energy's fiscal 2023 10-K, what operating lease payments fall due in fiscal 2026?")[0]).toBe('value');
    expect(
      read(
        "Assume you are an equity analyst reviewing NIKE, Inc.'s disclosures. What was the percentage change in total stock-based compensation expense from fiscal 2021 to fiscal 2023?",
      ).operation.kind,
    ).toBe('pct_change');
  });

  it('reads the noun a count asks, never a multiple or a participle', () => {
    expect(read('What was the total number of shares repurchased by Apple in fiscal 2023?').count).toBe('shares');
    expect(read('How many employees did Nike have at the end of fiscal 2019?').count).toBe('employees');
    expect(
      read("How many times larger were Lockheed Martin's Aeronautics net sales than its Space segment net sales in 2022?").count,
    ).toBeUndefined();
  });

  it("applies a definition the question gives when it is the metric's formula or defines the name asked, and leaves another formula unread", () => {
    const roa = read(
      "What is AES's FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022).",
    );
    expect(roa.measures.map((x) => x.metric)).toEqual(['roa']);
    expect(roa.period.years).toEqual([2022]);
    expect(roa.unread).toEqual([]);
    const ocf = read(
      'What is the FY2015 operating cash flow ratio for Adobe? Operating cash flow ratio is defined as: cash from operations / total current liabilities.',
    );
    expect(ocf.operation.kind).toBe('ratio');
    expect(ocf.measures.map((x) => x.item)).toEqual(['operating_cash_flow', 'current_liabilities']);
    // Another formula than the lexicon's (inventory's change in the denominator) is not applied.
    const dpo = read(
      'What is FY2018 days payable outstanding (DPO) for Walmart? DPO is defined as: 365 * (average accounts payable between FY2017 and FY2018) / (FY2018 COGS + change in inventory between FY2017 and FY2018).',
    );
    expect(dpo.unread).toEqual(expect.arrayContaining(['inventory']));
  });

  it('reads a list by the names the filings print: "Foods and Sundries" is one name only when a row says so', () => {
    const q = "What were Costco's combined net sales of Foods and Sundries and Fresh Foods in fiscal 2023?";
    const parts = (r: Reading) => r.measures.map((x) => x.qualifiers.join(' '));
    expect(parts(read(q))).toEqual(['foods', 'sundries', 'fresh foods']);
    const printed = readQuestion(q, sampleDirectory(), {
      infer: true,
      rowNames: (tickers, phrase) => (tickers.includes('COST') && /foods and sundries/i.test(phrase) ? ['Foods and Sundries'] : []),
    });
    expect(printed.operation.kind).toBe('sum');
    expect(parts(printed)).toEqual(['foods sundries', 'fresh foods']);
    expect(printed.unread).toEqual([]);
  });

  it('keeps words a label is made of: names the lexicon knows are not split, a trailing "net" stays, maturities are not periods', () => {
    expect(m(read("What was Apple's research and development expense in fiscal 2023?"))).toEqual(['rnd']);
    expect(m(read("What was Amazon's other income (expense), net in 2019?"))).toEqual(['other income expense']);
    const notes = read(
      'What was the carrying value of Amcor U.S. dollar notes due 2019, 2021, 2026, 2028 and 2030 at the end of fiscal 2020?',
    );
    expect(notes.period.years).toEqual([2020]);
    expect(notes.measures[0]!.words).toEqual(expect.arrayContaining(['2026', '2030', 'notes']));
  });

  it('says the reading in one line', () => {
    const line = describeReading(read("What was Apple's net sales in the second half of fiscal 2022?"));
    expect(line).toMatch(
      /^company AAPL; measure line item revenue; period fiscal 2022, second half; operation value; unread none\. Words: /,
    );
    expect(line).toContain('company "Apple\'s" · measure "net sales" · "in" · period "the second half of fiscal 2022"');
  });
});
