// Row types of the index, as the read API returns them.
import type { StatementKind } from '../corpus/prepared.js';
import type { StatementType, TableColumn, TableModel, TableUnit } from '../tables/model.js';

export type { StatementKind };

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
  /** The company's own fiscal-year naming against `sec_fiscal_year`, as the filing states it: -1 when
   * it names the year ended January 28, 2023 "fiscal 2022" (FY-2023 here); null when it does not say. */
  fiscal_name_offset: number | null;
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
  /** JSON of FilingStats (writer.ts): statements by kind, the largest section's share. */
  stats: string;
  /** The full-text shard holding the filing's statements (shards.ts). */
  shard: number;
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

/** A statement as its block stores it (blocks.ts); the row adds where it sits. */
export interface StatementBody {
  kind: StatementKind;
  table_id: number | null;
  row_in_table: number | null;
  char_offset: number;
  text: string;
  /** A row statement's row model as compact JSON (row-codec.ts); null for other kinds. */
  row: string | null;
  /** A sentence that opens its paragraph (corpus/prepared.ts); absent in indexes built before it was
   * stored, and for every other statement. */
  opens?: true;
}

export interface StatementRow extends StatementBody {
  id: number;
  filing_id: number;
  section_id: number;
  ordinal: number;
}

export interface TableRow {
  id: number;
  filing_id: number;
  section_id: number;
  statement: StatementType | null;
  caption: string;
  /** TableMeta as deflated JSON (blocks.ts). */
  model: Buffer;
  first_statement: number;
  last_statement: number;
}

/** What a table row of the index holds besides its rows. */
export interface TableMeta {
  headingPath: string[];
  unit: TableUnit | null;
  columns: TableColumn[];
}

/** A whole table as the read API gives it: its model (rows decoded) and the statement id of each row. */
export interface IndexedTable {
  id: number;
  filingId: number;
  sectionId: number;
  model: TableModel;
  /** Statement id of each row of `model.rows`. */
  rowIds: number[];
  /** The row statements themselves, in the same order. */
  rowStatements: StatementRow[];
  /** The caption statement's id, when the table has a caption. */
  captionId: number | null;
}

/** An inline-XBRL fact of the index. */
export interface FactRow {
  id: number;
  filing_id: number;
  statement_id: number | null;
  col: number | null;
  concept: string;
  value: number | null;
  unit: string | null;
  decimals: number | null;
  start: string | null;
  end: string;
  instant: 0 | 1;
  /** JSON object axis -> member; null for the consolidated entity. */
  dims: string | null;
}
