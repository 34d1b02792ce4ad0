// Filing rows for the engine's directory, read lean: the fields scope, inference and answers use, with
// the rest (EDGAR addresses, items, source file) read from the index on first use. Every reader builds
// its directory when it opens, so a cold query pays for it: all 27 columns of 3,320 filings took 70 ms,
// these 17 18 ms, and the same as one JSON snapshot written with the index (meta, SNAPSHOT_KEY) 4 ms.
// Any change of LEAN changes the snapshot's layout below too.
import type Database from 'better-sqlite3';
import { majorityOffset } from '../filing/fiscal-names.js';
import type { FilingRow } from './types.js';

const LEAN = [
  'id',
  'accession',
  'cik',
  'company',
  'security_name',
  'sec_ticker',
  'sec_form_type',
  'sec_fiscal_year',
  'sec_fiscal_year_end',
  'nominal_fiscal_year_end',
  'period_of_report',
  'report_filing_date',
  'sec_gics_sector',
  'sec_gics_sub_industry',
  'first_statement',
  'last_statement',
  'shard',
  'fiscal_name_offset',
] as const;

type Lean = Pick<FilingRow, (typeof LEAN)[number]>;
type Rest = Omit<FilingRow, keyof Lean>;

const REST: (keyof Rest)[] = [
  'sic',
  'state_of_inc',
  'filing_html_index',
  'htm_filing_link',
  'complete_text_filing_link',
  'source_file',
  'content_chars',
  'items',
  'statement_count',
  'stats',
  'added_at',
];

