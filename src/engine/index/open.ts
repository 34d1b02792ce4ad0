// The read API over an index file, for the retrieval layer: a read-only handle (version-checked, mmap
// on), typed rows, a statement's neighbours and whole tables.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { assertOurDatabase, checkIndexFile, fileError } from './check.js';
import { IndexFileError, IndexVersionError, NoIndexError } from './errors.js';
import { MMAP_SIZE, SCHEMA_VERSION } from './schema.js';
import type { CompanyRow, FilingRow, SectionRow, StatementRow, TableWithRows, TableRow } from './types.js';

/**
 * Merges the statement-id ranges of filings (or sections) into as few `[first, last]` ranges as
 * possible: adjacent ranges join (a company's filings are usually adjacent, being added in CIK order).
 * Retrieval runs one FTS5 query per range: `... WHERE statements_fts MATCH ? AND rowid BETWEEN ? AND ?
 * ORDER BY bm25(statements_fts) LIMIT k` (not `ORDER BY rank`, which sorts every match first), and
 * a JOIN on filings instead when there are many ranges (see bench/ingest.js for the figures).
 */
export function mergeRanges(rows: { first_statement: number; last_statement: number }[]): [number, number][] {
  const sorted = rows.filter((r) => r.last_statement >= r.first_statement).map((r) => [r.first_statement, r.last_statement] as [number, number]);
  sorted.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export function readSchemaVersion(db: Database.Database): number {
  return Number(db.pragma('user_version', { simple: true }));
}

export interface IndexHandle {
  readonly path: string;
  /** The underlying connection (read-only), for queries the helpers do not cover (FTS5 `MATCH`). */
  readonly db: Database.Database;
  filings(): FilingRow[];
  /** Every company of the constituents file used at ingest. */
  companies(): CompanyRow[];
  filing(idOrAccession: number | string): FilingRow | undefined;
  sections(filingId: number): SectionRow[];
  section(id: number): SectionRow | undefined;
  statement(id: number): StatementRow | undefined;
  /** Statements `before` ahead of and `after` behind `id`, within the same filing, in order (id included). */
  neighbours(id: number, before: number, after: number): StatementRow[];
  /** Statements with ids in [first, last], in order. */
  statementRange(first: number, last: number): StatementRow[];
  /** A whole table: its row and all its caption, header and row statements. */
  table(tableId: number): TableWithRows | undefined;
  close(): void;
}

/** The database at `path`, read-only, once it is known to be a whole SQLite file of ours. */
function openChecked(path: string): Database.Database {
  if (checkIndexFile(path) === 'empty') throw new IndexFileError(path, 'is an empty file, not an index');
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    assertOurDatabase(db, path);
    return db;
  } catch (e) {
    db?.close();
    throw e instanceof IndexFileError ? e : fileError(path, e);
  }
}

/** Opens an index read-only. Throws NoIndexError when absent, IndexFileError when the path holds
 * something else (a directory, another file, a damaged index), IndexVersionError on another version. */
export function openIndex(path: string): IndexHandle {
  if (!existsSync(path)) throw new NoIndexError(path);
  const db = openChecked(path);
  const version = readSchemaVersion(db);
  if (version !== SCHEMA_VERSION) {
    db.close();
    throw new IndexVersionError(path, version, SCHEMA_VERSION);
  }
  db.pragma(`mmap_size = ${MMAP_SIZE}`);
  const q = {
    filings: db.prepare('SELECT * FROM filings ORDER BY sec_ticker, report_filing_date, accession'),
    companies: db.prepare('SELECT * FROM companies ORDER BY ticker'),
    filingById: db.prepare('SELECT * FROM filings WHERE id = ?'),
    filingByAcc: db.prepare('SELECT * FROM filings WHERE accession = ?'),
    sections: db.prepare('SELECT * FROM sections WHERE filing_id = ? ORDER BY ordinal'),
    section: db.prepare('SELECT * FROM sections WHERE id = ?'),
    statement: db.prepare('SELECT * FROM statements WHERE id = ?'),
    range: db.prepare('SELECT * FROM statements WHERE id BETWEEN ? AND ? ORDER BY id'),
    rangeInFiling: db.prepare('SELECT * FROM statements WHERE id BETWEEN ? AND ? AND filing_id = ? ORDER BY id'),
    table: db.prepare('SELECT * FROM tables WHERE id = ?'),
  };
  return {
    path,
    db,
    filings: () => q.filings.all() as FilingRow[],
    companies: () => q.companies.all() as CompanyRow[],
    filing: (k) => (typeof k === 'number' ? q.filingById.get(k) : q.filingByAcc.get(k)) as FilingRow | undefined,
    sections: (filingId) => q.sections.all(filingId) as SectionRow[],
    section: (id) => q.section.get(id) as SectionRow | undefined,
    statement: (id) => q.statement.get(id) as StatementRow | undefined,
    neighbours(id, before, after) {
      const s = q.statement.get(id) as StatementRow | undefined;
      if (!s) return [];
      return q.rangeInFiling.all(id - Math.max(0, before), id + Math.max(0, after), s.filing_id) as StatementRow[];
    },
    statementRange: (first, last) => q.range.all(first, last) as StatementRow[],
    table(tableId) {
      const t = q.table.get(tableId) as TableRow | undefined;
      if (!t) return undefined;
      return { table: t, statements: q.range.all(t.first_statement, t.last_statement) as StatementRow[] };
    },
    close: () => db.close(),
  };
}
