// Whether a filing of the local index satisfies canonical metadata filters (as checkFilters returns
// them): the same three forms and five operators as a query's filters, on the filing's own metadata.
// A filing matches an item tag when it has that item.
import type { CanonicalFilters } from '../../contract/types.js';
import type { IndexedFiling } from '../context.js';

type FieldName =
  | 'report_filing_date'
  | 'sec_fiscal_year'
  | 'sec_fiscal_year_end'
  | 'sec_form_type'
  | 'sec_gics_sector'
  | 'sec_gics_sub_industry'
  | 'sec_item_tag'
  | 'sec_ticker';

const VALUES: Record<FieldName, (f: IndexedFiling) => string[]> = {
  report_filing_date: (f) => [f.report_filing_date],
  sec_fiscal_year: (f) => [f.sec_fiscal_year],
  sec_fiscal_year_end: (f) => [f.sec_fiscal_year_end],
  sec_form_type: (f) => [f.sec_form_type],
  sec_gics_sector: (f) => (f.sec_gics_sector ? [f.sec_gics_sector] : []),
  sec_gics_sub_industry: (f) => (f.sec_gics_sub_industry ? [f.sec_gics_sub_industry] : []),
  sec_item_tag: (f) => f.items,
  sec_ticker: (f) => (f.sec_ticker ? [f.sec_ticker] : []),
};

type Condition = CanonicalFilters[string];

function holds(have: string[], condition: Condition): boolean {
  if (typeof condition === 'string') return have.includes(condition);
  if (Array.isArray(condition)) return condition.some((v) => have.includes(v));
  return Object.entries(condition).every(([op, value]) => {
    const wanted = Array.isArray(value) ? value : [value];
    switch (op) {
      case 'eq':
      case 'in':
        return wanted.some((v) => have.includes(v));
      case 'neq':
        return !wanted.some((v) => have.includes(v));
      case 'gte':
        return have.some((h) => wanted.every((v) => h >= v));
      case 'lte':
        return have.some((h) => wanted.every((v) => h <= v));
      default:
        return false;
    }
  });
}

export function filingMatches(filing: IndexedFiling, filters: CanonicalFilters): boolean {
  return Object.entries(filters).every(([field, condition]) => {
    const values = VALUES[field as FieldName];
    return values !== undefined && holds(values(filing), condition);
  });
}
