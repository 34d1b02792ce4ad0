// Reading the company facts of the index (xbrl/store.ts writes them): the companies, a
// concept's facts of some companies, the concepts outside the standard taxonomies, a fact's other
// values. A screen reads one concept of 500 companies, so what every read needs (the companies and
// their tickers, the concepts, a company's reporting filings, the prepared statements) is read once a
// connection and kept until the index changes: SQLite's data_version (another connection committed),
// this connection's total_changes() and the schema version (it wrote, or made a table) key it.
import type Database from 'better-sqlite3';
import type { FiscalCalendar } from './periods.js';
import { decodeFacts } from './blocks.js';

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
export interface StoredFact {
  cik: string;
  /** "us-gaap:Revenues". */
  concept: string;
  label: string;
  unit: string;
  /** YYYY-MM-DD; absent for an instant. */
  start?: string;
  end: string;
  value: number;
  accession: string;
  form: string;
  filed: string;
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

interface Report {
  accession: string;
  form: string;
  filed: string;
}

interface Concept {
  id: number;
  name: string;
  label: string;
}

/** What reads share until the index changes. */
interface Memo {
  key: string;
  tables: Set<string>;
  companies?: FactCompany[];
  byTicker?: Map<string, Set<number>>;
  concepts?: Map<string, Concept>;
  reports: Map<number, Map<number, Report>>;
  statements: Map<string, Database.Statement>;
}

const memos = new WeakMap<Database.Database, Memo>();
const versions = new WeakMap<Database.Database, Database.Statement>();

/** BRK.B, brk-b and BRK/B are one ticker: as a column is compared (not upper-cased) and as asked. */
const columnKey = (t: string) => t.replace(/[./ ]/g, '-');
const askedKey = (t: string) => columnKey(t.trim().toUpperCase());

/** Day numbers as dates, made once each (a screen reads the same few thousand days again and again). */
const DATES = new Map<number, string>();
export function dateOfDay(n: number): string {
  let s = DATES.get(n);
  if (s === undefined) {
    s = new Date(n * 86_400_000).toISOString().slice(0, 10);
    if (DATES.size < 100_000) DATES.set(n, s);
  }
  return s;
}

function memoOf(db: Database.Database): Memo {
  let version = versions.get(db);
  if (!version) {
    version = db.prepare(
      "SELECT (SELECT data_version FROM pragma_data_version) || ':' || (SELECT schema_version FROM pragma_schema_version) || ':' || total_changes()",
    );
    versions.set(db, version);
  }
  const key = String(version.pluck().get());
  const held = memos.get(db);
  if (held?.key === key) return held;
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const memo: Memo = { key, tables, reports: new Map(), statements: held?.statements ?? new Map() };
  memos.set(db, memo);
  return memo;
}

function statement(db: Database.Database, m: Memo, sql: string): Database.Statement {
  let st = m.statements.get(sql);
  if (!st) m.statements.set(sql, (st = db.prepare(sql)));
  return st;
}

/** True when the index has the facts tables (it has had facts written to it). */
export function hasFactTables(db: Database.Database): boolean {
  return memoOf(db).tables.has('fact_companies');
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

function companiesOf(db: Database.Database, m: Memo): FactCompany[] {
  if (!m.companies) {
    m.companies = m.tables.has('fact_companies')
      ? (statement(db, m, 'SELECT * FROM fact_companies ORDER BY ticker, cik').all() as CompanyRowDb[]).map(companyOf)
      : [];
  }
  return m.companies;
}

/** Every company whose facts the index holds, by ticker. */
export function factCompanies(db: Database.Database): FactCompany[] {
  return companiesOf(db, memoOf(db));
}

/** The companies (one per CIK) whose facts the index holds under a ticker or CIK: the ticker they were
 * pulled as, else the CIK the constituents give it (GOOG and GOOGL are one company). */
export function factCompany(db: Database.Database, tickerOrCik: string): FactCompany[] {
  const m = memoOf(db);
  const companies = companiesOf(db, m);
  if (companies.length === 0) return [];
  if (!m.byTicker) {
    const byTicker = new Map<string, Set<number>>();
    const add = (k: string, cik: number) => {
      const set = byTicker.get(k) ?? new Set<number>();
      set.add(cik);
      byTicker.set(k, set);
    };
    for (const c of companies) if (c.ticker) add(columnKey(c.ticker), Number(c.cik));
    if (m.tables.has('companies')) {
      for (const r of statement(db, m, 'SELECT ticker, cik FROM companies').all() as { ticker: string; cik: string | null }[]) {
        // As SQLite's CAST reads a CIK: its leading digits.
        const cik = Number(/^\s*\d+/.exec(r.cik ?? '')?.[0] ?? 0);
        if (r.ticker) add(columnKey(r.ticker), cik);
      }
    }
    m.byTicker = byTicker;
  }
  const key = askedKey(tickerOrCik);
  const ciks = new Set(m.byTicker.get(key) ?? []);
  if (/^\d+$/.test(key)) ciks.add(Number(key));
  return companies.filter((c) => ciks.has(Number(c.cik))).sort((a, b) => Number(a.cik) - Number(b.cik));
}

function conceptsOf(db: Database.Database, m: Memo): Map<string, Concept> {
  if (!m.concepts) {
    m.concepts = new Map(
      m.tables.has('fact_concepts')
        ? (statement(db, m, 'SELECT id, name, label FROM fact_concepts').all() as Concept[]).map((c) => [c.name, c])
        : [],
    );
  }
  return m.concepts;
}

function reportsOf(db: Database.Database, m: Memo, cik: number): Map<number, Report> {
  let r = m.reports.get(cik);
  if (!r) {
    const rows = statement(db, m, 'SELECT id, accession, form, filed FROM fact_reports WHERE cik = ?').all(cik) as (Report & {
      id: number;
    })[];
    r = new Map(rows.map(({ id, ...rest }) => [id, rest]));
    m.reports.set(cik, r);
  }
  return r;
}

/** The company's facts of a concept as stored: its block, or rows of the table an index written before
 * blocks holds (`company_facts`, one row a fact in the same key order). */
function storedOf(db: Database.Database, m: Memo, cik: number, concept: number) {
  const out: { unit: string; end: number; start: number; report: number; value: number }[] = [];
  if (m.tables.has('fact_blocks')) {
    const data = statement(db, m, 'SELECT data FROM fact_blocks WHERE cik = ? AND concept = ?').pluck().get(cik, concept) as
      | Buffer
      | undefined;
    if (data) out.push(...decodeFacts(data));
  }
  if (m.tables.has('company_facts')) {
    const sql = 'SELECT unit, end, start, report, value FROM company_facts WHERE cik = ? AND concept = ?';
    out.push(...(statement(db, m, sql).all(cik, concept) as typeof out));
  }
  return out;
}

/** The facts of the companies `ciks` of the concepts named ("us-gaap:Revenues"): concept by concept,
 * company by company, each company's in key order (unit, end, start, reporting filing). */
export function readFacts(db: Database.Database, ciks: string[], concepts: string[]): StoredFact[] {
  const m = memoOf(db);
  if (!m.tables.has('fact_companies') || ciks.length === 0 || concepts.length === 0) return [];
  const known = conceptsOf(db, m);
  const out: StoredFact[] = [];
  for (const concept of concepts) {
    const c = known.get(concept);
    if (!c) continue;
    for (const cik of ciks) {
      const n = Number(cik);
      const stored = storedOf(db, m, n, c.id);
      if (stored.length === 0) continue;
      const reports = reportsOf(db, m, n);
      const company = String(n);
      for (const f of stored) {
        const r = reports.get(f.report);
        if (!r) continue;
        const fact: StoredFact = { cik: company, concept, label: c.label, unit: f.unit, end: dateOfDay(f.end), value: f.value, ...r };
        if (f.start) fact.start = dateOfDay(f.start);
        out.push(fact);
      }
    }
  }
  return out;
}

/** The concepts the companies hold facts of whose taxonomy is not one of `standard` (a company's own
 * extension concepts), with their labels. */
export function extensionConcepts(db: Database.Database, ciks: string[], standard: readonly string[]): { name: string; label: string }[] {
  const m = memoOf(db);
  if (!m.tables.has('fact_companies') || ciks.length === 0) return [];
  const std = new Set(standard);
  const others = [...conceptsOf(db, m).values()].filter((c) => !std.has(c.name.slice(0, Math.max(0, c.name.indexOf(':')))));
  if (others.length === 0) return [];
  const held = (cik: string, id: number) =>
    (m.tables.has('fact_blocks') && statement(db, m, 'SELECT 1 FROM fact_blocks WHERE cik = ? AND concept = ?').get(Number(cik), id)) ||
    (m.tables.has('company_facts') &&
      statement(db, m, 'SELECT 1 FROM company_facts WHERE cik = ? AND concept = ? LIMIT 1').get(Number(cik), id));
  return others
    .sort((a, b) => a.id - b.id)
    .filter((c) => ciks.some((cik) => held(cik, c.id)))
    .map(({ name, label }) => ({ name, label }));
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
  const m = memoOf(db);
  if (!m.tables.has('fact_conflicts')) return [];
  const c = conceptsOf(db, m).get(concept);
  if (!c) return [];
  const rows = statement(
    db,
    m,
    `SELECT c.unit, c.end, c.start, c.report, c.value AS other FROM fact_conflicts c JOIN fact_reports r ON r.id = c.report
     WHERE c.cik = ? AND c.concept = ? AND r.accession = ?`,
  ).all(Number(cik), c.id, accession) as { unit: string; end: number; start: number; report: number; other: number }[];
  if (rows.length === 0) return [];
  const kept = storedOf(db, m, Number(cik), c.id);
  return rows.flatMap((r) => {
    const k = kept.find((f) => f.unit === r.unit && f.end === r.end && f.start === r.start && f.report === r.report);
    if (!k) return [];
    return [{ unit: r.unit, ...(r.start ? { start: dateOfDay(r.start) } : {}), end: dateOfDay(r.end), value: k.value, other: r.other }];
  });
}
