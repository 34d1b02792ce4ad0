/*
 * The local index: one SQLite file (better-sqlite3). Schema version SCHEMA_VERSION, stored both in
 * `PRAGMA user_version` and in `meta`. An index of a version outside READABLE_VERSIONS is refused
 * (see open.ts).
 *
 *   meta(key PRIMARY KEY, value)          schema_version, code_version, created_at, updated_at
 *   filings(id PK, accession UNIQUE, ...) one row per filing: the eight filter fields (sec_ticker,
 *       sec_form_type, sec_fiscal_year, sec_fiscal_year_end, report_filing_date, sec_gics_sector,
 *       sec_gics_sub_industry; sec_item_tag lives on sections), nominal_fiscal_year_end, fiscal_name_offset
 *       (the filing's own fiscal-year naming against sec_fiscal_year: -1, 0, 1 or NULL; fiscal-names.ts), period_of_report,
 *       company (EDGAR), security_name (constituents' "Security"), cik, EDGAR URLs, source_file,
 *       content_chars, items (JSON array of item tags found), first_statement..last_statement
 *       (the filing's statement ids: contiguous, in document order), statement_count, stats (JSON:
 *       statements by kind and the largest section's share, so `corpus stats` reads neither statements
 *       nor sections), shard (its full-text shard).
 *   sections(id PK, filing_id, ordinal, item_tag, title, heading, start_char, end_char,
 *       first_statement, last_statement)  cover + items in document order; statements contiguous.
 *   tables(id PK, filing_id, section_id, statement, caption, model, first_statement, last_statement)
 *       one table of the table model (tables/model.ts): `statement` names a primary financial statement
 *       (income, balance, cash_flow, ...) or is NULL; `model` is deflated JSON {headingPath, unit,
 *       columns}; its rows are its row statements, in order.
 *   blocks(id PK, data)  the statements themselves, stored once and compressed: up to 32 consecutive
 *       statements of one section (id = the first one's id), deflated (blocks.ts). A statement is a
 *       heading, sentence, caption, header or row; a row carries its row model as compact JSON
 *       (row-codec.ts). Statement ids are global, contiguous within a filing, never reused.
 *   shards(id PK, year, statements, filings)  the full-text index is split by fiscal year into FTS5
 *       tables fts_<id> of at most SHARD_CAP statements each (shards.ts): FTS5's bm25() counts each
 *       phrase's rows over its whole table, so a query pays for the shards it searches, not the index.
 *   fts_<id>  FTS5(body, context, label), contentless (nothing stored twice), rowid = statement id,
 *       tokenize 'porter unicode61'. `body` is a sentence's, heading's, caption's or table header's
 *       text; `label` a data row's label (so row-only searches need no other table); `context` a row's
 *       or caption's table caption and group. bm25 weighs body and label alike.
 *   facts(id PK, filing_id, statement_id, col, concept, value, unit, decimals, start, end, instant,
 *       dims)  inline-XBRL facts (HTML ingest), linked to the row statement and column that show them.
 *   companies(ticker PK, name, cik, sector, sub_industry)  every row of the constituents file used at
 *       ingest, filings or not, so a question about a company the index lacks can say so.
 *
 * Full builds write a temporary file renamed over the index; adding to an existing index writes in
 * place, in one transaction, in WAL mode (readers keep their snapshot and see the new filings once it
 * commits; a killed writer leaves the previous index whole).
 */

/** 6: statement blocks as lines (a header, then a JSON line per statement: blocks.ts). A program that
 * reads 5 would fail on such a block, so it is told the version instead. */
export const SCHEMA_VERSION = 6;
/** Versions this program reads: 5 differs only in its blocks' layout, which blocks.ts reads too. An add
 * in place to a 5 index makes it 6 (the blocks it adds are of the new layout). */
export const READABLE_VERSIONS: readonly number[] = [5, 6];

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
  fiscal_name_offset INTEGER,
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
  stats TEXT NOT NULL,
  shard INTEGER NOT NULL,
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
CREATE TABLE tables (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL,
  section_id INTEGER NOT NULL,
  statement TEXT,
  caption TEXT NOT NULL,
  model BLOB NOT NULL,
  first_statement INTEGER NOT NULL,
  last_statement INTEGER NOT NULL
);
CREATE INDEX tables_filing ON tables(filing_id, statement);
CREATE TABLE blocks (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);
CREATE TABLE shards (
  id INTEGER PRIMARY KEY,
  year TEXT NOT NULL,
  statements INTEGER NOT NULL,
  filings INTEGER NOT NULL
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
