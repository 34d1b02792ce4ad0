/*
 * The local index: one SQLite file (better-sqlite3). Schema version SCHEMA_VERSION, stored both in
 * `PRAGMA user_version` and in `meta`. An index of another version is refused (see open.ts).
 *
 *   meta(key PRIMARY KEY, value)          schema_version, code_version, created_at, updated_at
 *   filings(id PK, accession UNIQUE, ...) one row per filing: the eight filter fields (sec_ticker,
 *       sec_form_type, sec_fiscal_year, sec_fiscal_year_end, report_filing_date, sec_gics_sector,
 *       sec_gics_sub_industry; sec_item_tag lives on sections), nominal_fiscal_year_end, period_of_report,
 *       company (EDGAR), security_name (constituents' "Security"), cik, EDGAR URLs, source_file,
 *       content_chars, items (JSON array of item tags found), first_statement..last_statement
 *       (the filing's statement ids: contiguous, in document order), statement_count.
 *   sections(id PK, filing_id, ordinal, item_tag, title, heading, start_char, end_char,
 *       first_statement, last_statement)  cover + items in document order; statements contiguous.
 *   tables(id PK, filing_id, section_id, statement, caption, model, first_statement, last_statement)
 *       one table of the table model (tables/model.ts): `statement` names a primary financial statement
 *       (income, balance, cash_flow, ...) or is NULL; `model` is JSON {headingPath, unit, columns}; its
 *       rows are its row statements, in order.
 *   statements(id PK, filing_id, section_id, ordinal, kind, table_id, row_in_table, char_offset, text,
 *       row)  kind: heading | sentence | caption | row. `ordinal` is the position within the filing
 *       (0-based) and id = filings.first_statement + ordinal, so neighbours are id±k. A row statement's
 *       `text` is the row as printed and `row` its model as compact JSON (row-codec.ts): label, cells,
 *       kind (header/data/subtotal/total), group, aligned.
 *   statements_fts  FTS5(body, context), contentless (nothing stored twice), rowid = statements.id,
 *       tokenize 'porter unicode61'. `body` is a sentence's or heading's text, or a row's label (its own
 *       BM25 field, without the numbers); `context` is a row's or caption's table caption and group.
 *       Filters reach FTS5 as rowid ranges: a filing's (or a section's) statements are one
 *       `rowid BETWEEN first AND last` range, which FTS5 applies inside its scan.
 *   facts(id PK, filing_id, statement_id, col, concept, value, unit, decimals, start, end, instant,
 *       dims)  inline-XBRL facts (HTML ingest), linked to the row statement and column that show them.
 *   companies(ticker PK, name, cik, sector, sub_industry)  every row of the constituents file used at
 *       ingest, filings or not, so a question about a company the index lacks can say so.
 *
 * Metadata columns are indexed for filtering and facet counts. Statements carry no secondary index:
 * every lookup (a filing's, a section's, a table's statements, neighbours) is an id range.
 */

export const SCHEMA_VERSION = 3;

export const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE companies (
  ticker TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  cik TEXT,
  sector TEXT,
  sub_industry TEXT
) WITHOUT ROWID;
CREATE TABLE filings (
  id INTEGER PRIMARY KEY,
  accession TEXT NOT NULL UNIQUE,
  cik TEXT NOT NULL,
  company TEXT NOT NULL,
  security_name TEXT,
  sec_ticker TEXT,
  sec_form_type TEXT NOT NULL,
  sec_fiscal_year TEXT NOT NULL,
  sec_fiscal_year_end TEXT NOT NULL,
  nominal_fiscal_year_end TEXT,
  period_of_report TEXT NOT NULL,
  report_filing_date TEXT NOT NULL,
  sec_gics_sector TEXT,
  sec_gics_sub_industry TEXT,
  sic TEXT,
  state_of_inc TEXT,
  filing_html_index TEXT,
  htm_filing_link TEXT,
  complete_text_filing_link TEXT,
  source_file TEXT NOT NULL,
  content_chars INTEGER NOT NULL,
  items TEXT NOT NULL,
  first_statement INTEGER NOT NULL,
  last_statement INTEGER NOT NULL,
  statement_count INTEGER NOT NULL,
  added_at TEXT NOT NULL
);
CREATE INDEX filings_ticker ON filings(sec_ticker);
CREATE INDEX filings_form ON filings(sec_form_type);
CREATE INDEX filings_fy ON filings(sec_fiscal_year);
CREATE INDEX filings_fye ON filings(sec_fiscal_year_end);
CREATE INDEX filings_date ON filings(report_filing_date);
CREATE INDEX filings_sector ON filings(sec_gics_sector);
CREATE INDEX filings_sub ON filings(sec_gics_sub_industry);
CREATE INDEX filings_cik ON filings(cik);
CREATE TABLE sections (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL REFERENCES filings(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  item_tag TEXT NOT NULL,
  title TEXT NOT NULL,
  heading TEXT NOT NULL,
  start_char INTEGER NOT NULL,
  end_char INTEGER NOT NULL,
  first_statement INTEGER NOT NULL,
  last_statement INTEGER NOT NULL
);
CREATE INDEX sections_filing ON sections(filing_id, ordinal);
CREATE INDEX sections_item ON sections(item_tag);
CREATE TABLE tables (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL,
  section_id INTEGER NOT NULL,
  statement TEXT,
  caption TEXT NOT NULL,
  model TEXT NOT NULL,
  first_statement INTEGER NOT NULL,
  last_statement INTEGER NOT NULL
);
CREATE INDEX tables_filing ON tables(filing_id, statement);
CREATE TABLE statements (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL,
  section_id INTEGER NOT NULL,
  ordinal INTEGER NOT NULL,
  kind TEXT NOT NULL,
  table_id INTEGER,
  row_in_table INTEGER,
  char_offset INTEGER NOT NULL,
  text TEXT NOT NULL,
  row TEXT
);
CREATE VIRTUAL TABLE statements_fts USING fts5(
  body, context, content='', contentless_delete=1, tokenize='porter unicode61'
);
CREATE TABLE facts (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL,
  statement_id INTEGER,
  col INTEGER,
  concept TEXT NOT NULL,
  value REAL,
  unit TEXT,
  decimals INTEGER,
  start TEXT,
  end TEXT NOT NULL,
  instant INTEGER NOT NULL,
  dims TEXT
);
CREATE INDEX facts_filing ON facts(filing_id, concept);
CREATE INDEX facts_statement ON facts(statement_id);
`;

/** Pragmas for a connection: mmap for reads; the writer adds its own. */
export const MMAP_SIZE = 512 * 1024 * 1024;
