// What the index holds, for inference: companies (tickers and the names people use for them), and
// the filings of each. Built once per opened index.
import type { CompanyRow, FilingRow } from '../index/types.js';

export interface CompanyEntry {
  ticker: string;
  /** Normalized aliases (lower-case words); `strict` ones must be capitalised in the question. */
  aliases: { words: string; strict: boolean }[];
  display: string;
  filings: FilingRow[];
}

export interface Directory {
  companies: CompanyEntry[];
  byTicker: Map<string, CompanyEntry>;
  filings: FilingRow[];
  sectors: Set<string>;
  subIndustries: Set<string>;
}

const SUFFIX = /\b(?:inc|incorporated|corp|corporation|co|company|companies|plc|ltd|limited|holdings?|group|the|n\.?v|s\.?a|lp|llc|de|new)\b\.?/g;
// First words too common to stand for a company on their own.
const COMMON_FIRST = new Set(
  'american general united first international national best advanced public global southern northern eastern western digital applied consolidated discover target block ball match royal new old great big smart live real citizens state federal universal'.split(' '),
);

export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/\(the\)/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[-/.,()]/g, ' ')
    .replace(SUFFIX, ' ')
    .replace(/\band\s*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function aliasesOf(names: string[]): { words: string; strict: boolean }[] {
  const out = new Map<string, boolean>();
  for (const n of names) {
    const full = normalizeName(n);
    if (!full) continue;
    const parts = full.split(' ');
    out.set(full, parts.length === 1);
    const first = parts[0]!;
    if (parts.length > 1 && first.length >= 4 && !COMMON_FIRST.has(first)) out.set(first, true);
    // "Coca-Cola" -> "cocacola" as people sometimes write it; "JPMorgan" -> "jp morgan".
    if (parts.length === 2 && n.includes('-')) out.set(parts.join(''), true);
    const jp = /^([a-z]{2})([a-z]{4,})$/.exec(first);
    if (jp && /^[A-Z]{2}[A-Z][a-z]/.test(n)) out.set(`${jp[1]} ${jp[2]}`, false);
  }
  return [...out].map(([words, strict]) => ({ words, strict }));
}

/** Companies come from the filings, and from the constituents file for companies without filings (so
 * inference can recognise them and say the index holds nothing of theirs). */
export function buildDirectory(filings: FilingRow[], companies: CompanyRow[] = []): Directory {
  const byTicker = new Map<string, CompanyEntry>();
  for (const f of filings) {
    const ticker = f.sec_ticker ?? `CIK${f.cik}`;
    let c = byTicker.get(ticker);
    if (!c) {
      c = { ticker, aliases: [], display: f.security_name ?? f.company, filings: [] };
      byTicker.set(ticker, c);
    }
    c.filings.push(f);
  }
  for (const row of companies) {
    if (!byTicker.has(row.ticker)) byTicker.set(row.ticker, { ticker: row.ticker, aliases: [], display: row.name, filings: [] });
  }
  const listed = new Map(companies.map((c) => [c.ticker, c.name]));
  for (const c of byTicker.values()) {
    const names = new Set<string>();
    for (const f of c.filings) {
      names.add(f.company);
      if (f.security_name) names.add(f.security_name);
    }
    const name = listed.get(c.ticker);
    if (name) names.add(name);
    c.aliases = aliasesOf([...names]);
  }
  return {
    companies: [...byTicker.values()],
    byTicker,
    filings,
    sectors: new Set(filings.map((f) => f.sec_gics_sector).filter((s): s is string => !!s)),
    subIndustries: new Set(filings.map((f) => f.sec_gics_sub_industry).filter((s): s is string => !!s)),
  };
}
