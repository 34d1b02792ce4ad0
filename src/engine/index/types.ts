// Row types of the index, as the read API returns them.
import type { FilingMeta } from '../filing/metadata.js';
import type { SectionFields, StatementKind } from '../filing/prepared.js';
import type { StatementType, TableColumn, TableModel, TableUnit } from '../tables/model.js';

export type { FilingMeta, StatementKind };

/** A company of the constituents file, whether or not the index holds its filings. */
export interface CompanyRow {
  ticker: string;
  name: string;
  cik: string | null;
  sector: string | null;
  sub_industry: string | null;
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

export interface SectionRow extends SectionFields {
  id: number;
  filing_id: number;
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
  /** A sentence that opens its paragraph (filing/prepared.ts); absent in indexes built before it was
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
