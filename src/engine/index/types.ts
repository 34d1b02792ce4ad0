// Row types of the index, as the read API returns them.

/** A company of the constituents file, whether or not the index holds its filings. */
export interface CompanyRow {
  ticker: string;
  name: string;
  cik: string | null;
  sector: string | null;
  sub_industry: string | null;
}

/** The metadata of a filing as ingest derives it: the eight filter fields, names, EDGAR addresses. */
export interface FilingMeta {
  accession: string;
  cik: string;
  /** EDGAR's conformed name, e.g. "3M CO". */
  company: string;
  /** The constituents' name, e.g. "3M", "Coca-Cola Company (The)"; null when the CIK is not listed. */
  security_name: string | null;
  sec_ticker: string | null;
  sec_form_type: string;
  sec_fiscal_year: string;
  sec_fiscal_year_end: string;
  nominal_fiscal_year_end: string | null;
  period_of_report: string;
  report_filing_date: string;
  sec_gics_sector: string | null;
  sec_gics_sub_industry: string | null;
  sic: string | null;
  state_of_inc: string | null;
  filing_html_index: string | null;
  htm_filing_link: string | null;
  complete_text_filing_link: string | null;
  source_file: string;
}

/** A row of `filings`: the metadata and where the filing's statements are. */
export interface FilingRow extends FilingMeta {
  id: number;
  content_chars: number;
  /** JSON array of item tags, e.g. '["10K-Item-1","10K-Item-1A"]'. */
  items: string;
  first_statement: number;
  last_statement: number;
  statement_count: number;
  added_at: string;
}

export interface SectionRow {
  id: number;
  filing_id: number;
  ordinal: number;
  item_tag: string;
  title: string;
  heading: string;
  start_char: number;
  end_char: number;
  first_statement: number;
  last_statement: number;
}

export type StatementKind = 'heading' | 'sentence' | 'caption' | 'header' | 'row';

export interface StatementRow {
  id: number;
  filing_id: number;
  section_id: number;
  ordinal: number;
  kind: StatementKind;
  table_id: number | null;
  row_in_table: number | null;
  char_offset: number;
  text: string;
  context: string | null;
}

export interface TableRow {
  id: number;
  filing_id: number;
  section_id: number;
  caption: string;
  /** JSON array of column years. */
  headers: string;
  headers_inferred: 0 | 1;
  unit: string | null;
  first_statement: number;
  last_statement: number;
}

export interface TableWithRows {
  table: TableRow;
  /** Caption, header and row statements, in order. */
  statements: StatementRow[];
}
