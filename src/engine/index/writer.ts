// Writing filings into an index file. Two ways: a full build writes a temporary file (no journal; see
// atomic.ts) renamed over the index; adding to or removing from an existing index writes in place, in
// WAL mode, in one transaction for the whole batch (each filing a savepoint inside it), so readers
// keep serving their snapshot and a killed writer leaves the previous index whole. A re-added
// accession replaces the old rows, and its statements get fresh contiguous ids.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import { isDiskFull } from '../../backend-errors.js';
import type { PreparedFiling, PreparedTable, StatementDraft } from '../filing/prepared.js';
import { assertOurDatabase } from './check.js';
import { blockStarts, encodeBlock, packJson, type BlockStatement } from './blocks.js';
import { IndexVersionError } from './errors.js';
import { readSchemaVersion } from './open.js';
import { encodeRow } from './row-codec.js';
import { READABLE_VERSIONS, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';
import { filingStats, summarize } from './summary.js';
import { COMPANIES_KEY, companiesSummary, directorySnapshot, leanFilings, SNAPSHOT_KEY } from './filing-rows.js';
import { ftsTable, listShards, shardFor } from './shards.js';
import { openSqlite } from './sqlite.js';
import type { CompanyRow, FilingRow } from './types.js';

export const CODE_VERSION = 'filings-index-5';
/** Pages of 16 KB hold six or seven 2-3 KB statement blocks where 4 KB pages held one (40 MB of
 * pages for 24 MB of blocks); FTS5's 4 KB leaves fill them as well. */
const PAGE_SIZE = 16384;

export interface WriterOptions {
  /** Write the index itself (WAL, one transaction until close) instead of a private temporary file. */
  inPlace?: boolean;
  /** The company linker's tables for these filings and companies, written for readers to load on
   * opening: made by whoever also makes them on reading (the directory), so both read the same names. */
  linkerTables: (filings: FilingRow[], companies: CompanyRow[]) => unknown;
}

export class IndexWriter {
  readonly db: Database.Database;
  private readonly stmts;
  private readonly ftsInsert = new Map<number, Database.Statement>();
  private readonly touched = new Set<number>();

  private constructor(
    db: Database.Database,
    private readonly inPlace: boolean,
    private readonly linkerTables: WriterOptions['linkerTables'],
  ) {
    this.db = db;
    this.stmts = {
      nextStatement: db.prepare("SELECT CAST(value AS INTEGER) AS n FROM meta WHERE key = 'next_statement'"),
      setNextStatement: db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_statement', ?)"),
      findFiling: db.prepare('SELECT id FROM filings WHERE accession = ?'),
      filingSpan: db.prepare('SELECT first_statement AS a, last_statement AS b, shard FROM filings WHERE id = ?'),
      delFacts: db.prepare('DELETE FROM facts WHERE filing_id = ?'),
      delBlocks: db.prepare('DELETE FROM blocks WHERE id BETWEEN ? AND ?'),
      delTables: db.prepare('DELETE FROM tables WHERE filing_id = ?'),
      delSections: db.prepare('DELETE FROM sections WHERE filing_id = ?'),
      delFiling: db.prepare('DELETE FROM filings WHERE id = ?'),
      shardCount: db.prepare('UPDATE shards SET statements = statements + ?, filings = filings + ? WHERE id = ?'),
      insFiling: db.prepare(`INSERT INTO filings (accession, cik, company, security_name, sec_ticker, sec_form_type,
        sec_fiscal_year, sec_fiscal_year_end, nominal_fiscal_year_end, fiscal_name_offset, period_of_report, report_filing_date,
        sec_gics_sector, sec_gics_sub_industry, sic, state_of_inc, filing_html_index, htm_filing_link,
        complete_text_filing_link, source_file, content_chars, items, first_statement, last_statement,
        statement_count, stats, shard, added_at)
        VALUES (@accession, @cik, @company, @security_name, @sec_ticker, @sec_form_type, @sec_fiscal_year,
        @sec_fiscal_year_end, @nominal_fiscal_year_end, @fiscal_name_offset, @period_of_report, @report_filing_date, @sec_gics_sector,
        @sec_gics_sub_industry, @sic, @state_of_inc, @filing_html_index, @htm_filing_link,
        @complete_text_filing_link, @source_file, @content_chars, @items, @first_statement, @last_statement,
        @statement_count, @stats, @shard, @added_at)`),
      insSection: db.prepare(`INSERT INTO sections (filing_id, ordinal, item_tag, title, heading, start_char,
        end_char, first_statement, last_statement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insTable: db.prepare(`INSERT INTO tables (id, filing_id, section_id, statement, caption, model,
        first_statement, last_statement) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      maxTable: db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM tables'),
      insBlock: db.prepare('INSERT INTO blocks (id, data) VALUES (?, ?)'),
      insFact: db.prepare(`INSERT INTO facts (filing_id, statement_id, col, concept, value, unit, decimals, start, end,
        instant, dims) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      findByTicker: db.prepare('SELECT id, accession FROM filings WHERE sec_ticker = ?'),
    };
  }

  /** Opens an index file for writing, creating the schema when the file is empty. */
  static open(path: string, opts: WriterOptions): IndexWriter {
    const db = openSqlite(path);
    try {
      // Another program's database gets none of our tables (issue 16.8).
      assertOurDatabase(db, path);
      if (opts.inPlace) {
        // Readers (a running server) may hold the file: wait for them rather than fail.
        db.pragma('busy_timeout = 10000');
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
      } else {
        // A private temporary copy until renamed: no journal, no fsync until the end.
        db.pragma('journal_mode = OFF');
        db.pragma('synchronous = OFF');
      }
      // The page cache is most of the writer's memory: 128 MB made ingest grow to 700 MB at 3,320
      // filings, 32 MB to 320 MB; 16 MB stays near 250 MB, and adds 640 filings as fast (28.8 vs 28.3 s).
      db.pragma('cache_size = -16384');
      db.pragma('temp_store = MEMORY');
      const version = readSchemaVersion(db);
      if (version === 0 && !db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'filings'").get()) {
        db.pragma(`page_size = ${PAGE_SIZE}`);
        // Merging FTS segments frees pages (5 MB of 86 for the sample): given back at close.
        db.pragma('auto_vacuum = INCREMENTAL');
        db.exec('VACUUM');
        db.exec(SCHEMA_SQL);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
        const now = new Date().toISOString();
        const ins = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
        ins.run('schema_version', String(SCHEMA_VERSION));
        ins.run('code_version', CODE_VERSION);
        ins.run('created_at', now);
        ins.run('next_statement', '1');
      } else if (!READABLE_VERSIONS.includes(version)) {
        throw new IndexVersionError(path, version, SCHEMA_VERSION);
      }
      // In place, the whole batch is one transaction: all of it or none of it.
      if (opts.inPlace) db.exec('BEGIN IMMEDIATE');
      if (version !== 0 && version !== SCHEMA_VERSION) {
        // An older version this program reads: what it writes now is of this one (with the batch).
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
        db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
      }
    } catch (e) {
      db.close();
      throw e;
    }
    return new IndexWriter(db, !!opts.inPlace, opts.linkerTables);
  }

  /** Records the companies of a constituents file (replacing rows of the same ticker). */
  setCompanies(companies: { symbol: string; security: string; cik: string; sector: string; subIndustry: string }[]): void {
    const ins = this.db.prepare('INSERT OR REPLACE INTO companies (ticker, name, cik, sector, sub_industry) VALUES (?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const c of companies)
        if (c.symbol) ins.run(c.symbol.toUpperCase(), c.security, c.cik || null, c.sector || null, c.subIndustry || null);
    })();
  }

  private fts(shard: number): Database.Statement {
    let st = this.ftsInsert.get(shard);
    if (!st) {
      const table = ftsTable(shard);
      // A full build merges each shard's segments once at the end: merging as it goes, filing after
      // filing, costs twice the ingest time.
      if (!this.inPlace) this.db.exec(`INSERT INTO ${table}(${table}, rank) VALUES('automerge', 0)`);
      st = this.db.prepare(`INSERT INTO ${table}(rowid, body, context, label) VALUES (?, ?, ?, ?)`);
      this.ftsInsert.set(shard, st);
    }
    return st;
  }

  /** Adds a filing; returns true when it replaced a filing of the same accession. */
  addFiling(p: PreparedFiling): boolean {
    return this.db.transaction(() => {
      const replaced = this.removeById((this.stmts.findFiling.get(p.meta.accession) as { id: number } | undefined)?.id);
      const first = (this.stmts.nextStatement.get() as { n: number }).n;
      const total = p.sections.reduce((n, s) => n + s.statements.length, 0);
      this.stmts.setNextStatement.run(String(first + total));
      const items = [...new Set(p.sections.map((s) => s.item_tag))];
      const stats = filingStats(p);
      const shard = shardFor(this.db, p.meta.sec_fiscal_year, total);
      this.touched.add(shard);
      const filingId = Number(
        this.stmts.insFiling.run({
          ...p.meta,
          content_chars: p.content_chars,
          items: JSON.stringify(items),
          first_statement: first,
          last_statement: first + total - 1,
          statement_count: total,
          stats: JSON.stringify(stats),
          shard,
          added_at: new Date().toISOString(),
        }).lastInsertRowid,
      );
      this.stmts.shardCount.run(total, 1, shard);
      const fts = this.fts(shard);
      const tableBase = (this.stmts.maxTable.get() as { m: number }).m + 1;
      const tableSpan = new Map<number, [number, number]>();
      /** Statement id of each table's rows, for the facts that cells show. */
      const rowIds = new Map<number, number[]>();
      const sectionIds: number[] = [];
      let id = first;
      for (const s of p.sections) {
        const sFirst = id;
        const sectionId = Number(
          this.stmts.insSection.run(
            filingId,
            s.ordinal,
            s.item_tag,
            s.title,
            s.heading,
            s.start_char,
            s.end_char,
            sFirst,
            sFirst + s.statements.length - 1,
          ).lastInsertRowid,
        );
        sectionIds[s.ordinal] = sectionId;
        const packed: BlockStatement[] = s.statements.map((st) => {
          const table = st.table === undefined ? undefined : p.tables[st.table];
          const tableId = st.table === undefined ? null : tableBase + st.table;
          if (tableId !== null) {
            const span = tableSpan.get(tableId);
            if (span) span[1] = id;
            else tableSpan.set(tableId, [id, id]);
          }
          const row = table && st.kind === 'row' && st.row !== undefined ? table.rows[st.row] : undefined;
          if (row) {
            const ids = rowIds.get(st.table!) ?? [];
            ids[st.row!] = id;
            rowIds.set(st.table!, ids);
          }
          const { body, context, label } = ftsColumns(st, table);
          fts.run(id, body, context, label);
          id++;
          return {
            kind: st.kind,
            table_id: tableId,
            row_in_table: st.row ?? null,
            char_offset: st.offset,
            text: st.text,
            row: row ? encodeRow(row) : null,
            ...(st.opens ? { opens: st.opens } : {}),
          };
        });
        const starts = blockStarts(packed.map((b) => b.text.length + (b.row?.length ?? 0)));
        starts.forEach((start, i) => {
          const end = starts[i + 1] ?? packed.length;
          this.stmts.insBlock.run(sFirst + start, encodeBlock(filingId, sectionId, sFirst + start - first, packed.slice(start, end)));
        });
      }
      p.tables.forEach((t, i) => {
        const span = tableSpan.get(tableBase + i);
        if (!span) return;
        const meta = packJson({ headingPath: t.headingPath, unit: t.unit, columns: t.columns });
        this.stmts.insTable.run(tableBase + i, filingId, sectionIds[t.section] ?? 0, t.statement, t.caption, meta, span[0], span[1]);
      });
      for (const f of p.facts) {
        const statementId = f.table !== undefined && f.row !== undefined ? (rowIds.get(f.table)?.[f.row] ?? null) : null;
        const dims = Object.keys(f.dimensions).length > 0 ? JSON.stringify(f.dimensions) : null;
        this.stmts.insFact.run(
          filingId,
          statementId,
          f.column ?? null,
          f.concept,
          f.value,
          f.unit,
          f.decimals,
          f.start ?? null,
          f.end,
          f.instant ? 1 : 0,
          dims,
        );
      }
      return replaced;
    })();
  }

  private removeById(id: number | undefined): boolean {
    if (id === undefined) return false;
    const r = this.stmts.filingSpan.get(id) as { a: number; b: number; shard: number };
    // Contentless FTS5 with contentless_delete: rows go by rowid.
    this.db.prepare(`DELETE FROM ${ftsTable(r.shard)} WHERE rowid BETWEEN ? AND ?`).run(r.a, r.b);
    this.touched.add(r.shard);
    this.stmts.shardCount.run(-(r.b - r.a + 1), -1, r.shard);
    this.stmts.delFacts.run(id);
    this.stmts.delBlocks.run(r.a, r.b);
    this.stmts.delTables.run(id);
    this.stmts.delSections.run(id);
    this.stmts.delFiling.run(id);
    return true;
  }

  /** Removes filings by accession number or ticker; returns the accessions removed. */
  remove(accessionOrTicker: string): string[] {
    return this.db.transaction(() => {
      const byAcc = this.stmts.findFiling.get(accessionOrTicker) as { id: number } | undefined;
      if (byAcc) {
        this.removeById(byAcc.id);
        return [accessionOrTicker];
      }
      const rows = this.stmts.findByTicker.all(accessionOrTicker.toUpperCase()) as { id: number; accession: string }[];
      for (const r of rows) this.removeById(r.id);
      return rows.map((r) => r.accession);
    })();
  }

  /** Finishes the file and closes it. A full build merges every shard's segments into one (the index is
   * then as fast as it gets); in place, only what FTS5's automerge did as it went is done, and the
   * transaction commits. `filings: false` (in place, when only company facts changed) keeps what is
   * computed from the filings and companies (the directory, the linker's tables, the summary). Returns
   * a notice when the change is made but its disk had no room to copy it from the write-ahead log into
   * the index file. */
  close(o: { filings?: boolean } = {}): string | undefined {
    const db = this.db;
    const set = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    set.run('updated_at', new Date().toISOString());
    if (o.filings !== false || !this.inPlace) {
      // Read by every reader on opening (the directory and the company linker's tables) and by `corpus
      // stats`: computed once here.
      set.run(SNAPSHOT_KEY, directorySnapshot(db));
      db.prepare("DELETE FROM meta WHERE key = 'directory'").run();
      // The linker's tables and the companies' summary (a question naming a company reads its filings
      // alone): every writer's close writes them, whichever command wrote.
      const filings = leanFilings(db);
      set.run('linker', JSON.stringify(this.linkerTables(filings, db.prepare('SELECT * FROM companies').all() as CompanyRow[])));
      set.run(COMPANIES_KEY, companiesSummary(filings));
      set.run('summary', JSON.stringify(summarize(db)));
    }
    if (this.inPlace) {
      db.pragma('incremental_vacuum');
      db.exec('COMMIT');
      // Back into the main file, so that it alone is the index again (readers still reading an older
      // snapshot make this wait or stop short; SQLite finishes it later).
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } catch (e) {
        // The change is committed in the WAL, which every reader reads: a full disk stops only the copy
        // (the file may be left longer, by a part of a page), which the next writer finishes.
        if (!isDiskFull(e)) throw e;
        const file = basename(db.name);
        const mb = (walBytes(db.name) / 1e6).toFixed(1);
        db.close();
        return (
          `the disk is full: the change is made and every command reads it, but it stays in ${file}-wal (${mb} MB) ` +
          `until the next corpus add, pull or remove copies it into ${file}; free at least that much space beside the index`
        );
      }
      leaveWal(db);
    } else {
      for (const s of listShards(db)) {
        const t = ftsTable(s.id);
        db.exec(`INSERT INTO ${t}(${t}) VALUES('optimize')`);
        db.exec(`INSERT INTO ${t}(${t}, rank) VALUES('automerge', 4)`);
      }
      db.pragma('incremental_vacuum');
      db.exec('ANALYZE');
      db.pragma('journal_mode = DELETE');
    }
    db.close();
    return undefined;
  }

  /** Leaves the index as it was: in place, the open transaction rolls back. */
  abort(): void {
    if (!this.db.open) return;
    if (this.inPlace && this.db.inTransaction) this.db.exec('ROLLBACK');
    if (this.inPlace) leaveWal(this.db);
    this.db.close();
  }
}

function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/** Back to a rollback journal when no reader has the index open, so that it is one file again and
 * readers create no -wal and -shm beside it; with readers (a running server) it stays in WAL mode. */
function leaveWal(db: Database.Database): void {
  db.pragma('busy_timeout = 0');
  try {
    db.pragma('journal_mode = DELETE');
  } catch {
    // SQLITE_BUSY: a reader holds it.
  }
}

/** What FTS5 indexes of a statement: a data row's label in `label` (the numbers are in its cells, and
 * in no question), its table's caption and group as context; other statements' text as body (a
 * caption with its heading path as context). */
function ftsColumns(st: StatementDraft, table: PreparedTable | undefined): { body: string; context: string; label: string } {
  if (!table) return { body: st.text, context: '', label: '' };
  if (st.kind === 'caption') return { body: st.text, context: table.headingPath.slice(1).join(' / '), label: '' };
  const row = st.row !== undefined ? table.rows[st.row] : undefined;
  const text = row ? row.label : st.text;
  const context = row ? [table.caption, row.group ?? ''].filter(Boolean).join(' / ') : table.caption;
  return st.kind === 'row' ? { body: '', context, label: text } : { body: text, context, label: '' };
}
