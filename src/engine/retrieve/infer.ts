// Filter inference from the question (research and agentic_research): companies (the company linker),
// fiscal years and year ranges, quarters, forms, sections, sectors. Pure: the question and the directory
// in, filters out.
import { GICS_SECTORS, GICS_SUB_INDUSTRIES } from '../../contract/gics.js';
import type { CompanyLink } from '../companies/link.js';
import { fiscalPeriodOf, fiscalQuarterOf } from '../corpus/fiscal.js';
import { byText } from '../text/compare.js';
import type { FilingRow } from '../index/types.js';
import type { Directory } from './directory.js';

export interface Inferred {
  sec_ticker?: string[];
  sec_fiscal_year?: string[];
  sec_form_type?: string[];
  sec_item_tag?: string[];
  sec_gics_sector?: string[];
  sec_gics_sub_industry?: string[];
  /** Which words were taken as which company. */
  links: CompanyLink[];
  /** Text that named an inferred value: kept out of the search words. */
  spans: string[];
  /** Text that named a section: searched after all when nothing else is left to search. */
  sectionSpans?: string[];
  /** "over the last three years": the latest N fiscal years of each company, resolved by the scope. */
  lastYears?: number;
  /** The years are a range or a list ("from 2019 to 2022"): a trend over them. */
  yearRange?: boolean;
  /** The fiscal quarter asked ("Q2 2023", "the second quarter of fiscal 2023"). */
  quarter?: number;
  /** With the quarter: the months ending with it, 6 or 9 ("the six months ended June 30, 2023", "the
   * first half of 2023"). */
  months?: number;
  /** The one company asked names its fiscal years off the index's labels: the years the question
   * wrote (its naming) and the offset (sec_fiscal_year = named - offset). */
  fiscalNaming?: { ticker: string; offset: number; named: number[] };
}

