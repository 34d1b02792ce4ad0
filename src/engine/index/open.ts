// The read API over an index file, for the retrieval layer: a read-only handle (version-checked, mmap
// on), typed rows, a statement's neighbours and whole tables.
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite.js';
import { assertOurDatabase, checkIndexFile, fileError } from './check.js';
import { IndexFileError, IndexVersionError, NoIndexError } from './errors.js';
import { MMAP_SIZE, READABLE_VERSIONS, SCHEMA_VERSION } from './schema.js';
import type { StatementType, TableRowModel } from '../tables/model.js';
import { decodeBlock, unpackJson, type DecodedBlock } from './blocks.js';
import { companyFilings, directorySummary, leanFilings, type DirectorySummary, type FilingObjects } from './filing-rows.js';
import { decodeRow } from './row-codec.js';
import { listShards, type ShardRow } from './shards.js';
import type { CompanyRow, FactRow, FilingRow, IndexedTable, SectionRow, StatementRow, TableMeta, TableRow } from './types.js';

/**
 * Merges the statement-id ranges of filings (or sections) into as few `[first, last]` ranges as
 * possible: adjacent ranges join (a company's filings are usually adjacent, being added in CIK order).
 * Retrieval searches each shard holding part of the scope once, its ranges applied inside FTS5's scan
 * (see retrieve/search-plan.ts).
 */
export function mergeRanges(rows: { first_statement: number; last_statement: number }[]): [number, number][] {
  const sorted = rows
    .filter((r) => r.last_statement >= r.first_statement)
    .map((r) => [r.first_statement, r.last_statement] as [number, number]);
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
  /** Every filing, all fields, in `corpus list` order. */
  filings(): FilingRow[];
  /** Every filing for the engine's directory: the same rows, their rarely read fields loaded on use
   * (objects in `reuse` reused, new ones added to it). */
  directoryFilings(reuse?: FilingObjects): FilingRow[];
  /** One company's filings for the directory (key: its ticker, or CIK<cik>), the same rows. */
  companyFilings(key: string, reuse?: FilingObjects): FilingRow[];
  /** What the directory knows of each company before reading its filings, when the index holds it. */
  directorySummary(): DirectorySummary | undefined;
  /** Every company of the constituents file used at ingest. */
  companies(): CompanyRow[];
  /** The company linker's tables as the writer was handed them (JSON), when the index has them: their
   * maker reads their shape. */
  linkerTables(): unknown;
  filing(idOrAccession: number | string): FilingRow | undefined;
  sections(filingId: number): SectionRow[];
  section(id: number): SectionRow | undefined;
  statement(id: number): StatementRow | undefined;
  /** Statements `before` ahead of and `after` behind `id`, within the same filing, in order (id included). */
  neighbours(id: number, before: number, after: number): StatementRow[];
  /** Statements with ids in [first, last], in order. */
  statementRange(first: number, last: number): StatementRow[];
  /** A whole table: its model with its rows decoded, and the statement id of each row. */
  table(tableId: number): IndexedTable | undefined;
  /** A table's statement type and caption, without its rows. */
  tableInfo(tableId: number): { statement: StatementType | null; caption: string } | undefined;
  /** The tables of a filing that are primary statements of `type` (all primary statements when absent). */
  statementTables(filingId: number, type?: StatementType): IndexedTable[];
  /** Every table of a filing, in document order: statements, notes and MD&A tables. */
  filingTables(filingId: number): IndexedTable[];
  /** A filing's XBRL facts, of one concept when given. */
  facts(filingId: number, concept?: string): FactRow[];
  /** The full-text shards, in id order. */
  shards(): ShardRow[];
  /** True (and the caches emptied) when another connection changed the index since the last call:
   * a writer added or removed filings in place. */
  refresh(): boolean;
  close(): void;
}

/** The database at `path`, read-only, once it is known to be a whole SQLite file of ours. */
function openChecked(path: string): Database.Database {
  if (checkIndexFile(path) === 'empty') throw new IndexFileError(path, 'is an empty file, not an index');
  let db: Database.Database | undefined;
  try {
    db = openSqlite(path, { readonly: true, fileMustExist: true });
    assertOurDatabase(db, path);
    return db;
  } catch (e) {
    db?.close();
    throw e instanceof IndexFileError ? e : fileError(path, e);
  }
}

