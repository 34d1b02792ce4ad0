// A line item's company facts for one company, each placed in its fiscal period (xbrl/periods.ts),
// and the value a period is answered with: among the filings that reported it, a periodic report's
// (10-K, 10-Q and their amendments) before an 8-K's or a proxy statement's, the latest filed first (a
// restatement is the later filing's value), and within one filing the item's preferred concept. Every
// filing's value stays beside it, so that an earlier one can be shown.
import type Database from 'better-sqlite3';
import { calendarDays, type FactPeriod, factPeriod, type FiscalCalendar, type PeriodKind } from './periods.js';
import { factValueProblem } from './ranges.js';
import { extensionConcepts, factCompany, readFacts, type FactCompany, type StoredFact } from './store.js';
import { conceptsOf, extensionReadsAs, factUnitOf, STANDARD_TAXONOMIES } from './concepts.js';
import { LINE_ITEM, type LineItem, type LineItemKey } from '../lexicon/line-items.js';

/** One reported fact of a line item, in its fiscal period. */
export interface FactValue {
  /** In units: dollars, dollars a share, shares. */
  value: number;
  /** EDGAR's unit: USD, USD/shares, shares. */
  unit: string;
  /** "us-gaap:Revenues". */
  concept: string;
  label: string;
  /** YYYY-MM-DD; absent for an instant. */
  start?: string;
  end: string;
  kind: PeriodKind;
  /** The index's label of the fiscal year it ends in. */
  fiscalYear: number;
  /** FY, Q1-Q4, H1, H2, 9M, TTM or other (an instant: the quarter or FY it closes). */
  fiscalPeriod: string;
  quarter?: 1 | 2 | 3 | 4;
  /** The filing that reported it. */
  accession: string;
  form: string;
  filed: string;
}

/** The period a question asks of an item: a fiscal year, a quarter, the first half, the first nine
 * months, or a balance at the year's end (or at a quarter's end). */
export type FactPeriodAsk =
  | { kind: 'year' }
  | { kind: 'quarter'; quarter: 1 | 2 | 3 | 4 }
  | { kind: 'half' }
  | { kind: 'nine_months' }
  | { kind: 'instant'; quarter?: 1 | 2 | 3 | 4 };

/** A company's facts of one item, placed. */
export interface ItemFacts {
  ticker: string;
  item: LineItem;
  companies: FactCompany[];
  calendar: FiscalCalendar;
  /** The company's name of a year less the index's label of it (0 when nothing says). */
  namingOffset: number;
  /** The concepts read, the preferred first (extension concepts read by their labels last). */
  concepts: string[];
  facts: FactValue[];
}

const PERIODIC = /^(?:10-K|10-Q|20-F|40-F)/i;
export const isPeriodicForm = (form: string) => PERIODIC.test(form);

/** The period ask an item takes: by default its year, or its balance at the year's end; a balance
 * is read at the end of the period asked (a quarter's, the first half's, the year's); a flow has no
 * instant. */
export function itemAsk(item: LineItem, ask?: FactPeriodAsk): FactPeriodAsk | { missing: string } {
  if (!ask) return item.period === 'instant' ? { kind: 'instant' } : { kind: 'year' };
  if (item.period === 'duration' && ask.kind === 'instant')
    return { missing: `${item.name} is a flow over a period, not a balance at an instant` };
  if (item.period === 'instant' && ask.kind !== 'instant') {
    const quarter = ask.kind === 'quarter' ? ask.quarter : ask.kind === 'half' ? 2 : ask.kind === 'nine_months' ? 3 : 4;
    return { kind: 'instant', ...(quarter < 4 ? { quarter } : {}) };
  }
  return ask;
}

/** The (kind, quarter) a period ask reads facts of. */
export function askKey(ask: FactPeriodAsk): { kind: PeriodKind; quarter: number } {
  switch (ask.kind) {
    case 'year':
      return { kind: 'year', quarter: 4 };
    case 'quarter':
      return { kind: 'quarter', quarter: ask.quarter };
    case 'half':
      return { kind: 'half', quarter: 2 };
    case 'nine_months':
      return { kind: 'nine_months', quarter: 3 };
    default:
      return { kind: 'instant', quarter: ask.quarter ?? 4 };
  }
}

export const askName = (ask: FactPeriodAsk): string =>
  ask.kind === 'year'
    ? 'the year'
    : ask.kind === 'quarter'
      ? `Q${ask.quarter}`
      : ask.kind === 'half'
        ? 'the first half'
        : ask.kind === 'nine_months'
          ? 'the first nine months'
          : ask.quarter && ask.quarter < 4
            ? `the end of Q${ask.quarter}`
            : "the year's end";

/** The item's facts of the company `ticker` (or CIK), or why there are none. `namingOffset` overrides
 * the naming the facts' own 10-Ks give (the directory's, read from the filings' text). */
