/*
 * EDGAR's company facts in the index, beside the filings (xbrl/file.ts reads the file). Five
 * tables, made on the first write of facts (an index without them has no facts; a program that knows
 * nothing of them reads the index as before):
 *
 *   fact_companies(cik PK, ticker, name, year_ends, naming_offset, facts, concepts, source_bytes,
 *       source_sha256, fetched_at)  a company whose facts the index holds: its 10-Ks' year ends (JSON
 *       array of YYYY-MM-DD) and its naming of years (xbrl/periods.ts), the counts, and the file
 *       they were read from.
 *   fact_concepts(id PK, name UNIQUE, label)  a concept as "taxonomy:Name" ("us-gaap:Revenues"), with
 *       its label; shared by every company.
 *   fact_reports(id PK, cik, accession, form, filed)  a filing that reported facts: 10-K, 10-Q, 8-K,
 *       DEF 14A, ... as EDGAR lists it.
 *   fact_blocks(cik, concept, facts, data) WITHOUT ROWID, keyed by (cik, concept)  a company's facts of
 *       one concept, `facts` of them, as one compressed block (fact-blocks.ts: each fact's unit, period
 *       end and start, reporting filing and value; about 5 bytes a fact): a screen reads a concept of
 *       500 companies as 500 rows.
 *   fact_conflicts(cik, concept, unit, end, start, report, value)  another value a filing gave a fact
 *       of a block (same unit, period and filing), which the file listed after it: named with it when it
 *       is read into an answer (factConflicts). `end` and `start` are days since 1970-01-01, `start` 0 for
 *       an instant.
 *
 * An index written before blocks holds `company_facts(cik, concept, unit, end, start, report, value)`,
 * one row a fact (33 bytes a fact): it is read as the blocks are (fact-reader.ts), and a company's rows
 * are replaced by its blocks when its facts are written again.
 *
 * A company's facts are replaced whole, in the writer's one transaction (ingest/write-company-facts.ts):
 * a reader sees the old facts or the new, never a mix. Nothing that answers a query without facts reads
 * these tables.
 */
import type Database from 'better-sqlite3';
import type { CompanyFact, CompanyFactsFile } from './file.js';
import { fiscalCalendar } from './periods.js';
import { dayNumber, ymd } from '../filing/fiscal.js';
import { type BlockFact, encodeFacts, keyOrder } from './blocks.js';

