// Writing filings into an index file (always a temporary one: see atomic.ts). One transaction per
// filing; a re-added accession replaces the old rows, and its statements get fresh contiguous ids.
import Database from 'better-sqlite3';
import type { PreparedFiling } from '../corpus/prepare.js';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';
import { readSchemaVersion } from './open.js';
import { IndexVersionError } from './errors.js';
import { assertOurDatabase } from './check.js';

export const CODE_VERSION = 'filings-index-1';

export class IndexWriter {
  readonly db: Database.Database;
  private readonly stmts;

  /** Bulk mode: leave the FTS tables alone until close(), then rebuild them in one pass (2 to 3 times
   * faster than feeding FTS5 filing by filing when many filings are added). */
  private readonly deferFts: boolean;

  private constructor(db: Database.Database, deferFts: boolean) {
    this.db = db;
    this.deferFts = deferFts;
    this.stmts = {
      maxStatement: db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM statements'),
      findFiling: db.prepare('SELECT id FROM filings WHERE accession = ?'),
      ftsDelete: db.prepare(
        `INSERT INTO statements_fts(statements_fts, rowid, text, context)
         SELECT 'delete', id, text, context FROM statements WHERE id BETWEEN ? AND ?`,
      ),
      secFtsDelete: db.prepare(
        `INSERT INTO sections_fts(sections_fts, rowid, title, heading)
         SELECT 'delete', id, title, heading FROM sections WHERE filing_id = ?`,
      ),
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
      insTable: db.prepare(`INSERT INTO tables (id, filing_id, section_id, caption, headers, headers_inferred, unit,
        first_statement, last_statement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      maxTable: db.prepare('SELECT COALESCE(MAX(id), 0) AS m FROM tables'),
      insStatement: db.prepare(`INSERT INTO statements (id, filing_id, section_id, ordinal, kind, table_id,
        row_in_table, char_offset, text, context) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      ftsInsert: db.prepare(
        'INSERT INTO statements_fts(rowid, text, context) SELECT id, text, context FROM statements WHERE id BETWEEN ? AND ?',
      ),
      secFtsInsert: db.prepare(
        'INSERT INTO sections_fts(rowid, title, heading) SELECT id, title, heading FROM sections WHERE filing_id = ?',
      ),
      findByTicker: db.prepare('SELECT id, accession FROM filings WHERE sec_ticker = ?'),
    };
  }

  /** Opens (creating the schema when empty) a temporary index file for writing. */
  static open(path: string, opts: { deferFts?: boolean } = {}): IndexWriter {
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
    return new IndexWriter(db, opts.deferFts ?? false);
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
          const tableId = st.table === undefined ? null : tableBase + st.table;
          if (tableId !== null) {
            const span = tableSpan.get(tableId);
            if (span) span[1] = id;
            else tableSpan.set(tableId, [id, id]);
          }
          this.stmts.insStatement.run(id, filingId, sectionId, id - first, st.kind, tableId, st.row ?? null, st.offset, st.text, st.context ?? null);
          id++;
        }
      }
      p.tables.forEach((t, i) => {
        const span = tableSpan.get(tableBase + i);
        if (!span) return;
        this.stmts.insTable.run(tableBase + i, filingId, sectionIds[t.section] ?? 0, t.caption, JSON.stringify(t.headers), t.headersInferred ? 1 : 0, t.unit, span[0], span[1]);
      });
      if (!this.deferFts) {
        if (total > 0) this.stmts.ftsInsert.run(first, first + total - 1);
        this.stmts.secFtsInsert.run(filingId);
      }
      return replaced;
    })();
  }

  private removeById(id: number | undefined): boolean {
    if (id === undefined) return false;
    const r = this.stmts.filingRange.get(id) as { a: number; b: number };
    if (!this.deferFts) {
      this.stmts.ftsDelete.run(r.a, r.b);
      this.stmts.secFtsDelete.run(id);
    }
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
    if (this.deferFts) {
      this.db.exec("INSERT INTO statements_fts(statements_fts) VALUES('rebuild')");
      this.db.exec("INSERT INTO sections_fts(sections_fts) VALUES('rebuild')");
    }
    this.db.exec("INSERT INTO statements_fts(statements_fts) VALUES('optimize')");
    this.db.exec("INSERT INTO sections_fts(sections_fts) VALUES('optimize')");
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('updated_at', ?)").run(new Date().toISOString());
    this.db.exec('ANALYZE');
    this.db.pragma('journal_mode = DELETE');
    this.db.close();
  }

  abort(): void {
    if (this.db.open) this.db.close();
  }
}
