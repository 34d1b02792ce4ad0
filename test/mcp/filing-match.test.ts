// list_filings' matching of canonical filters against a filing's metadata: the three forms and the
// five operators, item tags matched against the filing's items.
import { describe, expect, it } from 'vitest';
import { checkFilters } from '../../src/contract/filters.js';
import type { IndexedFiling } from '../../src/mcp/context.js';
import { filingMatches } from '../../src/mcp/tools/filing-match.js';

const ko: IndexedFiling = {
  accession: '0000021344-23-000011',
  sec_ticker: 'KO',
  company: 'COCA COLA CO',
  sec_form_type: '10-K',
  sec_fiscal_year: 'FY-2022',
  sec_fiscal_year_end: '12-31',
  period_of_report: '2022-12-31',
  report_filing_date: '2023-02-21',
  sec_gics_sector: 'Consumer Staples',
  sec_gics_sub_industry: 'Soft Drinks & Non-alcoholic Beverages',
  items: ['10K-Cover', '10K-Item-1', '10K-Item-1A', '10K-Item-7'],
  filing_html_index: null,
};

/** Canonicalized as a request's filters are, then matched. */
const matches = (filters: Record<string, unknown>) => {
  const checked = checkFilters(filters);
  expect(checked.issues).toEqual([]);
  return filingMatches(ko, checked.filters);
};

describe('filingMatches', () => {
  it.each([
    [{}, true],
    [{ sec_ticker: 'ko' }, true],
    [{ sec_ticker: 'PEP' }, false],
    [{ sec_ticker: ['PEP', 'KO'] }, true],
    [{ sec_fiscal_year: { neq: '2022' } }, false],
    [{ sec_fiscal_year: { in: ['2021', '2023'] } }, false],
    [{ sec_form_type: '10k', sec_gics_sector: 'consumer staples' }, true],
    [{ report_filing_date: { gte: '2023-01-01', lte: '2023-02-21' } }, true],
    [{ report_filing_date: { lte: '2023-02-20' } }, false],
    [{ sec_item_tag: '1A' }, true],
    [{ sec_item_tag: { neq: '10K-Item-7' } }, false],
    [{ sec_item_tag: ['10K-Item-8', '10K-Item-9A'] }, false],
  ])('%j -> %s', (filters, expected) => {
    expect(matches(filters)).toBe(expected);
  });

  it('a filing without a ticker matches no ticker condition but neq', () => {
    const unlisted = { ...ko, sec_ticker: null };
    expect(filingMatches(unlisted, { sec_ticker: 'KO' })).toBe(false);
    expect(filingMatches(unlisted, { sec_ticker: { neq: 'KO' } })).toBe(true);
  });
});