/** Decoded blocks kept per connection: a query reads a few hundred statements, often neighbours. */
const BLOCK_CACHE = 2048;
/** Filing and section rows kept per connection. */
const ROW_CACHE = 20_000;

/** Opens an index read-only. Throws NoIndexError when absent, IndexFileError when the path holds
 * something else (a directory, another file, a damaged index), IndexVersionError on another version. */
export function openIndex(path: string): IndexHandle {
  if (!existsSync(path)) throw new NoIndexError(path);
  const db = openChecked(path);
  const version = readSchemaVersion(db);
  if (!READABLE_VERSIONS.includes(version)) {
    db.close();
    throw new IndexVersionError(path, version, SCHEMA_VERSION);
  }
  db.pragma(`mmap_size = ${MMAP_SIZE}`);
  // A writer adding filings in place holds its lock only to commit.
  db.pragma('busy_timeout = 5000');
  // Prepared on first use: a cold query uses half of them.
  const lazy = (sql: string) => {
    let st: Database.Statement | undefined;
    return () => (st ??= db.prepare(sql));
  };
  const q = {
    filings: lazy('SELECT * FROM filings ORDER BY sec_ticker, report_filing_date, accession'),
    companies: lazy('SELECT * FROM companies ORDER BY ticker'),
    filingById: lazy('SELECT * FROM filings WHERE id = ?'),
    filingByAcc: lazy('SELECT * FROM filings WHERE accession = ?'),
    sections: lazy('SELECT * FROM sections WHERE filing_id = ? ORDER BY ordinal'),
    section: lazy('SELECT * FROM sections WHERE id = ?'),
    blocks: lazy(
      'SELECT id, data FROM blocks WHERE id >= (SELECT id FROM blocks WHERE id <= ? ORDER BY id DESC LIMIT 1) AND id <= ? ORDER BY id',
    ),
    table: lazy('SELECT * FROM tables WHERE id = ?'),
    tableInfo: lazy('SELECT statement, caption FROM tables WHERE id = ?'),
    statementTables: lazy('SELECT * FROM tables WHERE filing_id = ? AND statement IS NOT NULL ORDER BY id'),
    filingTables: lazy('SELECT * FROM tables WHERE filing_id = ? ORDER BY id'),
    statementTablesOf: lazy('SELECT * FROM tables WHERE filing_id = ? AND statement = ? ORDER BY id'),
    facts: lazy('SELECT * FROM facts WHERE filing_id = ?'),
    factsOf: lazy('SELECT * FROM facts WHERE filing_id = ? AND concept = ?'),
  };
  const dataVersion = () => Number(db.pragma('data_version', { simple: true }));
  let seenVersion = dataVersion();
  let shardList: ShardRow[] | undefined;
  const blockCache = new Map<number, DecodedBlock>();
  /** The cached block holding each statement: a statement read again (most are, by ranking, chains and
   * answers) costs no query and no copy of its block (an agentic query at 20x made 557 block queries). */
  const holder = new Map<number, DecodedBlock>();
  const tableInfos = new Map<number, { statement: StatementType | null; caption: string } | undefined>();
  // Filing and section rows by id, read again and again by ranking, chains and answers; emptied when
  // full, so a server reading every filing in turn holds no more than ROW_CACHE of each.
  const filingRows = new Map<number, FilingRow | undefined>();
  const sectionRows = new Map<number, SectionRow | undefined>();
  const cached = <T>(rows: Map<number, T>, id: number, read: () => T): T => {
    if (rows.has(id)) return rows.get(id)!;
    if (rows.size >= ROW_CACHE) rows.clear();
    const row = read();
    rows.set(id, row);
    return row;
  };

  const remember = (block: DecodedBlock) => {
    blockCache.delete(block.first);
    blockCache.set(block.first, block);
    for (let i = 0; i < block.count; i++) holder.set(block.first + i, block);
    if (blockCache.size <= BLOCK_CACHE) return;
    const old = blockCache.values().next().value!;
    blockCache.delete(old.first);
    for (let i = 0; i < old.count; i++) if (holder.get(old.first + i) === old) holder.delete(old.first + i);
  };

  /** Statements with ids in [first, last] that exist, in order, from the (cached) blocks holding them. */
  const range = (first: number, last: number): StatementRow[] => {
    if (last < first) return [];
    const out: StatementRow[] = [];
    if (last - first < 64) {
      for (let id = first; id <= last; id++) {
        const block = holder.get(id);
        if (!block) break;
        out.push(block.row(id - block.first));
      }
      if (out.length === last - first + 1) return out;
      out.length = 0;
    }
    for (const b of q.blocks().all(first, last) as { id: number; data: Buffer }[]) {
      const block = blockCache.get(b.id) ?? decodeBlock(b.id, b.data);
      remember(block);
      for (let i = Math.max(0, first - b.id), end = Math.min(block.count - 1, last - b.id); i <= end; i++) out.push(block.row(i));
    }
    return out;
  };
  const statement = (id: number) => range(id, id)[0];
  // A table's caption, columns and unit come with it; its statements (rows, caption) are read from
  // their blocks when first asked for: a reader that looks only at the columns of every table of a
  // filing (is there one of the year asked?) inflates no block.
  const tableOf = (t: TableRow): IndexedTable => {
    const meta = unpackJson<TableMeta>(t.model);
    let read: { rows: StatementRow[]; captionId: number | null; ids: number[] } | undefined;
    const load = () => {
      if (read) return read;
      const statements = range(t.first_statement, t.last_statement);
      const rows = statements.filter((s) => s.kind === 'row' && s.row !== null);
      read = { rows, captionId: statements.find((s) => s.kind === 'caption')?.id ?? null, ids: rows.map((r) => r.id) };
      return read;
    };
    let decoded: TableRowModel[] | undefined;
    return {
      id: t.id,
      filingId: t.filing_id,
      sectionId: t.section_id,
      model: {
        caption: t.caption,
        headingPath: meta.headingPath,
        unit: meta.unit,
        columns: meta.columns,
        get rows() {
          decoded ??= load().rows.map((r) => decodeRow(r.row!));
          return decoded;
        },
        statement: t.statement,
      },
      get rowIds() {
        return load().ids;
      },
      get rowStatements() {
        return load().rows;
      },
      get captionId() {
        return load().captionId;
      },
    };
  };
  return {
    path,
    db,
    filings: () => q.filings().all() as FilingRow[],
    directoryFilings: (reuse) => leanFilings(db, reuse),
    companyFilings: (key, reuse) => companyFilings(db, key, reuse),
    directorySummary: () => directorySummary(db),
    companies: () => q.companies().all() as CompanyRow[],
    linkerTables: () => {
      const text = db.prepare("SELECT value FROM meta WHERE key = 'linker'").pluck().get() as string | undefined;
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
    filing: (k) =>
      typeof k === 'number'
        ? cached(filingRows, k, () => q.filingById().get(k) as FilingRow | undefined)
        : (q.filingByAcc().get(k) as FilingRow | undefined),
    sections: (filingId) => q.sections().all(filingId) as SectionRow[],
    section: (id) => cached(sectionRows, id, () => q.section().get(id) as SectionRow | undefined),
    statement,
    neighbours(id, before, after) {
      const s = statement(id);
      if (!s) return [];
      return range(id - Math.max(0, before), id + Math.max(0, after)).filter((r) => r.filing_id === s.filing_id);
    },
    statementRange: range,
    table(tableId) {
      const t = q.table().get(tableId) as TableRow | undefined;
      return t ? tableOf(t) : undefined;
    },
    tableInfo(tableId) {
      if (!tableInfos.has(tableId))
        tableInfos.set(tableId, q.tableInfo().get(tableId) as { statement: StatementType | null; caption: string } | undefined);
      return tableInfos.get(tableId);
    },
    statementTables: (filingId, type) =>
      ((type ? q.statementTablesOf().all(filingId, type) : q.statementTables().all(filingId)) as TableRow[]).map(tableOf),
    filingTables: (filingId) => (q.filingTables().all(filingId) as TableRow[]).map(tableOf),
    facts: (filingId, concept) => (concept ? q.factsOf().all(filingId, concept) : q.facts().all(filingId)) as FactRow[],
    shards: () => (shardList ??= listShards(db)),
    refresh() {
      const v = dataVersion();
      if (v === seenVersion) return false;
      seenVersion = v;
      shardList = undefined;
      blockCache.clear();
      holder.clear();
      tableInfos.clear();
      filingRows.clear();
      sectionRows.clear();
      return true;
    },
    close: () => db.close(),
  };
}
