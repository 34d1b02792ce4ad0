// Filing rows for the engine's directory, read lean: the fields scope, inference and answers use, with
// the rest (EDGAR addresses, items, source file) read from the index on first use. Every reader builds
// its directory when it opens, so a cold query pays for it: all 27 columns of 3,320 filings took 70 ms,
// these 17 18 ms, and the same as one JSON snapshot written with the index (meta 'directory') 4 ms.
import type Database from 'better-sqlite3';
import type { FilingRow } from './types.js';

const LEAN = [
  'id', 'accession', 'cik', 'company', 'security_name', 'sec_ticker', 'sec_form_type', 'sec_fiscal_year', 'sec_fiscal_year_end',
  'nominal_fiscal_year_end', 'period_of_report', 'report_filing_date', 'sec_gics_sector', 'sec_gics_sub_industry',
  'first_statement', 'last_statement', 'shard', 'fiscal_name_offset',
] as const;

type Lean = Pick<FilingRow, (typeof LEAN)[number]>;
type Rest = Omit<FilingRow, keyof Lean>;

const REST: (keyof Rest)[] = [
  'sic', 'state_of_inc', 'filing_html_index', 'htm_filing_link', 'complete_text_filing_link', 'source_file', 'content_chars',
  'items', 'statement_count', 'stats', 'added_at',
];

/** A FilingRow whose lean fields are its own and whose other fields load (once) when read. */
class LeanFiling {
  // Private (#) so that the row's own properties are its fields alone.
  #rest?: Rest;
  readonly #load: (id: number) => Rest;
  constructor(values: unknown[], load: (id: number) => Rest) {
    this.#load = load;
    const self = this as unknown as Record<string, unknown>;
    for (let i = 0; i < LEAN.length; i++) self[LEAN[i]!] = values[i];
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

const LIST_ORDER = 'ORDER BY sec_ticker, report_filing_date, accession';

/** The lean rows of every filing as one JSON array, in `corpus list` order: written with the index. */
export function directorySnapshot(db: Database.Database): string {
  return JSON.stringify(db.prepare(`SELECT ${LEAN.join(', ')} FROM filings ${LIST_ORDER}`).raw().all());
}

/** Every filing, lean (see above), in `corpus list` order: from the snapshot when the index has one. */
export function leanFilings(db: Database.Database): FilingRow[] {
  const snapshot = db.prepare("SELECT value FROM meta WHERE key = 'directory'").pluck().get() as string | undefined;
  const rows = snapshot ? (JSON.parse(snapshot) as unknown[][]) : (db.prepare(`SELECT ${LEAN.join(', ')} FROM filings ${LIST_ORDER}`).raw().all() as unknown[][]);
  const restOf = db.prepare(`SELECT ${REST.join(', ')} FROM filings WHERE id = ?`);
  const load = (id: number) => restOf.get(id) as Rest;
  return rows.map((r) => new LeanFiling(r, load) as unknown as FilingRow);
}
