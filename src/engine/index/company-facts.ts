/*
 * EDGAR's company facts in the index, beside the filings (filing/company-facts.ts reads the file). Four
 * tables, made on the first write of facts (an index without them has no facts; a program that knows
 * nothing of them reads the index as before):
 *
 *   fact_companies(cik PK, ticker, name, year_ends, naming_offset, facts, concepts, source_bytes,
 *       source_sha256, fetched_at)  a company whose facts the index holds: its 10-Ks' year ends (JSON
 *       array of YYYY-MM-DD) and its naming of years (filing/fact-periods.ts), the counts, and the file
 *       they were read from.
 *   fact_concepts(id PK, name UNIQUE, label)  a concept as "taxonomy:Name" ("us-gaap:Revenues"), with
 *       its label; shared by every company.
 *   fact_reports(id PK, cik, accession, form, filed)  a filing that reported facts: 10-K, 10-Q, 8-K,
 *       DEF 14A, ... as EDGAR lists it.
 *   company_facts(cik, concept, unit, end, start, report, value)  WITHOUT ROWID, its primary key all but
 *       the value: a company's facts of one concept are one range of the table, read without another
 *       index. `end` and `start` are days since 1970-01-01; `start` is 0 for an instant (a balance).
 *   fact_conflicts(cik, concept, unit, end, start, report, value)  another value a filing gave a fact
 *       of company_facts (same key), which the file listed after it: named with it when it is read
 *       into an answer (factConflicts). Made with the others, or on a later write of an index made
 *       before it: read only where it exists.
 *
 * A company's facts are replaced whole, in the writer's one transaction (ingest/write-company-facts.ts):
 * a reader sees the old facts or the new, never a mix. Nothing that answers a query without facts reads
 * these tables.
 */
import type Database from 'better-sqlite3';
import type { CompanyFact, CompanyFactsFile } from '../filing/company-facts.js';
import { type FiscalCalendar, fiscalCalendar } from '../filing/fact-periods.js';
import { dayNumber, ymd } from '../filing/fiscal.js';

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
CREATE TABLE IF NOT EXISTS company_facts (
  cik INTEGER NOT NULL,
  concept INTEGER NOT NULL,
  unit TEXT NOT NULL,
  end INTEGER NOT NULL,
  start INTEGER NOT NULL,
  report INTEGER NOT NULL,
  value NUMERIC NOT NULL,
  PRIMARY KEY (cik, concept, unit, end, start, report)
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

/** A company whose facts the index holds. */
export interface FactCompany {
  cik: string;
  ticker: string | null;
  name: string;
  calendar: FiscalCalendar;
  facts: number;
  concepts: number;
  sourceBytes: number;
  sourceSha256: string;
  fetchedAt: string;
}

/** A fact as the index holds it: the file's fact (without the reporting filing's `fy`), with its
 * company and concept. */
export interface StoredFact extends Omit<CompanyFact, 'fy'> {
  cik: string;
  /** "us-gaap:Revenues". */
  concept: string;
  label: string;
}

export interface StoreOptions {
  ticker?: string;
  sourceBytes: number;
  sourceSha256: string;
  fetchedAt?: string;
}

const day = (date: string) => dayNumber(ymd(date));
const dateOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

const hasTable = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** True when the index has the facts tables (it has had facts written to it). */
export function hasFactTables(db: Database.Database): boolean {
  return hasTable(db, 'company_facts');
}

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
  const rows: [number, string, number, number, number, number][] = [];
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
  for (const c of file.concepts) {
    const id = conceptId(`${c.taxonomy}:${c.name}`, c.label);
    for (const f of c.facts) rows.push([id, f.unit, day(f.end), f.start ? day(f.start) : 0, reportId(f), f.value]);
  }
  // In key order: each page of the table is written once.
  rows.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2] || a[3] - b[3] || a[4] - b[4]);
  const ins = db.prepare(
    'INSERT OR REPLACE INTO company_facts (cik, concept, unit, end, start, report, value) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const r of rows) ins.run(cik, r[0], r[1], r[2], r[3], r[4], r[5]);
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
    rows.length,
    file.concepts.length,
    o.sourceBytes,
    o.sourceSha256,
    o.fetchedAt ?? new Date().toISOString(),
  );
  return { facts: rows.length, replaced };
}

/** Removes a company's facts (inside the caller's transaction); returns how many there were. */
export function removeCompanyFacts(db: Database.Database, cik: string): number {
  if (!hasFactTables(db)) return 0;
  const n = Number(cik);
  const facts = db.prepare('DELETE FROM company_facts WHERE cik = ?').run(n).changes;
  if (hasTable(db, 'fact_conflicts')) db.prepare('DELETE FROM fact_conflicts WHERE cik = ?').run(n);
  db.prepare('DELETE FROM fact_reports WHERE cik = ?').run(n);
  db.prepare('DELETE FROM fact_companies WHERE cik = ?').run(n);
  return facts;
}

interface CompanyRowDb {
  cik: number;
  ticker: string | null;
  name: string;
  year_ends: string;
  naming_offset: number | null;
  facts: number;
  concepts: number;
  source_bytes: number;
  source_sha256: string;
  fetched_at: string;
}

const companyOf = (r: CompanyRowDb): FactCompany => ({
  cik: String(r.cik),
  ticker: r.ticker,
  name: r.name,
  calendar: { yearEnds: JSON.parse(r.year_ends) as string[], namingOffset: r.naming_offset },
  facts: r.facts,
  concepts: r.concepts,
  sourceBytes: r.source_bytes,
  sourceSha256: r.source_sha256,
  fetchedAt: r.fetched_at,
});

