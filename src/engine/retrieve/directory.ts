// What the index holds, for inference: companies (with the linker that finds them in a question), and
// the filings of each. Built once per opened index: from the index's summary of its companies, each
// company's filings read when first asked (a question naming a company reads its filings alone, at
// 10,000 filings a fifth of a cold query), every filing only when a question asks across them; or,
// from an index written without the summary, from every filing at once.
import aliasData from '../companies/aliases.json' with { type: 'json' };
import { CompanyLinker, type LinkerTables } from '../companies/link.js';
import { majorityOffset } from '../filing/fiscal-names.js';
import type { IndexHandle } from '../index/open.js';
import type { CompanyRow, FilingRow } from '../index/types.js';

export interface CompanyEntry {
  ticker: string;
  display: string;
  /** Its filings, in `corpus list` order. */
  readonly filings: FilingRow[];
  /** How many filings it has (without reading them). */
  filingCount: number;
  /** How the company names its fiscal years against the index's labels (fiscal-names.ts): -1 when its
   * "fiscal 2023" is FY-2024 here. Its filings' offsets by majority; 0 when none says. */
  fiscalNameOffset: number;
  /** Its GICS sector and sub-industry: the constituents file's, else its filings'. */
  sector?: string;
  subIndustry?: string;
}

export interface Directory {
  companies: CompanyEntry[];
  byTicker: Map<string, CompanyEntry>;
  /** Every filing, in `corpus list` order. */
  readonly filings: FilingRow[];
  /** The filings whose ticker is one of `tickers`, in `corpus list` order: `filings` so filtered, read
   * company by company. */
  filingsOf(tickers: readonly string[]): FilingRow[];
  linker: CompanyLinker;
  sectors: Set<string>;
  subIndustries: Set<string>;
}

/** The filings of `tickers` from their companies' entries, in `corpus list` order (by ticker first). */
function filingsOfEntries(byTicker: Map<string, CompanyEntry>, tickers: readonly string[]): FilingRow[] {
  const asked = [...new Set(tickers)].sort();
  return asked.flatMap((t) => (byTicker.get(t)?.filings ?? []).filter((f) => f.sec_ticker === t));
}

/** The directory of an index that holds its companies' summary (and the linker's tables): companies at
 * once, their filings when first read; undefined for an index written without them. */
export function openDirectory(
  index: Pick<IndexHandle, 'directorySummary' | 'companyFilings' | 'directoryFilings' | 'companies'>,
  tables?: LinkerTables,
): Directory | undefined {
  const summary = index.directorySummary?.();
  const linker = CompanyLinker.fromTables(tables);
  if (!summary || !linker) return undefined;
  // One object per filing, whichever list read it first.
  const reuse = new Map<number, FilingRow>();
  const byTicker = new Map<string, CompanyEntry>();
  const aliases = aliasData as unknown as Record<string, string[]>;
  for (const c of summary.companies) {
    let filings: FilingRow[] | undefined;
    byTicker.set(c.key, {
      ticker: c.key,
      display: displayName(c.name, aliases[c.key]),
      get filings() {
        return (filings ??= index.companyFilings(c.key, reuse));
      },
      filingCount: c.filings,
      fiscalNameOffset: c.fiscalNameOffset ?? 0,
    });
  }
  for (const row of index.companies()) {
    const known = byTicker.get(row.ticker);
    if (known) Object.assign(known, gicsOf(row));
    else
      byTicker.set(row.ticker, {
        ticker: row.ticker,
        display: displayName(row.name, aliases[row.ticker]),
        filings: [],
        filingCount: 0,
        fiscalNameOffset: 0,
        ...gicsOf(row),
      });
  }
  let all: FilingRow[] | undefined;
  return {
    companies: [...byTicker.values()],
    byTicker,
    get filings() {
      return (all ??= index.directoryFilings(reuse));
    },
    filingsOf: (tickers) => filingsOfEntries(byTicker, tickers),
    linker,
    sectors: new Set(summary.sectors),
    subIndustries: new Set(summary.subIndustries),
  };
}