const SECTIONS: [RegExp, string[]][] = [
  [/\brisk factors?\b/i, ['10K-Item-1A', '10Q-Part2-Item-1A']],
  [/\bmd&a\b|\bmanagement'?s discussion\b/i, ['10K-Item-7', '10Q-Part1-Item-2']],
  [/\blegal proceedings\b/i, ['10K-Item-3', '10Q-Part2-Item-1']],
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
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };

function findYears(question: string, spans: string[]): { years: number[]; quarter?: number; range: boolean; lastYears?: number } {
  const years = new Set<number>();
  let quarter: number | undefined;
  let range = false;
  const add = (y: string, span: string) => {
    const n = y.length === 2 ? 2000 + Number(y) : Number(y);
    if (n >= 1990 && n <= 2099) years.add(n);
    spans.push(span);
  };
  // "from 2019 to 2022", "2019-2022", "between 2019 and 2022", "FY2019 through FY2022": every year between.
  for (const m of question.matchAll(/\b(?:from\s+|between\s+)?(?:fy\s?'?)?((?:19|20)\d\d)\s*(?:-|–|to|through|thru|until|and)\s*(?:fy\s?'?)?((?:19|20)\d\d)\b/gi)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b > a && b - a <= 15 && (/-|–|to|through|thru|until/i.test(m[0]) || /between/i.test(m[0]))) {
      for (let y = a; y <= b; y++) years.add(y);
      spans.push(m[0]);
      range = true;
    }
  }
  for (const m of question.matchAll(/\bFY\s?[-']?\s?(\d{4}|\d{2})\b/gi)) add(m[1]!, m[0]);
  for (const m of question.matchAll(/\bQ([1-4])\s?(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?(?:'|FY\s?-?)?\s?(\d{4}|\d{2})\b/gi)) {
    quarter = Number(m[1]);
    add(m[2]!, m[0]);
  }
  for (const m of question.matchAll(/\b(first|second|third|fourth|[1-4](?:st|nd|rd|th)) (?:fiscal )?quarter (?:of )?(?:fiscal (?:year )?)?(?:FY\s?)?(\d{4})\b/gi)) {
    quarter = ORDINAL[m[1]!.toLowerCase()];
    add(m[2]!, m[0]);
  }
  for (const m of question.matchAll(/(?:\bfiscal (?:year )?|\bin |\bfor |\bduring |\bof |\byear )'(\d{2})(?![-\w])/gi)) add(m[1]!, m[0]);
  // "its 2026 notes", "2030 senior notes": a maturity, not a fiscal year.
  for (const m of question.matchAll(/\b(19[9]\d|20\d\d)\b(?!\s*(?:senior\s+)?(?:notes|bonds|debentures|maturities|term loans?))/g)) add(m[1]!, m[0]);
  const last = /\b(?:over |in |during |for )?(?:the )?(?:last|past|previous|prior) (two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) (?:fiscal )?years\b/i.exec(question);
  const lastYears = last ? (NUMBER_WORDS[last[1]!.toLowerCase()] ?? Number(last[1])) : undefined;
  if (last) spans.push(last[0]);
  if (years.size > 1) range = true;
  return { years: [...years].sort((a, b) => b - a), range, ...(quarter ? { quarter } : {}), ...(lastYears ? { lastYears } : {}) };
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const QUARTER_ENDED = /\b(?:(?:fiscal )?quarter|(three|six|nine|3|6|9)[- ]months?(?: period)?|(13|26|39|thirteen|twenty-six|thirty-nine)[- ]weeks?)\s+(?:ended|ending)\s+(?:on\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b/i;
const SPAN_MONTHS: Record<string, number> = { three: 3, '3': 3, six: 6, '6': 6, nine: 9, '9': 9, '13': 3, thirteen: 3, '26': 6, 'twenty-six': 6, '39': 9, 'thirty-nine': 9 };
// "the first half of fiscal 2023", "H1 2023", "the first nine months of 2023": year to date.
const YEAR_TO_DATE = /\b(?:(?:the )?first (half|six months|nine months)|(h1|1h|9m))\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?'?((?:19|20)?\d\d)\b/i;

/** A date of the question ("March 31, 2023") against the company's reports: the report of a period
 * ending within a week of it, and the fiscal period it falls in by that report's year end, else by
 * the latest report's (a calendar year when the company is unknown). */
function datedPeriod(filings: FilingRow[], year: number, monthName: string, day: number): { report?: FilingRow; fiscalYear: number; quarter: number } | undefined {
  const month = MONTH_NAMES.indexOf(monthName.toLowerCase()) + 1;
  const asked = Date.UTC(year, month - 1, day);
  const report = filings.find((f) => Math.abs(Date.parse(`${f.period_of_report}T00:00:00Z`) - asked) <= 7 * 86_400_000);
  const latest = [...filings].sort((a, b) => byText(b.period_of_report, a.period_of_report))[0];
  const p = fiscalPeriodOf({ y: year, m: month, d: day }, report?.sec_fiscal_year_end ?? latest?.sec_fiscal_year_end ?? '12-31');
  if (!p) return undefined;
  return { ...(report ? { report } : {}), fiscalYear: report ? Number(report.sec_fiscal_year.slice(3)) : p.fiscalYear, quarter: p.quarter };
}

/** "the quarter ended March 31, 2023": its fiscal year and quarter. */
function quarterEnded(question: string, filings: FilingRow[]): { fiscalYear: number; quarter: number; months: number; calendarYear: number; text: string } | undefined {
  const m = QUARTER_ENDED.exec(question);
  if (!m) return undefined;
  const months = SPAN_MONTHS[(m[1] ?? m[2] ?? '3').toLowerCase()] ?? 3;
  const p = datedPeriod(filings, Number(m[5]), m[3]!, Number(m[4]));
  return p ? { fiscalYear: p.fiscalYear, quarter: p.quarter, months, calendarYear: Number(m[5]), text: m[0] } : undefined;
}

/** The year of a written date ("the year ended January 28, 2023"). */
const FULL_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+((?:19|20)\d\d)\b/gi;

const BALANCE_DATED = /\b(?:as of|as at|at|on)\s+(?:the end of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b/i;

/** "inventories as of October 28, 2023": a balance at a date, in the fiscal year it falls in (Ulta's
 * year ends near February 1: its fiscal 2024). A 10-Q of that date names its quarter; a year end, or a
 * date no report of the company ends on, names none. */
function balanceDated(question: string, filings: FilingRow[]): { fiscalYear: number; quarter?: number; calendarYear: number; text: string } | undefined {
  const m = BALANCE_DATED.exec(question);
  if (!m || filings.length === 0) return undefined;
  const p = datedPeriod(filings, Number(m[3]), m[1]!, Number(m[2]));
  if (!p) return undefined;
  const quarter = p.report?.sec_form_type.startsWith('10-Q') ? fiscalQuarterOf(p.report.period_of_report, p.report.sec_fiscal_year_end) : undefined;
  return { fiscalYear: p.fiscalYear, ...(quarter && quarter < 4 ? { quarter } : {}), calendarYear: Number(m[3]), text: m[0] };
}

/** "the first half of fiscal 2023": the second quarter's report, its six months. */
function yearToDate(question: string): { year: number; quarter: number; months: number; text: string } | undefined {
  const m = YEAR_TO_DATE.exec(question);
  if (!m) return undefined;
  const span = (m[1] ?? m[2]!).toLowerCase();
  const months = /nine|9m/.test(span) ? 9 : 6;
  const y = m[3]!;
  return { year: y.length === 2 ? 2000 + Number(y) : Number(y), quarter: months / 3, months, text: m[0] };
}

export function inferFilters(question: string, dir: Directory): Inferred {
  const spans: string[] = [];
  const links = dir.linker.link(question);
  const out: Inferred = { spans, links };
  if (links.length > 0) out.sec_ticker = links.map((l) => l.ticker);
  spans.push(...links.map((l) => l.text));

  const found = findYears(question, spans);
  const { range, lastYears } = found;
  let { years, quarter } = found;
  // "the quarter ended December 31, 2023": that quarter of the fiscal year it falls in, by the
  // company's year end (Amcor's year ends in June: its fiscal 2024's second quarter).
  const company = links.length === 1 ? dir.byTicker.get(links[0]!.ticker) : undefined;
  const own = company?.filings ?? [];
  // Years the question writes are the company's naming ("Ulta's fiscal 2023" ended February 3, 2024:
  // FY-2024 here); dates are not, and map by its reports below.
  const offset = company?.fiscalNameOffset ?? 0;
  const inDates = new Set([...question.matchAll(FULL_DATE)].map((m) => Number(m[1])));
  const named: number[] = [];
  const label = (y: number) => {
    if (offset === 0 || inDates.has(y)) return y;
    named.push(y);
    return y - offset;
  };
  const dated = quarterEnded(question, own);
  let months: number | undefined;
  const ytd = dated ? undefined : yearToDate(question);
  const balance = dated || ytd ? undefined : balanceDated(question, own);
  if (dated) {
    years = [dated.fiscalYear, ...years.filter((y) => y !== dated.calendarYear).map(label)];
    quarter = dated.quarter;
    if (dated.months !== 3) months = dated.months;
    spans.push(dated.text);
  } else if (balance) {
    years = [balance.fiscalYear, ...years.filter((y) => y !== balance.calendarYear && y !== balance.fiscalYear).map(label)];
    if (balance.quarter) quarter = balance.quarter;
    spans.push(balance.text);
  } else if (ytd) {
    years = [ytd.year, ...years.filter((y) => y !== ytd.year)].map(label);
    quarter = ytd.quarter;
    months = ytd.months;
    spans.push(ytd.text);
  } else years = years.map(label);
  if (offset !== 0 && named.length > 0) out.fiscalNaming = { ticker: company!.ticker, offset, named };
  // Newest first: the latest filing of a range usually covers the earlier years as comparatives.
  if (years.length > 0) out.sec_fiscal_year = years.map((y) => `FY-${y}`);
  if (range) out.yearRange = true;
  if (quarter) out.quarter = quarter;
  if (quarter && months) out.months = months;
  if (lastYears && years.length === 0) out.lastYears = lastYears;

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

  if (links.length === 0) {
    // The words that named a sector become a filter, and like a company's name are no longer searched
    // for: "How do banks describe credit losses?" searches banks' filings for credit losses, not for
    // statements that also say "banks" (which found none, and then anything with any of the words).
    const sectorSpans: string[] = [];
    const subs = new Set<string>();
    for (const [re, names] of SECTOR_WORDS) {
      const m = re.exec(question);
      const held = m ? names.filter((n) => dir.subIndustries.has(n)) : [];
      held.forEach((n) => subs.add(n));
      if (held.length > 0) sectorSpans.push(m![0]);
    }
    // A name's words must be in the question before a pattern is made of it: making ~160 patterns took
    // about 15 ms of every cold query that names no company.
    const lower = question.toLowerCase();
    for (const name of GICS_SUB_INDUSTRIES) {
      const m = name.split(' ').length > 1 && lower.includes(name.toLowerCase()) ? new RegExp(`\\b${escape(name)}\\b`, 'i').exec(question) : null;
      if (m && dir.subIndustries.has(name)) {
        subs.add(name);
        sectorSpans.push(m[0]);
      }
    }
    if (subs.size > 0) {
      out.sec_gics_sub_industry = [...subs];
      spans.push(...sectorSpans);
    }
    const sectors = new Set<string>();
    const sectorWords: string[] = [];
    for (const name of GICS_SECTORS) {
      const m = lower.includes(name.toLowerCase()) ? new RegExp(`\\b${escape(name)}\\b(?= (?:sector|companies|firms|stocks|industry))`, 'i').exec(question) : null;
      if (!m) continue;
      sectors.add(name);
      // A sector the index does not hold is relaxed later (a notice): its words stay searched then.
      if (dir.sectors.has(name)) sectorWords.push(m[0]);
    }
    for (const [re, name] of SECTOR_ALIASES) {
      const m = re.exec(question);
      if (!m) continue;
      sectors.add(name);
      if (dir.sectors.has(name)) sectorWords.push(m[0]);
    }
    if (sectors.size > 0 && subs.size === 0) {
      out.sec_gics_sector = [...sectors];
      spans.push(...sectorWords);
    }
  }
  return out;
}

/** Words saying the question looks across time, so no single latest year should be assumed. */
export const TREND_WORDS = /\b(?:trend|over time|over the (?:years|past)|across (?:the )?years|history|historical(?:ly)?|each year|every year|year[- ]over[- ]year|since|evolv\w*)\b/i;