export function itemFacts(db: Database.Database, ticker: string, key: LineItemKey, namingOffset?: number): ItemFacts | { missing: string } {
  const item = LINE_ITEM.get(key);
  if (!item) return { missing: `"${key}" is no line item of the lexicon` };
  const companies = factCompany(db, ticker);
  if (companies.length === 0) {
    return {
      missing: `the index holds no company facts of ${ticker.toUpperCase()} (filings corpus pull ${ticker.toUpperCase()} --facts-only)`,
    };
  }
  const ciks = companies.map((c) => c.cik);
  const extensions = extensionConcepts(db, ciks, STANDARD_TAXONOMIES).filter((c) => extensionReadsAs(key, c.name, c.label));
  const concepts = [...conceptsOf(key), ...extensions.map((c) => c.name)];
  // The current CIK's calendar, with a former CIK's year ends before it.
  const calendar: FiscalCalendar = {
    yearEnds: [...new Set(companies.flatMap((c) => c.calendar.yearEnds))].sort(),
    namingOffset: companies.map((c) => c.calendar.namingOffset).find((o) => o !== null) ?? null,
  };
  const days = calendarDays(calendar);
  const unit = factUnitOf(item);
  const instant = item.period === 'instant';
  const facts: FactValue[] = [];
  // A period is reported by several filings and concepts: placed once.
  const periods = new Map<string, FactPeriod>();
  for (const f of readFacts(db, ciks, concepts)) {
    // The item's unit, and a balance's instants or a flow's durations; never a value out of its unit's
    // range (an index written before files were checked may hold one).
    if (f.unit !== unit || (f.start === undefined) !== instant || factValueProblem(f.value, f.unit)) continue;
    const key = `${f.start ?? ''}/${f.end}`;
    let p = periods.get(key);
    if (!p) periods.set(key, (p = factPeriod(f.start, f.end, days)));
    facts.push(factValue(f, p));
  }
  return {
    ticker: (companies.find((c) => c.ticker)?.ticker ?? ticker).toUpperCase(),
    item,
    companies,
    calendar,
    namingOffset: namingOffset ?? calendar.namingOffset ?? 0,
    concepts,
    facts,
  };
}

/** A stored fact in its period, its fields in one order whether or not it has a start and a quarter (an
 * object literal of one shape each: a screen makes a few hundred thousand). */
function factValue(f: StoredFact, p: FactPeriod): FactValue {
  const { value, unit, concept, label, start, end, accession, form, filed } = f;
  const { kind, fiscalYear, fiscalPeriod, quarter } = p;
  if (start !== undefined) {
    return quarter
      ? { value, unit, concept, label, start, end, kind, fiscalYear, fiscalPeriod, quarter, accession, form, filed }
      : { value, unit, concept, label, start, end, kind, fiscalYear, fiscalPeriod, accession, form, filed };
  }
  return quarter
    ? { value, unit, concept, label, end, kind, fiscalYear, fiscalPeriod, quarter, accession, form, filed }
    : { value, unit, concept, label, end, kind, fiscalYear, fiscalPeriod, accession, form, filed };
}

/** Each filing that reported the period, once (its preferred concept), oldest first. */
export function reportsOf(x: ItemFacts, fiscalYear: number, ask: FactPeriodAsk): FactValue[] {
  const { kind, quarter } = askKey(ask);
  const rank = (c: string) => x.concepts.indexOf(c);
  const byFiling = new Map<string, FactValue>();
  for (const f of x.facts) {
    if (f.fiscalYear !== fiscalYear || f.kind !== kind || f.quarter !== quarter) continue;
    const held = byFiling.get(f.accession);
    if (!held || rank(f.concept) < rank(held.concept)) byFiling.set(f.accession, f);
  }
  return [...byFiling.values()].sort((a, b) => a.filed.localeCompare(b.filed) || a.accession.localeCompare(b.accession));
}

/** The value a period is answered with: a periodic report's before another form's, the latest filed
 * (reportsOf chose the concept within each filing). A later value of a less preferred concept that
 * differs is another measure, not a restatement (a later 10-K that prints a year's cash only in its cash
 * flow statement, with restricted cash): the latest of the preferred concept is kept. */
export function chosen(reports: FactValue[], concepts: string[]): FactValue | undefined {
  const periodic = reports.filter((r) => isPeriodicForm(r.form));
  const from = periodic.length > 0 ? periodic : reports;
  const latest = from[from.length - 1];
  if (!latest) return undefined;
  const rank = (r: FactValue) => concepts.indexOf(r.concept);
  const better = from.filter((r) => rank(r) < rank(latest) && !sameRounded(r.value, latest.value, latest.unit));
  if (better.length === 0) return latest;
  const best = Math.min(...better.map(rank));
  return better.filter((r) => rank(r) === best).pop();
}

/** The place of the last digit a value states, at most `cap`: 1,000,000 for 130,497,000,000 (a figure
 * in millions), 0.01 for 2.97. */
export function precisionOf(value: number, cap: number): number {
  for (let p = cap; p >= 1e-6; p /= 10) {
    const q = value / p;
    if (Math.abs(q - Math.round(q)) < 1e-6) return p;
  }
  return 1e-6;
}

/** The coarsest place an item's values are stated to: millions of dollars or shares, cents a share. */
export const precisionCap = (unit: string) => (unit === 'USD/shares' ? 0.01 : unit === 'pure' ? 0.001 : 1e6);

/** Two values the same but for the rounding of the coarser. */
export function sameRounded(a: number, b: number, unit: string): boolean {
  const cap = precisionCap(unit);
  const tolerance = Math.max(precisionOf(a, cap), precisionOf(b, cap)) / 2;
  return Math.abs(a - b) <= tolerance + 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}
