// Filter inference from the question, on the companies of the sample index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex, type IndexHandle } from '../../src/engine/index/open.js';
import { buildDirectory, type Directory } from '../../src/engine/retrieve/directory.js';
import { inferFilters } from '../../src/engine/question/filters.js';
import { resolveScope } from '../../src/engine/retrieve/scope.js';
import { analyzeQuery } from '../../src/engine/question/analyze.js';
import { ftsExpression } from '../../src/engine/retrieve/query-terms.js';

let index: IndexHandle;
let dir: Directory;
beforeAll(() => {
  index = openIndex(process.env.FILINGS_TEST_INDEX!);
  dir = buildDirectory(index.filings(), index.companies());
});
afterAll(() => index.close());

describe('inferFilters', () => {
  it.each<[string, Record<string, unknown>]>([
    ["What was 3M's capital expenditure in FY2018?", { sec_ticker: ['MMM'], sec_fiscal_year: ['FY-2018'] }],
    ["What is Coca Cola's FY2021 COGS % margin?", { sec_ticker: ['KO'], sec_fiscal_year: ['FY-2021'] }],
    ['Is the Coca-Cola Company growing?', { sec_ticker: ['KO'] }],
    ['How did JPMorgan do in fiscal 2022?', { sec_ticker: ['JPM'], sec_fiscal_year: ['FY-2022'] }],
    ['Show me $AAPL and $MSFT revenue in 2021', { sec_ticker: ['AAPL', 'MSFT'], sec_fiscal_year: ['FY-2021'] }],
    ['Did Pfizer grow its PPNE between FY20 and FY21?', { sec_ticker: ['PFE'], sec_fiscal_year: ['FY-2021', 'FY-2020'] }],
    ['walmart revenue from 2018 to 2020', { sec_ticker: ['WMT'], sec_fiscal_year: ['FY-2020', 'FY-2019', 'FY-2018'], yearRange: true }],
    // The last three fiscal years: the latest annual report's year and the two before it.
    ["coke's capex over the last three years", { sec_ticker: ['KO'], sec_fiscal_year: ['FY-2022', 'FY-2021', 'FY-2020'], yearRange: true }],
    [
      "As of Q2'2023, is Pfizer spinning off any large business segments?",
      { sec_ticker: ['PFE'], sec_fiscal_year: ['FY-2023'], sec_form_type: ['10-Q'] },
    ],
    ['What did Boeing say in its quarterly report?', { sec_ticker: ['BA'], sec_form_type: ['10-Q'] }],
    [
      'What are the risk factors in the 10-K of Nike?',
      { sec_ticker: ['NKE'], sec_form_type: ['10-K'], sec_item_tag: ['10K-Item-1A', '10Q-Part2-Item-1A'] },
    ],
    ["Summarize Microsoft's MD&A", { sec_ticker: ['MSFT'], sec_item_tag: ['10K-Item-7', '10Q-Part1-Item-2'] }],
    ['What legal proceedings does CVS Health face?', { sec_ticker: ['CVS'], sec_item_tag: ['10K-Item-3', '10Q-Part2-Item-1'] }],
    ['What does the risk factors section say about cybersecurity?', { sec_item_tag: ['10K-Item-1A', '10Q-Part2-Item-1A'] }],
    ['What do banks say about credit losses?', { sec_gics_sub_industry: expect.arrayContaining(['Diversified Banks']) }],
    ['What is Block (formerly known as Square) revenue growth?', { sec_ticker: ['XYZ'] }],
    // A quarter named by its end date, in the company's fiscal year (Amcor's ends in June).
    [
      'Amcor net sales for the quarter ended December 31, 2023',
      { sec_ticker: ['AMCR'], sec_fiscal_year: ['FY-2024'], quarter: 2, sec_form_type: ['10-Q'] },
    ],
    ['MGM casino revenue for the three months ended September 30, 2022', { sec_ticker: ['MGM'], sec_fiscal_year: ['FY-2022'], quarter: 3 }],
    ["MGM Resorts' net margin for the nine months ended September 30, 2022", { sec_fiscal_year: ['FY-2022'], quarter: 3, months: 9 }],
    ['pepsico net revenue first half 2023', { sec_ticker: ['PEP'], sec_fiscal_year: ['FY-2023'], quarter: 2, months: 6 }],
    // A balance at a date: the fiscal year the date falls in, by the company's reports (Ulta's year ends
    // near February 1: the 10-Q of October 28, 2023 is of fiscal 2024, its third quarter).
    [
      'Ulta Beauty merchandise inventories as of October 28, 2023',
      { sec_ticker: ['ULTA'], sec_fiscal_year: ['FY-2024'], quarter: 3, sec_form_type: ['10-Q'] },
    ],
    ['How many Jacobs common shares were outstanding at September 30, 2022?', { sec_ticker: ['J'], sec_fiscal_year: ['FY-2022'] }],
  ])('%s', (q, expected) => {
    const { spans: _s, links: _l, ...got } = inferFilters(q, dir);
    expect(got).toMatchObject(expected);
  });

  it('does not take common words for companies or tickers', () => {
    const got = inferFilters('A block of shares was sold; IT and ALL other costs rose', dir);
    expect(got.sec_ticker).toBeUndefined();
  });

  it('leaves a topic to ranking rather than narrowing to one item', () => {
    // Item 1C is "Not applicable" in most filings of this corpus: cybersecurity is searched everywhere.
    expect(inferFilters('How do companies describe cybersecurity governance?', dir).sec_item_tag).toBeUndefined();
  });

  it('takes the words that name a sector as a filter, and out of the search, as a company name', () => {
    const banks = inferFilters('How do banks describe credit losses?', dir);
    expect(banks.sec_gics_sub_industry).toContain('Diversified Banks');
    expect(banks.spans).toContain('banks');
    expect(analyzeQuery('How do banks describe credit losses?', banks.spans).terms).not.toContain('banks');
    const tech = inferFilters('What do tech companies say about supply chain risks?', dir);
    expect(tech.sec_gics_sector).toEqual(['Information Technology']);
    expect(tech.spans).toContain('tech companies');
    // A named sub-industry too, as written.
    expect(inferFilters('What do Application Software makers say about pricing?', dir).spans).toContain('Application Software');
  });
});

