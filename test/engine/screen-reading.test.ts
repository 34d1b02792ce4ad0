// Companies as a set in the Reading (issue 43): a GICS sector or sub-industry by its name or a usual
// short form, the S&P 500 or all companies, a company's peers; a rank, a leader, a top or bottom N, an
// order said outright, read as the operation and never as words of the measure.
import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/engine/question/reading.js';
import { readSample } from '../helpers/sample-reader.js';

const measures = (r: Reading) => r.measures.map((x) => [x.item ?? x.metric ?? x.words.join(' '), ...x.qualifiers].join(':'));

describe('a set of companies read from a question', () => {
  it.each([
    // [question, set kind, names, measures, years, order, top]
    [
      'Rank the consumer discretionary companies by revenue for fiscal 2023',
      'sector',
      ['Consumer Discretionary'],
      ['revenue'],
      [2023],
      'desc',
      undefined,
    ],
    [
      'Which health care company had the highest gross margin in fiscal 2023?',
      'sector',
      ['Health Care'],
      ['gross_margin'],
      [2023],
      'desc',
      undefined,
    ],
    [
      "Software companies' operating margin in fiscal 2023, highest first",
      'sub_industry',
      ['Application Software', 'Systems Software'],
      ['operating_margin'],
      [2023],
      'desc',
      undefined,
    ],
    ['Bottom five tech companies by revenue in fiscal 2023', 'sector', ['Information Technology'], ['revenue'], [2023], 'asc', 5],
    [
      'What were the top 3 information technology companies by revenue in fiscal 2023?',
      'sector',
      ['Information Technology'],
      ['revenue'],
      [2023],
      'desc',
      3,
    ],
    [
      'Which semis company had the highest net income in fiscal 2023?',
      'sub_industry',
      ['Semiconductors', 'Semiconductor Materials & Equipment'],
      ['net_income'],
      [2023],
      'desc',
      undefined,
    ],
    [
      'Rank the semiconductor companies by R&D intensity in fiscal 2023',
      'sub_industry',
      ['Semiconductors'],
      ['rnd_intensity'],
      [2023],
      'desc',
      undefined,
    ],
    ['Which S&P 500 company had the highest revenue in fiscal 2022?', 'index', [], ['revenue'], [2022], 'desc', undefined],
    ['Of all companies, which had the lowest revenue in fiscal 2023?', 'index', [], ['revenue'], [2023], 'asc', undefined],
    ['Operating income of the utilities in fiscal 2022', 'sector', ['Utilities'], ['operating_income'], [2022], undefined, undefined],
    ['Rank the industrials by net income in fiscal 2023.', 'sector', ['Industrials'], ['net_income'], [2023], 'desc', undefined],
    ['Rank the staples companies by net income in fiscal 2022', 'sector', ['Consumer Staples'], ['net_income'], [2022], 'desc', undefined],
    [
      'Rank the aerospace and defense companies by net income for fiscal 2022, lowest first',
      'sub_industry',
      ['Aerospace & Defense'],
      ['net_income'],
      [2022],
      'asc',
      undefined,
    ],
    [
      'Which two consumer discretionary companies had the lowest net income in fiscal 2022?',
      'sector',
      ['Consumer Discretionary'],
      ['net_income'],
      [2022],
      'asc',
      2,
    ],
    [
      'Health care companies in descending order of revenue, fiscal 2022',
      'sector',
      ['Health Care'],
      ['revenue'],
      [2022],
      'desc',
      undefined,
    ],
  ] as const)('%s', (question, kind, names, expected, years, order, top) => {
    const r = readSample(question);
    expect(r.set?.kind).toBe(kind);
    expect(r.set?.names).toEqual(names);
    expect(r.companies).toEqual([]);
    expect(measures(r)).toEqual(expected);
    expect(r.period.years).toEqual(years);
    expect(r.operation.rank?.order).toBe(order);
    expect(r.operation.top).toBe(top);
    expect(r.figure).toBe(true);
    // Every word has a job: the set's words are the set's, the order's the operation's.
    expect(r.unread).toEqual([]);
    expect(r.words.some((w) => w.role === 'set')).toBe(true);
    for (const m of r.measures)
      expect(m.qualifiers.join(' ')).not.toMatch(/\b(?:highest|lowest|first|top|bottom|five|companies|company)\b/);
    // The scope is the set's: its sector or sub-industries, no company.
    expect(r.filters.sec_ticker).toBeUndefined();
    if (kind === 'sector') expect(r.filters.sec_gics_sector).toEqual(names);
    if (kind === 'sub_industry') expect(r.filters.sec_gics_sub_industry).toEqual(names);
  });

  it.each([
    ["Rank Qualcomm's peers by operating income in fiscal 2022", 'QCOM', ['Semiconductors'], 'desc'],
    ["How do Hormel's peers compare on operating income in fiscal 2022?", 'HRL', ['Packaged Foods & Meats'], undefined],
    ['Rank the peers of Apple by revenue in fiscal 2023', 'AAPL', ['Technology Hardware, Storage & Peripherals'], 'desc'],
    ['Nike and its competitors: revenue in fiscal 2023, largest first', 'NKE', ['Apparel, Accessories & Luxury Goods'], 'desc'],
  ] as const)("a company's peers are its sub-industry: %s", (question, of, names, order) => {
    const r = readSample(question);
    expect(r.set).toMatchObject({ kind: 'peers', of, names });
    expect(r.companies.map((c) => c.ticker)).toEqual([of]);
    expect(r.operation.rank?.order).toBe(order);
    expect(r.unread).toEqual([]);
    expect(r.filters.sec_gics_sub_industry).toEqual(names);
  });

  it.each([
    'How do banks describe credit losses?',
    'What risks do tech companies face from export controls?',
    "What was Coca-Cola's revenue in 2022?",
    'highest diluted EPS in 2022 among KO, PEP and MMM?',
    'Rank AMAT, MU, QCOM and AVGO by R&D spending in fiscal 2023',
    'What were Microsoft technology revenues in fiscal 2023?',
  ])('no set where none is asked: %s', (question) => {
    expect(readSample(question).set).toBeUndefined();
  });
});
