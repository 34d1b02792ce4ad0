// The registry of the eight metadata-filter fields: one table drives validation, canonical values,
// the OpenAPI description, `GET /metadata-filters`, the CLI's --filter aliases, help and completions.
import {
  canonicalDate,
  canonicalFiscalYear,
  canonicalFiscalYearEnd,
  canonicalFormType,
  canonicalItem,
  canonicalSector,
  canonicalSubIndustry,
  canonicalTicker,
  type Canonical,
} from './canonical.js';

export const OPERATORS = ['eq', 'neq', 'in', 'gte', 'lte'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterField {
  name: string;
  display_name: string;
  value_type: 'date' | 'string';
  /** Human description of the value's format. */
  format: string;
  /** A regular expression the canonical value matches (for the OpenAPI document). */
  pattern: string;
  operators: readonly Operator[];
  example: string;
  /** Short names accepted by `filings query --filter NAME=VALUE`. */
  aliases: readonly string[];
  canonicalize: (value: string) => Canonical;
  /** True when the field's value set is known without the index (sectors, forms, items). */
  closed_values: boolean;
}

const CATEGORICAL: readonly Operator[] = ['eq', 'neq', 'in'];

export const FILTER_FIELDS: readonly FilterField[] = [
  {
    name: 'report_filing_date',
    display_name: 'Filing date',
    value_type: 'date',
    format: 'date YYYY-MM-DD',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    operators: ['eq', 'gte', 'lte'],
    example: '2025-01-01',
    aliases: ['filed', 'filing-date', 'date'],
    canonicalize: canonicalDate,
    closed_values: false,
  },
  {
    name: 'sec_fiscal_year',
    display_name: 'Fiscal year',
    value_type: 'string',
    format: 'fiscal year FY-YYYY (2023, FY2023, fy-2023 are accepted)',
    pattern: '^FY-\\d{4}$',
    operators: CATEGORICAL,
    example: 'FY-2025',
    aliases: ['year', 'fy', 'fiscal-year'],
    canonicalize: canonicalFiscalYear,
    closed_values: false,
  },
  {
    name: 'sec_fiscal_year_end',
    display_name: 'Fiscal year end',
    value_type: 'string',
    format: 'fiscal year end MM-DD (0930 and 9/30 are accepted)',
    pattern: '^\\d{2}-\\d{2}$',
    operators: CATEGORICAL,
    example: '09-27',
    aliases: ['fye', 'year-end', 'fiscal-year-end'],
    canonicalize: canonicalFiscalYearEnd,
    closed_values: false,
  },
  {
    name: 'sec_form_type',
    display_name: 'Form type',
    value_type: 'string',
    format: 'form type such as 10-K, 10-Q, 8-K (10k is accepted)',
    pattern: '^[0-9A-Z]+-[0-9A-Z]+(?:/A)?$',
    operators: CATEGORICAL,
    example: '10-K',
    aliases: ['form', 'form-type'],
    canonicalize: canonicalFormType,
    closed_values: true,
  },
  {
    name: 'sec_gics_sector',
    display_name: 'GICS sector',
    value_type: 'string',
    format: 'GICS sector name (case-insensitive)',
    pattern: '^.+$',
    operators: CATEGORICAL,
    example: 'Information Technology',
    aliases: ['sector'],
    canonicalize: canonicalSector,
    closed_values: true,
  },
  {
    name: 'sec_gics_sub_industry',
    display_name: 'GICS sub-industry',
    value_type: 'string',
    format: 'GICS sub-industry name (case-insensitive)',
    pattern: '^.+$',
    operators: CATEGORICAL,
    example: 'Technology Hardware, Storage & Peripherals',
    aliases: ['sub-industry', 'subindustry', 'industry'],
    canonicalize: canonicalSubIndustry,
    closed_values: true,
  },
  {
    name: 'sec_item_tag',
    display_name: 'Item',
    value_type: 'string',
    format: 'item tag such as 10K-Item-1A, 10Q-Part2-Item-1A, 8K-Item-2.02 (1A, Item 7 are accepted)',
    pattern: '^(?:10K|10Q|8K)-(?:Cover|Item-[0-9.]+[A-C]?|Part[12]-Item-[0-9]+A?)$',
    operators: CATEGORICAL,
    example: '10K-Item-1A',
    aliases: ['item', 'section'],
    canonicalize: canonicalItem,
    closed_values: true,
  },
  {
    name: 'sec_ticker',
    display_name: 'Ticker',
    value_type: 'string',
    format: 'primary ticker symbol (case-insensitive)',
    pattern: '^[A-Z][A-Z0-9]*(?:[.-][A-Z0-9]+)?$',
    operators: CATEGORICAL,
    example: 'AAPL',
    aliases: ['ticker', 'symbol'],
    canonicalize: canonicalTicker,
    closed_values: false,
  },
];

export const FIELD_NAMES = FILTER_FIELDS.map((f) => f.name);
const BY_NAME = new Map(FILTER_FIELDS.map((f) => [f.name, f]));
const BY_ALIAS = new Map(FILTER_FIELDS.flatMap((f) => [[f.name, f] as const, ...f.aliases.map((a) => [a, f] as const)]));

export function filterField(name: string): FilterField | undefined {
  return BY_NAME.get(name);
}

/** A field by its canonical name or a CLI alias (case-insensitive; `_` and `-` alike). */
export function filterFieldByAlias(name: string): FilterField | undefined {
  const key = name.trim().toLowerCase();
  return BY_ALIAS.get(key) ?? BY_ALIAS.get(key.replace(/_/g, '-')) ?? BY_NAME.get(key.replace(/-/g, '_'));
}

/** Boolean-expression roots the contract names and rejects. */
export const EXPRESSION_ROOTS = ['and', 'or', 'not', 'field'] as const;
