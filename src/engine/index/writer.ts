// Writing filings into an index file (always a temporary one: see atomic.ts). One transaction per
// filing; a re-added accession replaces the old rows, and its statements get fresh contiguous ids.
import Database from 'better-sqlite3';
import type { PreparedFiling, StatementDraft } from '../corpus/prepared.js';
import type { PreparedTable } from '../corpus/prepared.js';
import { encodeRow } from './row-codec.js';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';
import { readSchemaVersion } from './open.js';
import { IndexVersionError } from './errors.js';
import { assertOurDatabase } from './check.js';

export const CODE_VERSION = 'filings-index-3';

export class IndexWriter {
  readonly db: Database.Database;
  private readonly stmts;

  private constructor(db: Database.Database) {
    this.db = db;
    this.stmts = {
      maxStatement: db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM statements'),
      findFiling: db.prepare('SELECT id FROM filings WHERE accession = ?'),
      // Contentless FTS5 with contentless_delete: rows go by rowid.
      ftsDelete: db.prepare('DELETE FROM statements_fts WHERE rowid BETWEEN ? AND ?'),
      delFacts: db.prepare('DELETE FROM facts WHERE filing_id = ?'),
      delStatements: db.prepare('DELETE FROM statements WHERE id BETWEEN ? AND ?'),
      filingRange: db.prepare('SELECT first_statement AS a, last_statement AS b FROM filings WHERE id = ?'),
      delTables: db.prepare('DELETE FROM tables WHERE filing_id = ?'),
      delSections: db.prepare('DELETE FROM sections WHERE filing_id = ?'),
      delFiling: db.prepare('DELETE FROM filings WHERE id = ?'),
      insFiling: db.prepare(`INSERT INTO filings (accession, cik, company, security_name, sec_ticker, sec_form_type,
        sec_fiscal_year, sec_fiscal_year_end, nominal_fiscal_year_end, period_of_report, report_filing_date,
        sec_gics_sector, sec_gics_sub_industry, sic, state_of_inc, filing_html_index, htm_filing_link,
        complete_text_filing_link, source_file, content_chars, items, first_statement, last_statement,
        statement_count, added_at)
        VALUES (@accession, @cik, @company, @security_name, @sec_ticker, @sec_form_type, @sec_fiscal_year,
        @sec_fiscal_year_end, @nominal_fiscal_year_end, @period_of_report, @report_filing_date, @sec_gics_sector,
        @sec_gics_sub_industry, @sic, @state_of_inc, @filing_html_index, @htm_filing_link,
        @complete_text_filing_link, @source_file, @content_chars, @items, @first_statement, @last_statement,
        @statement_count, @added_at)`),
      insSection: db.prepare(`INSERT INTO sections (filing_id, ordinal, item_tag, title, heading, start_char,
        end_char, first_statement, last_statement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insTable: db.prepare(`INSERT INTO tables (id, filing_id, section_id, statement, caption, model,
        first_statement, last_statement) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      maxTable: db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM tables'),
      insStatement: db.prepare(`INSERT INTO statements (id, filing_id, section_id, ordinal, kind, table_id,
        row_in_table, char_offset, text, row) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      ftsInsert: db.prepare('INSERT INTO statements_fts(rowid, body, context) VALUES (?, ?, ?)'),
      insFact: db.prepare(`INSERT INTO facts (filing_id, statement_id, col, concept, value, unit, decimals, start, end,
        instant, dims) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      findByTicker: db.prepare('SELECT id, accession FROM filings WHERE sec_ticker = ?'),
    };
  }

  /** Opens (creating the schema when empty) a temporary index file for writing. */
  static open(path: string): IndexWriter {
    const db = new Database(path);
    try {
      // Another program's database gets none of our tables (issue 16.8).
      assertOurDatabase(db, path);
    } catch (e) {
      db.close();
      throw e;
    }
    // The file is a private temporary copy until renamed: no journal, no fsync until the end.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = MEMORY');
    const version = readSchemaVersion(db);
    if (version === 0 && !db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'filings'").get()) {
      db.exec(SCHEMA_SQL);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
      const now = new Date().toISOString();
      const ins = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      ins.run('schema_version', String(SCHEMA_VERSION));
      ins.run('code_version', CODE_VERSION);
      ins.run('created_at', now);
    } else if (version !== SCHEMA_VERSION) {
      db.close();
      throw new IndexVersionError(path, version, SCHEMA_VERSION);
    }
    // FTS5 merges its segments as it goes (automerge); adding a filing's few thousand rows at a time,
    // that work is paid over and over: off while writing (ingest 2x faster), one optimize at close.
    db.exec("INSERT INTO statements_fts(statements_fts, rank) VALUES('automerge', 0)");
    return new IndexWriter(db);
  }

  /** Records the companies of a constituents file (replacing rows of the same ticker). */
  setCompanies(companies: { symbol: string; security: string; cik: string; sector: string; subIndustry: string }[]): void {
    const ins = this.db.prepare('INSERT OR REPLACE INTO companies (ticker, name, cik, sector, sub_industry) VALUES (?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const c of companies) if (c.symbol) ins.run(c.symbol.toUpperCase(), c.security, c.cik || null, c.sector || null, c.subIndustry || null);
    })();
  }

  /** Adds a filing; returns true when it replaced a filing of the same accession. */
  addFiling(p: PreparedFiling): boolean {
    return this.db.transaction(() => {
      const replaced = this.removeById((this.stmts.findFiling.get(p.meta.accession) as { id: number } | undefined)?.id);
      const first = (this.stmts.maxStatement.get() as { m: number }).m + 1;
      const total = p.sections.reduce((n, s) => n + s.statements.length, 0);
      const items = [...new Set(p.sections.map((s) => s.item_tag))];
      const filingId = Number(
        this.stmts.insFiling.run({
          ...p.meta,
          content_chars: p.content_chars,
          items: JSON.stringify(items),
          first_statement: first,
          last_statement: first + total - 1,
          statement_count: total,
          added_at: new Date().toISOString(),
        }).lastInsertRowid,
      );
      const tableBase = (this.stmts.maxTable.get() as { m: number }).m + 1;
      const tableSpan = new Map<number, [number, number]>();
      /** Statement id of each table's rows, for the facts that cells show. */
      const rowIds = new Map<number, number[]>();
      const sectionIds: number[] = [];
      let id = first;
      for (const s of p.sections) {
        const sFirst = id;
        const sectionId = Number(
          this.stmts.insSection.run(filingId, s.ordinal, s.item_tag, s.title, s.heading, s.start_char, s.end_char, sFirst, sFirst + s.statements.length - 1)
            .lastInsertRowid,
        );
        sectionIds[s.ordinal] = sectionId;
        for (const st of s.statements) {
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
          this.stmts.insStatement.run(id, filingId, sectionId, id - first, st.kind, tableId, st.row ?? null, st.offset, st.text, row ? encodeRow(row) : null);
          const { body, context } = ftsColumns(st, table);
          this.stmts.ftsInsert.run(id, body, context);
          id++;
        }
      }
      p.tables.forEach((t, i) => {
        const span = tableSpan.get(tableBase + i);
        if (!span) return;
        const meta = JSON.stringify({ headingPath: t.headingPath, unit: t.unit, columns: t.columns });
        this.stmts.insTable.run(tableBase + i, filingId, sectionIds[t.section] ?? 0, t.statement, t.caption, meta, span[0], span[1]);
      });
      for (const f of p.facts) {
        const statementId = f.table !== undefined && f.row !== undefined ? (rowIds.get(f.table)?.[f.row] ?? null) : null;
        const dims = Object.keys(f.dimensions).length > 0 ? JSON.stringify(f.dimensions) : null;
        this.stmts.insFact.run(filingId, statementId, f.column ?? null, f.concept, f.value, f.unit, f.decimals, f.start ?? null, f.end, f.instant ? 1 : 0, dims);
      }
      return replaced;
    })();
  }

  private removeById(id: number | undefined): boolean {
    if (id === undefined) return false;
    const r = this.stmts.filingRange.get(id) as { a: number; b: number };
    this.stmts.ftsDelete.run(r.a, r.b);
    this.stmts.delFacts.run(id);
    this.stmts.delStatements.run(r.a, r.b);
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

  /** Finishes the file: merges FTS segments, records the time, and closes. */
  close(): void {
    this.db.exec("INSERT INTO statements_fts(statements_fts) VALUES('optimize')");
    this.db.exec("INSERT INTO statements_fts(statements_fts, rank) VALUES('automerge', 4)");
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('updated_at', ?)").run(new Date().toISOString());
    this.db.exec('ANALYZE');
    this.db.pragma('journal_mode = DELETE');
    this.db.close();
  }

  abort(): void {
    if (this.db.open) this.db.close();
  }
}

/** What FTS5 indexes of a statement: a row's label as its body (the numbers are in its cells, and in no
 * question), and its table's caption and group as context; other statements' text as body. */
function ftsColumns(st: StatementDraft, table: PreparedTable | undefined): { body: string; context: string } {
  if (!table) return { body: st.text, context: '' };
  if (st.kind === 'caption') return { body: st.text, context: table.headingPath.slice(1).join(' / ') };
  const row = st.row !== undefined ? table.rows[st.row] : undefined;
  if (!row) return { body: st.text, context: table.caption };
  return { body: row.label, context: [table.caption, row.group ?? ''].filter(Boolean).join(' / ') };
}