const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS fact_companies (
  cik INTEGER PRIMARY KEY,
  ticker TEXT,
  name TEXT NOT NULL,
  year_ends TEXT NOT NULL,
  naming_offset INTEGER,
  facts INTEGER NOT NULL,
  concepts INTEGER NOT NULL,
  source_bytes INTEGER NOT NULL,
  source_sha256 TEXT NOT NULL,
  fetched_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fact_companies_ticker ON fact_companies(ticker);
CREATE TABLE IF NOT EXISTS fact_concepts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, label TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fact_reports (
  id INTEGER PRIMARY KEY,
  cik INTEGER NOT NULL,
  accession TEXT NOT NULL,
  form TEXT NOT NULL,
  filed TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fact_reports_cik ON fact_reports(cik, accession);
CREATE TABLE IF NOT EXISTS fact_blocks (
  cik INTEGER NOT NULL,
  concept INTEGER NOT NULL,
  facts INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (cik, concept)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fact_conflicts (
  cik INTEGER NOT NULL,
  concept INTEGER NOT NULL,
  unit TEXT NOT NULL,
  end INTEGER NOT NULL,
  start INTEGER NOT NULL,
  report INTEGER NOT NULL,
  value NUMERIC NOT NULL
);
CREATE INDEX IF NOT EXISTS fact_conflicts_key ON fact_conflicts(cik, concept, report);
`;

export {
  extensionConcepts,
  type FactCompany,
  factCompanies,
  factCompany,
  factConflicts,
  hasFactTables,
  readFacts,
  type StoredConflict,
  type StoredFact,
} from './reader.js';

export interface StoreOptions {
  ticker?: string;
  sourceBytes: number;
  sourceSha256: string;
  fetchedAt?: string;
}

const day = (date: string) => dayNumber(ymd(date));

const hasTable = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** Replaces the company's facts with the file's, in one transaction (a savepoint in the caller's);
 * returns the facts written and whether the company had facts before. */
export function storeCompanyFacts(db: Database.Database, file: CompanyFactsFile, o: StoreOptions): { facts: number; replaced: boolean } {
  return db.transaction(() => store(db, file, o))();
}

function store(db: Database.Database, file: CompanyFactsFile, o: StoreOptions): { facts: number; replaced: boolean } {
  db.exec(TABLES_SQL);
  const cik = Number(file.cik);
  const replaced = removeCompanyFacts(db, file.cik) > 0;
  const conceptIds = new Map(
    (db.prepare('SELECT id, name FROM fact_concepts').all() as { id: number; name: string }[]).map((r) => [r.name, r.id]),
  );
  const insConcept = db.prepare('INSERT INTO fact_concepts (name, label) VALUES (?, ?)');
  const insReport = db.prepare('INSERT INTO fact_reports (cik, accession, form, filed) VALUES (?, ?, ?, ?)');
  const reports = new Map<string, number>();
  const conceptId = (name: string, label: string) => {
    let id = conceptIds.get(name);
    if (id === undefined) conceptIds.set(name, (id = Number(insConcept.run(name, label).lastInsertRowid)));
    return id;
  };
  const reportId = (f: CompanyFact) => {
    let report = reports.get(f.accession);
    if (report === undefined) reports.set(f.accession, (report = Number(insReport.run(cik, f.accession, f.form, f.filed).lastInsertRowid)));
    return report;
  };
  // One block a concept: a concept a file lists under two taxonomies' names is two concepts.
  const blocks = new Map<number, BlockFact[]>();
  let facts = 0;
  for (const c of file.concepts) {
    const id = conceptId(`${c.taxonomy}:${c.name}`, c.label);
    const list = blocks.get(id) ?? [];
    for (const f of c.facts) {
      // A block is JSON, which writes NaN as null: refused here as a table of numbers refused it.
      if (!Number.isFinite(f.value)) throw new Error(`a fact of ${c.taxonomy}:${c.name} is not a finite number (${f.value})`);
      list.push({ unit: f.unit, end: day(f.end), start: f.start ? day(f.start) : 0, report: reportId(f), value: f.value });
    }
    facts += c.facts.length;
    blocks.set(id, list);
  }
  const insBlock = db.prepare('INSERT INTO fact_blocks (cik, concept, facts, data) VALUES (?, ?, ?, ?)');
  for (const [id, list] of [...blocks].sort((a, b) => a[0] - b[0])) {
    const kept = keyOrder(list);
    insBlock.run(cik, id, kept.length, encodeFacts(kept));
  }
  const insConflict = db.prepare('INSERT INTO fact_conflicts (cik, concept, unit, end, start, report, value) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const { taxonomy, name, fact: f, other } of file.conflicts ?? []) {
    const id = conceptIds.get(`${taxonomy}:${name}`);
    if (id !== undefined) insConflict.run(cik, id, f.unit, day(f.end), f.start ? day(f.start) : 0, reportId(f), other);
  }
  const calendar = fiscalCalendar(file.concepts.flatMap((c) => c.facts));
  db.prepare(
    `INSERT INTO fact_companies (cik, ticker, name, year_ends, naming_offset, facts, concepts, source_bytes, source_sha256, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    cik,
    o.ticker?.toUpperCase() ?? null,
    file.name,
    JSON.stringify(calendar.yearEnds),
    calendar.namingOffset,
    facts,
    file.concepts.length,
    o.sourceBytes,
    o.sourceSha256,
    o.fetchedAt ?? new Date().toISOString(),
  );
  return { facts, replaced };
}

/** Removes a company's facts (inside the caller's transaction); returns how many there were. */
export function removeCompanyFacts(db: Database.Database, cik: string): number {
  if (!hasTable(db, 'fact_companies')) return 0;
  const n = Number(cik);
  let facts = 0;
  if (hasTable(db, 'fact_blocks')) {
    facts += Number(db.prepare('SELECT COALESCE(SUM(facts), 0) FROM fact_blocks WHERE cik = ?').pluck().get(n));
    db.prepare('DELETE FROM fact_blocks WHERE cik = ?').run(n);
  }
  // An index written before blocks: the company's rows.
  if (hasTable(db, 'company_facts')) facts += db.prepare('DELETE FROM company_facts WHERE cik = ?').run(n).changes;
  if (hasTable(db, 'fact_conflicts')) db.prepare('DELETE FROM fact_conflicts WHERE cik = ?').run(n);
  db.prepare('DELETE FROM fact_reports WHERE cik = ?').run(n);
  db.prepare('DELETE FROM fact_companies WHERE cik = ?').run(n);
  return facts;
}

/** How many companies' facts the index holds, and how many facts in all. */
export function companyFactsCounts(db: Database.Database): { companies: number; facts: number } {
  if (!hasTable(db, 'fact_companies')) return { companies: 0, facts: 0 };
  const r = db.prepare('SELECT COUNT(*) AS companies, COALESCE(SUM(facts), 0) AS facts FROM fact_companies').get() as {
    companies: number;
    facts: number;
  };
  return { companies: r.companies, facts: r.facts };
}