/** A FilingRow whose lean fields are its own and whose other fields load (once) when read. */
class LeanFiling {
  // Private (#) so that the row's own properties are its fields alone.
  #rest?: Rest;
  readonly #load: (id: number) => Rest;
  // Each field assigned by name: a cold process runs this 3,320 times at 20x, and a loop over the
  // names took twice as long.
  constructor(f: PackedFiling, c: PackedCompany, load: (id: number) => Rest) {
    this.#load = load;
    const self = this as unknown as Lean;
    self.id = f[0];
    self.accession = f[1];
    self.cik = c[0];
    self.company = c[1];
    self.security_name = c[2];
    self.sec_ticker = c[3];
    self.sec_form_type = f[3];
    self.sec_fiscal_year = f[4];
    self.sec_fiscal_year_end = f[5];
    self.nominal_fiscal_year_end = f[6];
    self.period_of_report = f[7];
    self.report_filing_date = f[8];
    self.sec_gics_sector = c[4];
    self.sec_gics_sub_industry = c[5];
    self.first_statement = f[9];
    self.last_statement = f[10];
    self.shard = f[11];
    self.fiscal_name_offset = f[12];
  }
  get full(): Rest {
    return (this.#rest ??= this.#load((this as unknown as Lean).id));
  }
}
for (const key of REST) {
  Object.defineProperty(LeanFiling.prototype, key, {
    get(this: LeanFiling) {
      return this.full[key];
    },
    enumerable: true,
  });
}

/** A filing's own lean fields, with the index of its company's in the snapshot's company list. */
type PackedFiling = [
  Lean['id'],
  Lean['accession'],
  number,
  Lean['sec_form_type'],
  Lean['sec_fiscal_year'],
  Lean['sec_fiscal_year_end'],
  Lean['nominal_fiscal_year_end'],
  Lean['period_of_report'],
  Lean['report_filing_date'],
  Lean['first_statement'],
  Lean['last_statement'],
  Lean['shard'],
  Lean['fiscal_name_offset'],
];
/** The fields a company's filings share, once for all of them. */
type PackedCompany = [
  Lean['cik'],
  Lean['company'],
  Lean['security_name'],
  Lean['sec_ticker'],
  Lean['sec_gics_sector'],
  Lean['sec_gics_sub_industry'],
];

interface Snapshot {
  companies: PackedCompany[];
  filings: PackedFiling[];
}

const LIST_ORDER = 'ORDER BY sec_ticker, report_filing_date, accession';

/** The meta key of the snapshot. Not 'directory', where earlier versions of this program kept an array
 * of rows and would fail on an object: without it they read the filings table instead. */
export const SNAPSHOT_KEY = 'directory.2';

/** The lean rows of every filing in `corpus list` order, as one JSON object: written with the index.
 * The fields a company's filings share are written once (at 20x, 432 KB instead of 682 KB, and half
 * the time to parse). */
export function directorySnapshot(db: Database.Database): string {
  const rows = db.prepare(`SELECT ${LEAN.join(', ')} FROM filings ${LIST_ORDER}`).all() as Lean[];
  const companies: PackedCompany[] = [];
  const seen = new Map<string, number>();
  const filings = rows.map((r): PackedFiling => {
    const c: PackedCompany = [r.cik, r.company, r.security_name, r.sec_ticker, r.sec_gics_sector, r.sec_gics_sub_industry];
    const key = JSON.stringify(c);
    let k = seen.get(key);
    if (k === undefined) seen.set(key, (k = companies.push(c) - 1));
    return [
      r.id,
      r.accession,
      k,
      r.sec_form_type,
      r.sec_fiscal_year,
      r.sec_fiscal_year_end,
      r.nominal_fiscal_year_end,
      r.period_of_report,
      r.report_filing_date,
      r.first_statement,
      r.last_statement,
      r.shard,
      r.fiscal_name_offset,
    ];
  });
  return JSON.stringify({ companies, filings } satisfies Snapshot);
}

/** Filing objects already made, by id: every list of them a directory reads shares them. */
export type FilingObjects = Map<number, FilingRow>;

const made = (reuse: FilingObjects | undefined, f: PackedFiling, c: PackedCompany, load: (id: number) => Rest): FilingRow => {
  let row = reuse?.get(f[0]);
  if (!row) {
    row = new LeanFiling(f, c, load) as unknown as FilingRow;
    reuse?.set(f[0], row);
  }
  return row;
};

/** Every filing, lean (see above), in `corpus list` order: from the snapshot when the index has one
 * (an index written before the company list was factored out has an array of rows in LEAN order under
 * 'directory'). */
export function leanFilings(db: Database.Database, reuse?: FilingObjects): FilingRow[] {
  const text = db
    .prepare(`SELECT value FROM meta WHERE key IN ('${SNAPSHOT_KEY}', 'directory') ORDER BY key = '${SNAPSHOT_KEY}' DESC LIMIT 1`)
    .pluck()
    .get() as string | undefined;
  const snapshot = text === undefined ? undefined : (JSON.parse(text) as Snapshot | unknown[][]);
  const restOf = db.prepare(`SELECT ${REST.join(', ')} FROM filings WHERE id = ?`);
  const load = (id: number) => restOf.get(id) as Rest;
  if (snapshot && !Array.isArray(snapshot)) return snapshot.filings.map((f) => made(reuse, f, snapshot.companies[f[2]]!, load));
  const rows =
    snapshot ??
    (db
      .prepare(`SELECT ${LEAN.join(', ')} FROM filings ${LIST_ORDER}`)
      .raw()
      .all() as unknown[][]);
  return rows.map((r) => made(reuse, packed(r), [r[2], r[3], r[4], r[5], r[12], r[13]] as PackedCompany, load));
}

/** The filings of one company of the directory, lean, in `corpus list` order: `key` is its ticker, or
 * CIK<cik> when its filings have none (directory.ts keys companies so). Read by the filings table's
 * ticker or CIK index, without the snapshot of every filing. */
export function companyFilings(db: Database.Database, key: string, reuse?: FilingObjects): FilingRow[] {
  const cik = /^CIK(\d+)$/.exec(key)?.[1];
  const rows = db
    .prepare(`SELECT ${LEAN.join(', ')} FROM filings WHERE ${cik ? 'sec_ticker IS NULL AND cik = ?' : 'sec_ticker = ?'} ${LIST_ORDER}`)
    .raw()
    .all(cik ?? key) as unknown[][];
  const restOf = db.prepare(`SELECT ${REST.join(', ')} FROM filings WHERE id = ?`);
  const load = (id: number) => restOf.get(id) as Rest;
  return rows.map((r) => made(reuse, packed(r), [r[2], r[3], r[4], r[5], r[12], r[13]] as PackedCompany, load));
}

/** The meta key of the companies' summary: what a directory knows of each company with filings before
 * it reads them (written with the index, beside the snapshot; an index without it is read whole). */
export const COMPANIES_KEY = 'directory.companies.1';

/** One company with filings, as the directory keys it (its ticker, or CIK<cik>). */
export interface CompanySummary {
  key: string;
  /** Its first filing's security name, else its company name (`corpus list` order). */
  name: string;
  /** Its filings' fiscal-year naming offset by majority (filing/fiscal-names.ts); null when none says. */
  fiscalNameOffset: number | null;
  filings: number;
}

export interface DirectorySummary {
  companies: CompanySummary[];
  sectors: string[];
  subIndustries: string[];
}

/** The companies' summary of the filings given (every filing, in `corpus list` order), as JSON. */
export function companiesSummary(filings: FilingRow[]): string {
  const byKey = new Map<string, CompanySummary & { votes: number[] }>();
  const sectors = new Set<string>();
  const subIndustries = new Set<string>();
  for (const f of filings) {
    const key = f.sec_ticker ?? `CIK${f.cik}`;
    let c = byKey.get(key);
    if (!c) byKey.set(key, (c = { key, name: f.security_name ?? f.company, fiscalNameOffset: null, filings: 0, votes: [] }));
    c.filings++;
    if (typeof f.fiscal_name_offset === 'number') c.votes.push(f.fiscal_name_offset);
    if (f.sec_gics_sector) sectors.add(f.sec_gics_sector);
    if (f.sec_gics_sub_industry) subIndustries.add(f.sec_gics_sub_industry);
  }
  const companies = [...byKey.values()].map(({ votes, ...c }) => ({ ...c, fiscalNameOffset: majorityOffset(votes) }));
  return JSON.stringify({ companies, sectors: [...sectors], subIndustries: [...subIndustries] } satisfies DirectorySummary);
}

/** The companies' summary the index was written with, if any. */
export function directorySummary(db: Database.Database): DirectorySummary | undefined {
  const text = db.prepare(`SELECT value FROM meta WHERE key = '${COMPANIES_KEY}'`).pluck().get() as string | undefined;
  return text === undefined ? undefined : (JSON.parse(text) as DirectorySummary);
}

/** A row in LEAN order as a packed filing. */
const packed = (r: unknown[]) => [r[0], r[1], -1, r[6], r[7], r[8], r[9], r[10], r[11], r[14], r[15], r[16], r[17]] as PackedFiling;
