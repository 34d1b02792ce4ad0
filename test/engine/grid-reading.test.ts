// A grid in the Reading (issue 30): companies as a list, periods as a list or range, and comparison words
// read as the operation over the grid (a rank, a comparison, each step, a difference or ratio between
// two companies), never as words of the measure.
import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/engine/question/reading.js';
import { readSample } from '../helpers/sample-reader.js';

const measures = (r: Reading) => r.measures.map((x) => [x.item ?? x.metric ?? x.words.join(' '), ...x.qualifiers].join(':'));
const tickers = (r: Reading) => r.companies.map((c) => c.ticker);

describe('a grid read from a question', () => {
  it.each([
    // [question, companies, measures, years (newest first), operation]
    [
      'Which had the higher operating income in 2022, Coca-Cola or PepsiCo?',
      ['KO', 'PEP'],
      ['operating_income'],
      [2022],
      { kind: 'value', rank: 'desc' },
    ],
    ['Compare Visa and Mastercard net revenue in 2022', ['V', 'MA'], ['revenue'], [2022], { kind: 'value' }],
    ['revenue KO vs pep 2022', ['KO', 'PEP'], ['revenue'], [2022], { kind: 'value' }],
    ["What were Microsoft's revenues each year from fiscal 2021 to 2023?", ['MSFT'], ['revenue'], [2023, 2022, 2021], { kind: 'value' }],
    ['Nike revenue FY21-FY23', ['NKE'], ['revenue'], [2023, 2022, 2021], { kind: 'value' }],
    ['Costco net sales each year since 2021', ['COST'], ['revenue'], [2023, 2022, 2021], { kind: 'value' }],
    ['Walmart revenue over the last three fiscal years', ['WMT'], ['revenue'], [2020, 2019, 2018], { kind: 'value' }],
    ['Compare 3M and Emerson capital expenditures side by side in 2022', ['MMM', 'EMR'], ['capex'], [2022], { kind: 'value' }],
    [
      'Among Apple, Microsoft and Nvidia, who had the highest net income in 2023?',
      ['AAPL', 'MSFT', 'NVDA'],
      ['net_income'],
      [2023],
      { kind: 'value', rank: 'desc' },
    ],
    [
      'Which had the lowest net income in 2022: Boeing, Lockheed Martin or Deere?',
      ['BA', 'LMT', 'DE'],
      ['net_income'],
      [2022],
      { rank: 'asc' },
    ],
    ['highest diluted EPS in 2022 among KO, PEP and MMM?', ['KO', 'PEP', 'MMM'], ['eps_diluted'], [2022], { rank: 'desc' }],
    [
      'rank tyson, hormel and general mills by operating income for fiscal 2022',
      ['TSN', 'HRL', 'GIS'],
      ['operating_income'],
      [2022],
      { rank: 'desc' },
    ],
    ['Who leads in R&D spending in 2021, Johnson & Johnson or Pfizer?', ['JNJ', 'PFE'], ['rnd'], [2021], { rank: 'desc' }],
    // Growth compared, and how fast: each company's growth, each step.
    [
      'Which grew faster in fiscal 2023, HP Inc. or Hewlett Packard Enterprise (net revenue)?',
      ['HPQ', 'HPE'],
      ['revenue'],
      [2023],
      { kind: 'pct_change', rank: 'desc' },
    ],
    [
      "How fast did Costco's net sales grow from 2021 to 2023?",
      ['COST'],
      ['revenue'],
      [2023, 2022, 2021],
      { kind: 'pct_change', steps: true },
    ],
    [
      'Nike revenue growth each year from fiscal 2021 to 2023',
      ['NKE'],
      ['revenue'],
      [2023, 2022, 2021],
      { kind: 'pct_change', steps: true },
    ],
    [
      "Coca-Cola's net operating revenue growth in 2021 and in 2022",
      ['KO'],
      ['revenue'],
      [2022, 2021],
      { kind: 'pct_change', steps: true },
    ],
    // Two years set against each other: one change, no steps.
    [
      "How much did Visa's client incentives grow in fiscal 2023 versus fiscal 2022, in dollars?",
      ['V'],
      ['client incentives'],
      [2023, 2022],
      { kind: 'change' },
    ],
    // Between two companies.
    [
      'How much more revenue did Walmart have than Costco in fiscal 2020?',
      ['WMT', 'COST'],
      ['revenue'],
      [2020],
      { kind: 'difference', across: 'companies' },
    ],
    [
      'PepsiCo vs Coca-Cola 2022 revenue: what was the gap?',
      ['PEP', 'KO'],
      ['revenue'],
      [2022],
      { kind: 'difference', across: 'companies' },
    ],
    [
      "Amazon's 2017 net sales as a multiple of Netflix's 2017 revenues",
      ['AMZN', 'NFLX'],
      ['revenue'],
      [2017],
      { kind: 'ratio', across: 'companies' },
    ],
    // A part named before a list of line items is the part of each.
    [
      'Disney Experiences segment: revenue and operating income for fiscal 2021, 2022 and 2023',
      ['DIS'],
      ['revenue:experiences', 'operating_income:experiences'],
      [2023, 2022, 2021],
      { kind: 'value' },
    ],
    // A part's alias names the company and the part.
    ['What were AWS net sales each year from 2015 to 2019?', ['AMZN'], ['revenue:aws'], [2019, 2018, 2017, 2016, 2015], { kind: 'value' }],
    // A list that opens with a line item lists quantities.
    ['Costco net sales and membership fees, each year FY2021-FY2023', ['COST'], ['revenue', 'membership fees'], [2023, 2022, 2021], {}],
  ] as const)('%s', (question, companies, expected, years, op) => {
    const r = readSample(question);
    expect(tickers(r)).toEqual(companies);
    expect(measures(r)).toEqual(expected);
    expect(r.period.years).toEqual(years);
    const o = r.operation;
    expect({
      kind: o.kind,
      ...(o.rank ? { rank: o.rank.order } : {}),
      ...(o.steps ? { steps: true } : {}),
      ...(o.across ? { across: o.across } : {}),
    }).toMatchObject(op);
    // Comparison words are the operation's, never the measure's, and no word is left unread.
    expect(r.unread).toEqual([]);
    for (const m of r.measures)
      expect(m.qualifiers.join(' ')).not.toMatch(/\b(?:higher|highest|lowest|compare|side|each|fast|faster|gap|vs)\b/);
  });

  it("reads which of one company's parts leads: the part's noun is the operation's, the measure the company's", () => {
    const level = readSample('Which 3M business segment had the highest reported operating income in 2022?');
    expect([tickers(level), measures(level), level.period.years]).toEqual([['MMM'], ['operating_income'], [2022]]);
    expect(level.operation).toMatchObject({ kind: 'value', rank: { order: 'desc' }, parts: true });
    const growth = readSample('Which Starbucks segment grew operating income fastest, in percentage terms, in fiscal 2023?');
    expect([measures(growth), growth.operation.kind, growth.operation.parts]).toEqual([['operating_income'], 'pct_change', true]);
    expect(readSample('Which JPMorgan Chase line of business earned the most net income in 2022?').operation.parts).toBe(true);
    for (const r of [level, growth]) expect(r.unread).toEqual([]);
    // A rank among companies, or no rank word, is no ranking of parts.
    expect(readSample('Which had the higher operating income in 2022, Coca-Cola or PepsiCo?').operation.parts).toBeUndefined();
    expect(readSample("What was 3M's Health Care segment operating income in 2022?").operation.parts).toBeUndefined();
  });

  it('reads no rank, comparison or step where one company and one year are asked', () => {
    const r = readSample("What was Apple's highest-margin product line's revenue in fiscal 2023?");
    expect(r.operation.rank).toBeUndefined();
    expect(readSample('What were the most recent quarterly revenues of Apple and Microsoft?').operation.rank).toBeUndefined();
    expect(readSample('What was the compound annual growth rate of Walmart revenue from fiscal 2017 to 2020?').operation).toMatchObject({
      kind: 'cagr',
    });
    expect(
      readSample('What was the compound annual growth rate of Walmart revenue from fiscal 2017 to 2020?').operation.steps,
    ).toBeUndefined();
    expect(readSample("What was Boeing's average dividend declared per share over 2014-2018?").operation.steps).toBeUndefined();
  });
});