/** Companies come from the filings, and from the constituents file for companies without filings (so
 * inference can recognise them and say the index holds nothing of theirs). The linker is made from
 * their names, unless `tables` (written with the index from the same names) are of today's format. */
export function buildDirectory(filings: FilingRow[], companies: CompanyRow[] = [], tables?: LinkerTables): Directory {
  const kept = CompanyLinker.fromTables(tables);
  // One pass over the filings (3,320 at 20x, every cold query): companies, their fiscal naming votes,
  // sectors, and the names the linker is made of when the index has no tables for it.
  const byTicker = new Map<string, CompanyEntry>();
  const names = new Map<string, Set<string>>();
  const votes = new Map<CompanyEntry, number[]>();
  const sectors = new Set<string>();
  const subIndustries = new Set<string>();
  const nameSet = (t: string) => names.get(t) ?? names.set(t, new Set()).get(t)!;
  for (const f of filings) {
    const ticker = f.sec_ticker ?? `CIK${f.cik}`;
    let c = byTicker.get(ticker);
    if (!c) {
      c = { ticker, display: f.security_name ?? f.company, filings: [], filingCount: 0, fiscalNameOffset: 0 };
      byTicker.set(ticker, c);
    }
    c.filings.push(f);
    c.filingCount++;
    // A filing that does not say (null) has no vote.
    if (typeof f.fiscal_name_offset === 'number') (votes.get(c) ?? votes.set(c, []).get(c)!).push(f.fiscal_name_offset);
    if (f.sec_gics_sector) sectors.add((c.sector ??= f.sec_gics_sector));
    if (f.sec_gics_sub_industry) subIndustries.add((c.subIndustry ??= f.sec_gics_sub_industry));
    if (kept) continue;
    nameSet(ticker).add(f.company);
    if (f.security_name) nameSet(ticker).add(f.security_name);
  }
  for (const row of companies) {
    const known = byTicker.get(row.ticker);
    if (known) Object.assign(known, gicsOf(row));
    else
      byTicker.set(row.ticker, { ticker: row.ticker, display: row.name, filings: [], filingCount: 0, fiscalNameOffset: 0, ...gicsOf(row) });
    if (!kept) nameSet(row.ticker).add(row.name);
  }
  // Short names for answers: "Coca-Cola", not "Coca-Cola Company (The)".
  const aliases = aliasData as unknown as Record<string, string[]>;
  for (const c of byTicker.values()) {
    c.display = displayName(c.display, aliases[c.ticker]);
    c.fiscalNameOffset = majorityOffset(votes.get(c) ?? []) ?? 0;
  }
  const linker = kept ?? new CompanyLinker([...byTicker.keys()].map((ticker) => ({ ticker, names: [...(names.get(ticker) ?? [])] })));
  return {
    companies: [...byTicker.values()],
    byTicker,
    filings,
    filingsOf: (tickers) => filingsOfEntries(byTicker, tickers),
    linker,
    sectors,
    subIndustries,
  };
}

/** A constituent's sector and sub-industry, those it has. */
const gicsOf = (row: CompanyRow): Pick<CompanyEntry, 'sector' | 'subIndustry'> => ({
  ...(row.sector ? { sector: row.sector } : {}),
  ...(row.sub_industry ? { subIndustry: row.sub_industry } : {}),
});

/** The constituents' name without "(The)", "(Class A)" or a legal suffix; a curated short name when
 * that is still long ("International Business Machines" -> "IBM"). */
function displayName(name: string, aliases: string[] | undefined): string {
  const clean = name
    .replace(/\s*\((?:the|class [a-z]|new)\)\s*/gi, ' ')
    .replace(/,?\s+(?:inc|incorporated|corp|corporation|co|company|plc|ltd|holdings|group)\.?\s*$/i, '')
    .trim();
  // "Deere & Company" keeps its suffix: "Deere &" is not a name.
  if (/(?:&|\band)$/i.test(clean)) return name.replace(/\s*\((?:the|class [a-z]|new)\)\s*/gi, ' ').trim();
  if (clean.length <= 24 || !aliases?.length) return clean;
  return aliases.find((a) => a.length < clean.length) ?? clean;
}
