// Filter inference from the question (research and agentic_research): companies (the company linker),
// fiscal years and year ranges, quarters, forms, sections, sectors. Pure: the question and the directory
// in, filters out.
import { customerLinks } from './customers.js';
import { escapeRegExp } from '../text/regexp.js';
import { GICS_SECTORS, GICS_SUB_INDUSTRIES } from '../../contract/gics.js';
import { CompanyLinker } from '../companies/link.js';
import type { Directory } from '../retrieve/directory.js';
import type { Inferred } from '../retrieve/scope.js';
import { readPeriod } from './period.js';

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
  [
    /\binsurers?\b|\binsurance companies\b/i,
    ['Property & Casualty Insurance', 'Life & Health Insurance', 'Multi-line Insurance', 'Insurance Brokers', 'Reinsurance'],
  ],
  [/\bpharma(?:ceuticals?)?\b|\bdrug ?makers?\b/i, ['Pharmaceuticals']],
  [/\breits?\b/i, GICS_SUB_INDUSTRIES.filter((s) => s.endsWith('REITs'))],
  [
    /\boil (?:and|&) gas\b|\boil companies\b/i,
    GICS_SUB_INDUSTRIES.filter((s) => s.startsWith('Oil & Gas') || s === 'Integrated Oil & Gas'),
  ],
];
const SECTOR_ALIASES: [RegExp, string][] = [
  [/\btech(?:nology)? (?:companies|firms|sector|stocks)\b/i, 'Information Technology'],
  [/\bfinancials?(?: sector| companies| firms)\b/i, 'Financials'],
];

export function inferFilters(question: string, dir: Directory, commonWord?: (word: string) => boolean): Inferred {
  const spans: string[] = [];
  // A customer named ("revenue from Verizon") is a word of the measure, not a company asked about.
  const linked = dir.linker.link(question, commonWord);
  const customers = customerLinks(question, linked);
  // A typo as near two companies' names names neither: the answer asks which.
  const ambiguous = linked.filter((l) => l.others?.length);
  const links = linked.filter((l) => !customers.includes(l) && !ambiguous.includes(l));
  const out: Inferred = { spans, links };
  if (ambiguous.length > 0) {
    out.ambiguous = ambiguous.map((l) => ({ text: l.text, tickers: [l.ticker, ...l.others!] }));
    spans.push(...ambiguous.map((l) => l.text));
  }
  if (links.length > 0) out.sec_ticker = links.map((l) => l.ticker);
  // (A part's name, "AWS", is the measure's too: it stays in the words searched and read.)
  spans.push(...links.filter((l) => !CompanyLinker.namesPart(l)).map((l) => l.text));

  // "the quarter ended December 31, 2023" maps by the one company's reports; its fiscal naming too.
  const company = links.length === 1 ? dir.byTicker.get(links[0]!.ticker) : undefined;
  const offset = company?.fiscalNameOffset ?? 0;
  const p = readPeriod(question, company?.filings ?? [], offset);
  spans.push(...p.spans);
  const { quarter } = p;
  let years = p.years;
  // "each year since 2020", "the last three fiscal years": the years up to the latest the companies
  // asked (or the index) report, an annual report's year and the two it prints beside it.
  const latest =
    p.since !== undefined || p.lastYears
      ? latestAnnual(
          links.map((l) => l.ticker),
          dir,
        )
      : undefined;
  if (latest !== undefined && p.since !== undefined && p.since <= latest) years = yearsBetween(p.since, latest);
  else if (latest !== undefined && p.lastYears && years.length === 0) years = yearsBetween(latest - p.lastYears + 1, latest);
  if (offset !== 0 && p.named.length > 0) out.fiscalNaming = { ticker: company!.ticker, offset, named: p.named };
  // Newest first: the latest filing of a range usually covers the earlier years as comparatives.
  if (years.length > 0) out.sec_fiscal_year = years.map((y) => `FY-${y}`);
  if (p.range || years.length > 1) out.yearRange = true;
  if (p.through || p.lastYears) out.through = true;
  if (quarter) out.quarter = quarter;
  if (quarter && p.months) out.months = p.months;
  if (p.secondHalf) out.secondHalf = true;
  if (p.trailing) out.trailing = true;
  if (p.lastYears && years.length === 0) out.lastYears = p.lastYears;
  if (TREND_WORDS.test(question)) out.trend = true;

  if (/\b10-?k\b|\bannual reports?\b/i.test(question)) out.sec_form_type = ['10-K'];
  else if (/\b10-?q\b|\bquarterly reports?\b/i.test(question) || (quarter && quarter < 4 && !p.trailing)) out.sec_form_type = ['10-Q'];
  else if (/\b8-?k\b|\bcurrent reports?\b/i.test(question)) out.sec_form_type = ['8-K'];

  const items = new Set<string>();
  for (const [re, tags] of SECTIONS) {
    const m = re.exec(question);
    if (!m) continue;
    if (tags.length > 0) for (const t of tags) items.add(t);
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
      for (const n of held) subs.add(n);
      if (held.length > 0) sectorSpans.push(m![0]);
    }
    // A name's words must be in the question before a pattern is made of it: making ~160 patterns took
    // about 15 ms of every cold query that names no company.
    const lower = question.toLowerCase();
    for (const name of GICS_SUB_INDUSTRIES) {
      const m =
        name.split(' ').length > 1 && lower.includes(name.toLowerCase())
          ? new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i').exec(question)
          : null;
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
      const m = lower.includes(name.toLowerCase())
        ? new RegExp(`\\b${escapeRegExp(name)}\\b(?= (?:sector|companies|firms|stocks|industry))`, 'i').exec(question)
        : null;
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
const TREND_WORDS =
  /\b(?:trend|over time|over the (?:years|past)|across (?:the )?years|history|historical(?:ly)?|each year|every year|year[- ]over[- ]year|since|evolv\w*)\b/i;

/** The newest fiscal year of an annual report of the companies (of the whole index when none). */
function latestAnnual(tickers: string[], dir: Directory): number | undefined {
  const filings = tickers.length > 0 ? tickers.flatMap((t) => dir.byTicker.get(t)?.filings ?? []) : dir.filings;
  const years = filings.filter((f) => f.sec_form_type.startsWith('10-K')).map((f) => Number(f.sec_fiscal_year.slice(3)));
  return years.length > 0 ? Math.max(...years) : undefined;
}

/** Every year from `a` to `b`, newest first. */
const yearsBetween = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => b - i);