/** Every company whose facts the index holds, by ticker. */
export function factCompanies(db: Database.Database): FactCompany[] {
  if (!hasFactTables(db)) return [];
  return (db.prepare('SELECT * FROM fact_companies ORDER BY ticker, cik').all() as CompanyRowDb[]).map(companyOf);
}

/** The companies (one per CIK) whose facts the index holds under a ticker or CIK: the ticker they were
 * pulled as, else the CIK the constituents give it (GOOG and GOOGL are one company). */
export function factCompany(db: Database.Database, tickerOrCik: string): FactCompany[] {
  if (!hasFactTables(db)) return [];
  // BRK.B, brk-b and BRK/B are one ticker.
  const key = tickerOrCik.trim().toUpperCase().replace(/[./ ]/g, '-');
  const same = (column: string) => `replace(replace(replace(${column}, '.', '-'), '/', '-'), ' ', '-') = ?`;
  const rows = db
    .prepare(
      `SELECT * FROM fact_companies WHERE ${same('ticker')} OR cik = ?
       OR cik IN (SELECT CAST(cik AS INTEGER) FROM companies WHERE ${same('ticker')}) ORDER BY cik`,
    )
    .all(key, /^\d+$/.test(key) ? Number(key) : -1, key) as CompanyRowDb[];
  return rows.map(companyOf);
}

/** The facts of the companies `ciks` of the concepts named ("us-gaap:Revenues"), in no set order. */
export function readFacts(db: Database.Database, ciks: string[], concepts: string[]): StoredFact[] {
  if (!hasFactTables(db) || ciks.length === 0 || concepts.length === 0) return [];
  const idOf = db.prepare('SELECT id, label FROM fact_concepts WHERE name = ?');
  const select = db.prepare(
    `SELECT f.cik, f.unit, f.end, f.start, f.value, r.accession, r.form, r.filed
     FROM company_facts f JOIN fact_reports r ON r.id = f.report WHERE f.cik = ? AND f.concept = ?`,
  );
  const out: StoredFact[] = [];
  for (const concept of concepts) {
    const c = idOf.get(concept) as { id: number; label: string } | undefined;
    if (!c) continue;
    for (const cik of ciks) {
      for (const r of select.all(Number(cik), c.id) as {
        cik: number;
        unit: string;
        end: number;
        start: number;
        value: number;
        accession: string;
        form: string;
        filed: string;
      }[]) {
        out.push({
          cik: String(r.cik),
          concept,
          label: c.label,
          unit: r.unit,
          ...(r.start ? { start: dateOf(r.start) } : {}),
          end: dateOf(r.end),
          value: r.value,
          accession: r.accession,
          form: r.form,
          filed: r.filed,
        });
      }
    }
  }
  return out;
}

/** The concepts the companies hold facts of whose taxonomy is not one of `standard` (a company's own
 * extension concepts), with their labels. */
export function extensionConcepts(db: Database.Database, ciks: string[], standard: readonly string[]): { name: string; label: string }[] {
  if (!hasFactTables(db) || ciks.length === 0) return [];
  const held = db.prepare('SELECT 1 FROM company_facts WHERE cik = ? AND concept = ? LIMIT 1');
  const others = db
    .prepare(
      `SELECT id, name, label FROM fact_concepts WHERE substr(name, 1, instr(name, ':') - 1) NOT IN (${standard.map(() => '?').join(',')})`,
    )
    .all(...standard) as { id: number; name: string; label: string }[];
  return others.filter((c) => ciks.some((cik) => held.get(Number(cik), c.id) !== undefined)).map(({ name, label }) => ({ name, label }));
}

/** How many companies' facts the index holds, and how many facts in all. */
export function companyFactsCounts(db: Database.Database): { companies: number; facts: number } {
  if (!hasFactTables(db)) return { companies: 0, facts: 0 };
  const r = db.prepare('SELECT COUNT(*) AS companies, COALESCE(SUM(facts), 0) AS facts FROM fact_companies').get() as {
    companies: number;
    facts: number;
  };
  return { companies: r.companies, facts: r.facts };
}

/** A fact's other value (fact_conflicts), with the value kept. */
export interface StoredConflict {
  unit: string;
  start?: string;
  end: string;
  /** The value kept: the one the file listed first. */
  value: number;
  other: number;
}

/** The other values the filing `accession` gave the company's facts of `concept`. */
export function factConflicts(db: Database.Database, cik: string, concept: string, accession: string): StoredConflict[] {
  if (!hasTable(db, 'fact_conflicts')) return [];
  const rows = db
    .prepare(
      `SELECT c.unit, c.end, c.start, c.value AS other, f.value AS value
       FROM fact_conflicts c
       JOIN fact_concepts k ON k.id = c.concept
       JOIN fact_reports r ON r.id = c.report
       JOIN company_facts f ON f.cik = c.cik AND f.concept = c.concept AND f.unit = c.unit AND f.end = c.end
         AND f.start = c.start AND f.report = c.report
       WHERE c.cik = ? AND k.name = ? AND r.accession = ?`,
    )
    .all(Number(cik), concept, accession) as { unit: string; end: number; start: number; other: number; value: number }[];
  return rows.map((r) => ({
    unit: r.unit,
    ...(r.start ? { start: dateOf(r.start) } : {}),
    end: dateOf(r.end),
    value: r.value,
    other: r.other,
  }));
}