describe('resolveScope', () => {
  const scope = (q: string, caller?: Record<string, unknown>) =>
    resolveScope({ caller: caller as never, inferred: inferFilters(q, dir), dir, sections: (id) => index.sections(id) });

  it('defaults to the latest fiscal year when the question names none', () => {
    const s = scope("Is Boeing's business subject to cyclicality?");
    expect(s.applied.sec_ticker).toBe('BA');
    expect(s.applied.sec_fiscal_year).toBe('FY-2022');
    expect(s.notices[0]!.message).toMatch(/latest available/);
  });
  it('assumes no year for a trend question', () => {
    expect(scope("How has Boeing's revenue evolved over time?").applied.sec_fiscal_year).toBeUndefined();
  });
  it('relaxes a year with no filing to the nearest, with a notice', () => {
    const s = scope('What production rate changes is Boeing forecasting for FY2024?');
    expect(s.applied.sec_fiscal_year).toBe('FY-2022');
    expect(s.notices.map((n) => n.code)).toContain('INFERRED_FILTER_RELAXED');
  });
  it('drops an inferred form that matches nothing, with a notice', () => {
    const s = scope('Has CVS Health paid dividends in Q2 of FY2022?');
    expect(s.applied).toMatchObject({ sec_ticker: 'CVS', sec_fiscal_year: 'FY-2022' });
    expect(s.applied.sec_form_type).toBeUndefined();
    expect(s.notices.some((n) => n.code === 'INFERRED_FILTER_RELAXED' && n.message.includes('sec_form_type'))).toBe(true);
  });
  it('says so, first, when the question names a company the index holds no filings of, and searches nothing', () => {
    const s = scope("What were Tesla's deliveries in 2022?");
    expect(s.applied.sec_ticker).toBeUndefined();
    expect(s.notices[0]!.code).toBe('COMPANY_NOT_IN_INDEX');
    expect(s.notices[0]!.message).toMatch(/no filings of Tesla \(TSLA\).*filings corpus pull TSLA/);
    expect(s.ranges).toEqual([]);
    expect(s.missing).toEqual([{ ticker: 'TSLA', name: 'Tesla' }]);
  });
  it('reads a year without its own filing from the comparative columns of a later annual report', () => {
    const s = scope("What were 3M's net sales in 2020?");
    expect(s.applied.sec_fiscal_year).toBe('FY-2022');
    expect(s.askedYears).toEqual([2020]);
    expect(s.notices.map((n) => n.code)).toContain('YEAR_FROM_COMPARATIVES');
  });
  it('says when a caller filter contradicts the question', () => {
    const s = scope("What was 3M's capital expenditure in FY2018?", { sec_fiscal_year: 'FY-2022' });
    expect(s.askedYears).toEqual([2022]);
    expect(s.notices.find((n) => n.code === 'FILTER_CONFLICTS_WITH_QUESTION')?.message).toMatch(/FY-2018.*FY-2022/);
  });
  it('knows every constituent, with or without filings', () => {
    expect(index.companies().length).toBeGreaterThan(500);
    expect(inferFilters('How is Tesla doing?', dir).sec_ticker).toEqual(['TSLA']);
  });
  it('never overrides or relaxes caller filters', () => {
    const s = scope("What was 3M's capital expenditure in FY2018?", { sec_ticker: 'KO', sec_fiscal_year: 'FY-2030' });
    expect(s.applied).toEqual({ sec_ticker: 'KO', sec_fiscal_year: 'FY-2030' });
    expect(s.filings).toEqual([]);
    expect(s.ranges).toEqual([]);
  });
  it('scopes items to their sections', () => {
    const s = scope('What are the risk factors in the 10-K of Nike for FY2023?');
    const sections = s.filings.flatMap((f) => index.sections(f.id)).filter((x) => x.item_tag === '10K-Item-1A');
    expect(s.ranges).toEqual(sections.map((x) => [x.first_statement, x.last_statement]));
  });
});

