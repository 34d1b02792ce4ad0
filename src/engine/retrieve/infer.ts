// Filter inference from the question (research and agentic_research): companies, fiscal years,
// quarters, forms, sections, sectors. Pure: the question and the directory in, filters out.
import { GICS_SECTORS, GICS_SUB_INDUSTRIES } from '../../contract/gics.js';
import { STOP_WORDS } from './stopwords.js';
import type { Directory } from './directory.js';
import { normalizeName } from './directory.js';

export interface Inferred {
  sec_ticker?: string[];
  sec_fiscal_year?: string[];
  sec_form_type?: string[];
  sec_item_tag?: string[];
  sec_gics_sector?: string[];
  sec_gics_sub_industry?: string[];
  /** Text that named an inferred value: kept out of the search words. */
  spans: string[];
  /** Text that named a section: searched after all when nothing else is left to search. */
  sectionSpans?: string[];
  /** No year in the question: the latest fiscal year is a default, not something asked. */
  yearIsDefault?: boolean;
}

const SECTIONS: [RegExp, string[]][] = [
  [/\brisk factors?\b/i, ['10K-Item-1A', '10Q-Part2-Item-1A']],
  [/\bmd&a\b|\bmanagement'?s discussion\b/i, ['10K-Item-7', '10Q-Part1-Item-2']],
  [/\blegal proceedings\b/i, ['10K-Item-3', '10Q-Part2-Item-1']],
  [/\bcyber ?security\b/i, ['10K-Item-1C']],
  [/\bunresolved staff comments\b/i, ['10K-Item-1B']],
  [/\bquantitative and qualitative disclosures?\b|\bmarket risk disclosures?\b/i, ['10K-Item-7A', '10Q-Part1-Item-3']],
  [/\bcontrols and procedures\b/i, ['10K-Item-9A', '10Q-Part1-Item-4']],
  [/\bexecutive compensation\b/i, ['10K-Item-11']],
  [/\bmine safety\b/i, ['10K-Item-4', '10Q-Part2-Item-4']],
  [/\bitem\s+(\d{1,2}[abc]?)\b(?!\.\d)/i, []],
];

const SECTOR_WORDS: [RegExp, string[]][] = [
  [/\bbanks?\b|\bbanking\b/i, ['Diversified Banks', 'Regional Banks']],
  [/\bsemiconductors?\b|\bchip ?makers?\b/i, ['Semiconductors', 'Semiconductor Materials & Equipment']],
  [/\bairlines?\b/i, ['Passenger Airlines']],
  [/\binsurers?\b|\binsurance companies\b/i, ['Property & Casualty Insurance', 'Life & Health Insurance', 'Multi-line Insurance', 'Insurance Brokers', 'Reinsurance']],
  [/\bpharma(?:ceuticals?)?\b|\bdrug ?makers?\b/i, ['Pharmaceuticals']],
  [/\breits?\b/i, GICS_SUB_INDUSTRIES.filter((s) => s.endsWith('REITs'))],
  [/\boil (?:and|&) gas\b|\boil companies\b/i, GICS_SUB_INDUSTRIES.filter((s) => s.startsWith('Oil & Gas') || s === 'Integrated Oil & Gas')],
];
const SECTOR_ALIASES: [RegExp, string][] = [
  [/\btech(?:nology)? (?:companies|firms|sector|stocks)\b/i, 'Information Technology'],
  [/\bfinancials?(?: sector| companies| firms)\b/i, 'Financials'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function findCompanies(question: string, dir: Directory, spans: string[]): string[] {
  const found: string[] = [];
  // Normalized question with positions mapped back loosely: match alias words on word boundaries.
  const cleaned = normalizeName(question.replace(/\$([A-Z])/g, '$1').replace(/['’]s\b/g, ''));
  const norm = ` ${cleaned.replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ')} `;
  for (const c of dir.companies) {
    for (const a of c.aliases) {
      if (!norm.includes(` ${a.words} `)) continue;
      if (a.strict) {
        // A one-word name must be capitalised as a name ("Block", not "a block of shares").
        const re = new RegExp(`(?:^|[^A-Za-z])(${a.words.split(' ').map(escape).join('[-\\s]+')})(?:'s|’s)?(?![A-Za-z])`, 'gi');
        const ok = [...question.matchAll(re)].some((m) => m[1] !== m[1]!.toLowerCase());
        if (!ok) continue;
      }
      if (!found.includes(c.ticker)) found.push(c.ticker);
      spans.push(a.words);
    }
  }
  // Tickers: $AAPL always; a bare upper-case word only when it is a known ticker and not a word.
  for (const m of question.matchAll(/(\$)?\b([A-Z][A-Z.]{1,5})\b/g)) {
    const t = m[2]!;
    if (!dir.byTicker.has(t)) continue;
    if (!m[1] && (STOP_WORDS.has(t.toLowerCase()) || t.length < 2)) continue;
    if (!found.includes(t)) found.push(t);
    spans.push(t);
  }
  return found;
}

function findYears(question: string, spans: string[]): { years: number[]; quarter: boolean } {
  const years = new Set<number>();
  let quarter = false;
  const add = (y: string, span: string) => {
    const n = y.length === 2 ? 2000 + Number(y) : Number(y);
    if (n >= 1990 && n <= 2099) years.add(n);
    spans.push(span);
  };
  for (const m of question.matchAll(/\bFY\s?[-']?\s?(\d{4}|\d{2})\b/gi)) add(m[1]!, m[0]);
  for (const m of question.matchAll(/\bQ([1-4])\s?(?:of\s+)?(?:'|FY\s?-?)?\s?(\d{4}|\d{2})\b/gi)) {
    quarter = true;
    add(m[2]!, m[0]);
  }
  for (const m of question.matchAll(/\b(?:first|second|third|fourth|[1-4](?:st|nd|rd|th)) quarter (?:of )?(?:fiscal (?:year )?)?(\d{4})\b/gi)) {
    quarter = true;
    add(m[1]!, m[0]);
  }
  for (const m of question.matchAll(/\b(19[9]\d|20\d\d)\b/g)) add(m[1]!, m[0]);
  return { years: [...years].sort(), quarter };
}

export function inferFilters(question: string, dir: Directory): Inferred {
  const spans: string[] = [];
  const out: Inferred = { spans };
  const tickers = findCompanies(question, dir, spans);
  if (tickers.length > 0) out.sec_ticker = tickers;

  const { years, quarter } = findYears(question, spans);
  if (years.length > 0) out.sec_fiscal_year = years.map((y) => `FY-${y}`);

  if (/\b10-?k\b|\bannual reports?\b/i.test(question)) out.sec_form_type = ['10-K'];
  else if (/\b10-?q\b|\bquarterly reports?\b/i.test(question) || quarter) out.sec_form_type = ['10-Q'];
  else if (/\b8-?k\b|\bcurrent reports?\b/i.test(question)) out.sec_form_type = ['8-K'];

  const items = new Set<string>();
  for (const [re, tags] of SECTIONS) {
    const m = re.exec(question);
    if (!m) continue;
    if (tags.length > 0) tags.forEach((t) => items.add(t));
    else if (m[1]) items.add(`10K-Item-${m[1].toUpperCase()}`);
    spans.push(m[0]);
    (out.sectionSpans ??= []).push(m[0]);
  }
  if (items.size > 0) out.sec_item_tag = [...items];

  if (tickers.length === 0) {
    const subs = new Set<string>();
    for (const [re, names] of SECTOR_WORDS) if (re.test(question)) names.filter((n) => dir.subIndustries.has(n)).forEach((n) => subs.add(n));
    for (const name of GICS_SUB_INDUSTRIES) {
      if (name.split(' ').length > 1 && new RegExp(`\\b${escape(name)}\\b`, 'i').test(question) && dir.subIndustries.has(name)) subs.add(name);
    }
    if (subs.size > 0) out.sec_gics_sub_industry = [...subs];
    const sectors = new Set<string>();
    for (const name of GICS_SECTORS) {
      if (new RegExp(`\\b${escape(name)}\\b(?= (?:sector|companies|firms|stocks|industry))`, 'i').test(question)) sectors.add(name);
    }
    for (const [re, name] of SECTOR_ALIASES) if (re.test(question)) sectors.add(name);
    if (sectors.size > 0 && subs.size === 0) out.sec_gics_sector = [...sectors];
  }
  return out;
}

/** Words saying the question looks across time, so no single latest year should be assumed. */
export const TREND_WORDS = /\b(?:trend|over time|over the (?:years|past)|across (?:the )?years|history|historical(?:ly)?|each year|every year|year[- ]over[- ]year|since|evolv\w*)\b/i;