describe('query analysis', () => {
  it('sets aside framing sentences but keeps the question', () => {
    const q =
      'Assume that you are a public equities analyst. Answer the following question by primarily using information that is shown in the balance sheet: what is the year end FY2018 net PPNE for 3M?';
    const a = analyzeQuery(q, ['3M']);
    expect(a.items).toEqual(['ppe']);
    expect(a.terms).not.toContain('equities');
    expect(a.statementHints.map((h) => h.type)).toEqual(['balance']);
  });
  it('turns line items into their printed labels and phrases into NEAR groups', () => {
    const a = analyzeQuery('What is the FY2018 capital expenditure amount (in USD millions) for 3M?', ['3M']);
    expect(a.items).toEqual(['capex']);
    expect(a.terms).toEqual([]);
    expect(a.figure).toBe(true);
    expect(ftsExpression(a, 'and')).toContain('NEAR("purchases" "property" "equipment", 3)');
  });
  it('reads metrics, plurals and abbreviations, and keeps frame words out of the search', () => {
    expect(analyzeQuery('Is Amazon historically consistent in its operating margins?', ['Amazon'])).toMatchObject({
      metrics: ['operating_margin'],
      terms: [],
    });
    expect(analyzeQuery('capex and FCF for AMD', ['AMD'])).toMatchObject({ items: ['capex'], metrics: ['free_cash_flow'] });
    expect(analyzeQuery('total current assets of Pepsi', ['Pepsi']).items).toEqual(['current_assets']);
    expect(analyzeQuery('what was cost of sales for Nike', ['Nike']).items).toEqual(['cost_of_revenue']);
    expect(analyzeQuery('Does Boeing have a reasonably healthy business?', ['Boeing']).terms).toEqual([]);
  });
  it('reads two line items set against each other as the metric that divides them, however phrased', () => {
    const metric = (q: string) => analyzeQuery(q).metrics;
    expect(metric("What share of Coca Cola's 2021 revenue went to cost of goods sold?")).toEqual(['cogs_ratio']);
    expect(metric('Coca Cola cost of sales to revenue ratio 2021')).toEqual(['cogs_ratio']);
    expect(metric('COGS/revenue for KO in 2021')).toEqual(['cogs_ratio']);
    expect(metric('long-term debt relative to equity')).toEqual(['debt_to_equity']);
    expect(metric('income tax as a percentage of pretax income')).toEqual(['effective_tax_rate']);
    // Two items asked side by side are two figures.
    expect(metric('What was revenue and net income in 2021?')).toEqual([]);
  });

  it('notes the statement a question names', () => {
    const a = analyzeQuery('Using the cash flow statement, what were dividends paid?');
    expect(a.statementHints.map((h) => h.name)).toEqual(['cash flow statement']);
    expect(a.itemHints).toContain('10K-Item-8');
  });
  it('knows a question about what a company does', () => {
    expect(analyzeQuery('What does Apple do?', ['Apple']).overview).toBe(true);
    expect(analyzeQuery('Tell me about Apple', ['Apple']).overview).toBe(true);
    expect(analyzeQuery("What was Apple's revenue?", ['Apple']).overview).toBe(false);
  });
});
