// Which filings and statements a query searches: the caller's filters (never relaxed, never
// contradicted), then inferred ones. A year without its own filing is read from the later filings whose
// comparative columns cover it; a company the index holds nothing of gets no other company's evidence;
// an inferred filter that would leave nothing else is relaxed, each with a notice.
import { conditionsOf, filterValues, type FieldCondition } from '../../contract/filters.js';
import type { CanonicalFilters, NoticePayload } from '../../contract/types.js';
import { mergeRanges } from '../index/open.js';
import type { FilingRow, SectionRow } from '../index/types.js';
import type { Directory } from './directory.js';
import type { CompanyLink } from '../companies/link.js';

/** Filters inferred from a question (question/filters.ts), and what else the scope needs of it. */
export interface Inferred {
  sec_ticker?: string[];
  sec_fiscal_year?: string[];
  sec_form_type?: string[];
  sec_item_tag?: string[];
  sec_gics_sector?: string[];
  sec_gics_sub_industry?: string[];
  /** Which words were taken as which company. */
  links: CompanyLink[];
  /** Words as near several companies' names as each other (a typo): no company is taken for them. */
  ambiguous?: { text: string; tickers: string[] }[];
  /** Text that named an inferred value: kept out of the search words. */
  spans: string[];
  /** Text that named a section: searched after all when nothing else is left to search. */
  sectionSpans?: string[];
  /** "over the last three years": the latest N fiscal years of each company, resolved by the scope. */
  lastYears?: number;
  /** The question looks across time ("trend", "over the years"): no single latest year is assumed. */
  trend?: boolean;
  /** The years are a range or a list ("from 2019 to 2022"): a trend over them. */
  yearRange?: boolean;
  /** The years are the two ends of a span ("from 2019 to 2022", "the last three years"), not a list. */
  through?: boolean;
  /** The fiscal quarter asked ("Q2 2023", "the second quarter of fiscal 2023"). */
  quarter?: number;
  /** With the quarter: the months ending with it, 6 or 9 ("the six months ended June 30, 2023", "the
   * first half of 2023"). */
  months?: number;
  /** The filing the question names as its source ("according to its FY2019 10-K"): the scope's year
   * and form, whatever period is asked. */
  source?: { fiscalYear: number; form?: '10-K' | '10-Q' };
  /** The second half of the year asked: the year less its first half (the annual report and the
   * second quarter's report). */
  secondHalf?: boolean;
  /** The trailing twelve months ending with the quarter asked. */
  trailing?: boolean;
  /** The one company asked names its fiscal years off the index's labels: the years the question
   * wrote (its naming) and the offset (sec_fiscal_year = named - offset). */
  fiscalNaming?: { ticker: string; offset: number; named: number[] };
}

export interface Scope {
  /** Caller filters and inferred ones, as applied (canonical wire form). */
  applied: CanonicalFilters;
  /** Fields whose filter was inferred. */
  inferred: string[];
  filings: FilingRow[];
  /** Statement id ranges to search; null searches the whole index. */
  ranges: [number, number][] | null;
  /** The fiscal years the question asks about (newest first), which may differ from the filings'
   * years when a later filing's comparative columns answer them. */
  askedYears: number[];
  /** The fiscal quarter the question asks, if any. */
  quarter?: number;
  /** With the quarter: the months ending with it ("the six months ended June 30": 6). */
  months?: number;
  /** Companies the question names that the index holds no filings of. */
  missing: { ticker: string; name: string }[];
  notices: NoticePayload[];
}

type FilingField = Exclude<keyof FilingRow, 'id'>;
const FILING_FIELDS = [
  'sec_ticker',
  'sec_form_type',
  'sec_fiscal_year',
  'sec_fiscal_year_end',
  'report_filing_date',
  'sec_gics_sector',
  'sec_gics_sub_industry',
] as const;

function matches(value: string | null, c: FieldCondition): boolean {
  if (value === null) return false;
  if (c.in && !c.in.includes(value)) return false;
  if (c.notIn?.includes(value)) return false;
  if (c.gte !== undefined && value < c.gte) return false;
  if (c.lte !== undefined && value > c.lte) return false;
  return true;
}

function filterFilings(filings: FilingRow[], field: FilingField, c: FieldCondition): FilingRow[] {
  return filings.filter((f) => matches(f[field] as string | null, c));
}

const wire = (values: string[]) => (values.length === 1 ? values[0]! : values);
const fyNum = (fy: string) => Number(fy.slice(3));

export interface ScopeInput {
  caller?: CanonicalFilters;
  inferred?: Inferred;
  dir: Directory;
  sections: (filingId: number) => SectionRow[];
}

/** Fiscal years of filings that report `year`: its own, else the next two (their comparative columns),
 * the later first. Only annual reports carry earlier years as columns. */
function coveringYears(filings: FilingRow[], year: number): string[] {
  const have = new Set(filings.map((f) => f.sec_fiscal_year));
  if (have.has(`FY-${year}`)) return [`FY-${year}`];
  const annual = new Set(filings.filter((f) => f.sec_form_type.startsWith('10-K')).map((f) => f.sec_fiscal_year));
  return [`FY-${year + 2}`, `FY-${year + 1}`].filter((y) => annual.has(y));
}

/** The filings the caller's own filters allow (items aside, which are sections'): they always win. */
export function allowedByCaller(caller: CanonicalFilters | undefined, filings: FilingRow[]): FilingRow[] {
  const conds = conditionsOf(caller);
  return FILING_FIELDS.reduce((kept, field) => (conds.get(field) ? filterFilings(kept, field, conds.get(field)!) : kept), filings);
}

/** The filings the caller allows, read only for the companies named when the caller's filter names
 * them, or the question does and they have filings the caller allows (the directory reads a company's
 * filings when first asked): every filing the caller allows otherwise. The same filings either way as
 * the scope keeps, in the same order. */
function startingFilings(caller: CanonicalFilters | undefined, asked: string[] | undefined, dir: Directory): FilingRow[] {
  const named = conditionsOf(caller).get('sec_ticker')?.in;
  if (named) return allowedByCaller(caller, dir.filingsOf(named));
  const held = asked?.filter((t) => (dir.byTicker.get(t)?.filingCount ?? 0) > 0) ?? [];
  const theirs = held.length > 0 ? allowedByCaller(caller, dir.filingsOf(held)) : [];
  return theirs.length > 0 ? theirs : allowedByCaller(caller, dir.filings);
}

/** Whether a statement id lies in a scope's ranges (a null scope is the whole index). */
export function inScope(scope: Pick<Scope, 'ranges'>, statementId: number): boolean {
  return scope.ranges === null || scope.ranges.some(([first, last]) => statementId >= first && statementId <= last);
}

export function resolveScope({ caller, inferred: asked, dir, sections }: ScopeInput): Scope {
  // A named source filing ("according to its FY2019 10-K") is the scope's year and form; the years the
  // question asks are read from it (its comparative columns).
  const src = asked?.source;
  const inferred: Inferred | undefined =
    src && asked ? { ...asked, sec_fiscal_year: [`FY-${src.fiscalYear}`], ...(src.form ? { sec_form_type: [src.form] } : {}) } : asked;
  const notices: NoticePayload[] = [];
  const callerConds = conditionsOf(caller);
  const applied: CanonicalFilters = { ...(caller ?? {}) };
  const inferredFields: string[] = [];
  const described: string[] = [];
  const missing: Scope['missing'] = [];
  let askedYears = (asked?.sec_fiscal_year ?? inferred?.sec_fiscal_year ?? []).map(fyNum);

  let filings = startingFilings(caller, callerConds.has('sec_ticker') ? undefined : inferred?.sec_ticker, dir);
  // The caller's year filter applies even when the question names another (a notice says so).
  if (caller?.sec_fiscal_year)
    askedYears = filterValues(caller.sec_fiscal_year)
      .map(fyNum)
      .sort((a, b) => b - a);
  conflictNotices(caller, inferred, notices);
  const itemCaller = callerConds.get('sec_item_tag');

  if (inferred && filings.length > 0) {
    const order = ['sec_ticker', 'sec_gics_sub_industry', 'sec_gics_sector', 'sec_form_type', 'sec_fiscal_year'] as const;
    for (const field of order) {
      let values = inferred[field];
      if (callerConds.has(field) || filings.length === 0) continue;
      if (field === 'sec_ticker' && values) {
        // A company the index holds nothing of: said first, and no other company stands in for it.
        const absent = values.filter((t) => (dir.byTicker.get(t)?.filingCount ?? 0) === 0);
        for (const t of absent) missing.push({ ticker: t, name: dir.byTicker.get(t)?.display ?? t });
        values = values.filter((t) => !absent.includes(t));
        if (absent.length > 0) {
          notices.push({
            code: 'COMPANY_NOT_IN_INDEX',
            message:
              `the index holds no filings of ` +
              `${absent.map((t) => `${dir.byTicker.get(t)?.display ?? t} (${t})`).join(', ')}; add them with: ` +
              `filings corpus pull ${absent.join(' ')}`,
          });
        }
        if (values.length === 0) {
          if (!callerConds.has('sec_ticker')) filings = [];
          continue;
        }
      }
      if (field === 'sec_fiscal_year' && !values && applied.sec_ticker) {
        // With the caller's item filter, the latest years that have such an item (a company's newest
        // filing may be a 10-Q, which has no Item 1A of a 10-K).
        const withItem = itemCaller ? filings.filter((f) => sections(f.id).some((s) => matches(s.item_tag, itemCaller))) : filings;
        values = defaultYears(withItem.length > 0 ? withItem : filings, inferred);
        if (values.length > 0) {
          described.push(
            `sec_fiscal_year=${values.join(',')} ` +
              `(${inferred.lastYears ? `the last ${inferred.lastYears} years available` : 'latest available; the question names no year'})`,
          );
          askedYears = values.map(fyNum);
        }
      } else if (field === 'sec_fiscal_year' && values) {
        const asked = values;
        const covering = [...new Set(asked.flatMap((fy) => coveringYears(filings, fyNum(fy))))];
        const reported = asked.filter((fy) => !covering.includes(fy));
        if (reported.length > 0 && covering.length > 0) {
          notices.push({
            code: 'YEAR_FROM_COMPARATIVES',
            message:
              `no filing for ${reported.join(', ')} in scope; ` +
              `${reported.length > 1 ? 'those years are' : 'that year is'} read from the comparative columns of ` +
              `the ${covering.join(', ')} annual report${covering.length > 1 ? 's' : ''}`,
          });
        }
        values = covering.length > 0 ? covering : values;
        described.push(`sec_fiscal_year=${values.join(',')}${namingNote(inferred)}`);
      } else if (values) {
        described.push(`${field}=${values.join(',')}${field === 'sec_ticker' ? ` (${linkText(inferred, values)})` : ''}`);
      }
      if (!values || values.length === 0) continue;
      let kept = filterFilings(filings, field, { in: values });
      if (kept.length === 0 && field === 'sec_fiscal_year') {
        const nearest = nearestYears(filings, values);
        if (nearest.length > 0) {
          notices.push({
            code: 'INFERRED_FILTER_RELAXED',
            message: `no filing for ${values.join(', ')} in scope; using the nearest fiscal year ${nearest.join(', ')}`,
          });
          values = nearest;
          kept = filterFilings(filings, field, { in: values });
        }
      }
      if (kept.length === 0) {
        notices.push({
          code: 'INFERRED_FILTER_RELAXED',
          message: `inferred ${field}=${values.join(', ')} dropped: it matched no filing in scope`,
        });
        continue;
      }
      filings = kept;
      applied[field] = wire(values);
      inferredFields.push(field);
    }
  }

  // Items are a property of sections: scope statements to the matching sections.
  let itemCond = itemCaller;
  if (!itemCond && inferred?.sec_item_tag && filings.length > 0) {
    const c = { in: inferred.sec_item_tag };
    const any = filings.some((f) => sections(f.id).some((s) => matches(s.item_tag, c)));
    if (any) {
      itemCond = c;
      applied.sec_item_tag = wire(inferred.sec_item_tag);
      inferredFields.push('sec_item_tag');
      described.push(`sec_item_tag=${inferred.sec_item_tag.join(',')}`);
    } else {
      notices.push({
        code: 'INFERRED_FILTER_RELAXED',
        message: `inferred sec_item_tag=${inferred.sec_item_tag.join(', ')} matched no section in scope; dropped`,
      });
    }
  }
  if (described.length > 0) notices.unshift({ code: 'FILTERS_INFERRED', message: `inferred from the question: ${described.join('; ')}` });
  // A missing company is the first thing to say.
  notices.sort((a, b) => Number(b.code === 'COMPANY_NOT_IN_INDEX') - Number(a.code === 'COMPANY_NOT_IN_INDEX'));

  const nothing = filings.length === 0 || (missing.length > 0 && !applied.sec_ticker);
  const filtered = Object.keys(applied).length > 0 || nothing;
  let ranges: [number, number][] | null = null;
  if (nothing) {
    ranges = [];
    filings = [];
  } else if (filtered) {
    const scopedSections = itemCond ? filings.flatMap((f) => sections(f.id).filter((s) => matches(s.item_tag, itemCond))) : undefined;
    ranges = mergeRanges(scopedSections ?? filings);
  }
  return {
    applied,
    inferred: inferredFields,
    filings: filtered ? filings : dir.filings,
    ranges,
    askedYears,
    missing,
    notices,
    ...(inferred?.quarter ? { quarter: inferred.quarter, ...(inferred.months ? { months: inferred.months } : {}) } : {}),
  };
}

/** No year named: the latest filing of each company (a question in the present tense), or its last N
 * years ("over the last three years"), or every year for a trend. */
function defaultYears(filings: FilingRow[], inferred: Inferred): string[] {
  const byTicker = new Map<string, string[]>();
  for (const f of filings) {
    const list = byTicker.get(f.sec_ticker ?? '') ?? [];
    if (!list.includes(f.sec_fiscal_year)) list.push(f.sec_fiscal_year);
    byTicker.set(f.sec_ticker ?? '', list);
  }
  if (!inferred.lastYears && inferred.trend) return [];
  const n = inferred.lastYears ?? 1;
  const out = new Set<string>();
  for (const years of byTicker.values()) for (const y of years.sort().reverse().slice(0, n)) out.add(y);
  return [...out].sort().reverse();
}

/** " (ULTA names its fiscal years by the year they begin: its fiscal 2023 is FY-2024)". */
function namingNote(inferred: Inferred): string {
  const n = inferred.fiscalNaming;
  if (!n) return '';
  const how = n.offset < 0 ? 'by the year they begin' : 'one year after the year they end in';
  const map = n.named.map((y) => `its fiscal ${y} is FY-${y - n.offset}`).join(', ');
  return ` (${n.ticker} names its fiscal years ${how}: ${map})`;
}

function linkText(inferred: Inferred, tickers: string[]): string {
  return inferred.links
    .filter((l) => tickers.includes(l.ticker))
    .map((l) => `"${l.text}" -> ${l.ticker}`)
    .join(', ');
}

/** The caller's filter says one thing and the question another: the filter applies, and we say so. */
function conflictNotices(caller: CanonicalFilters | undefined, inferred: Inferred | undefined, notices: NoticePayload[]): void {
  if (!caller || !inferred) return;
  const pairs: [keyof Inferred & string, string][] = [
    ['sec_fiscal_year', 'fiscal year'],
    ['sec_ticker', 'company'],
    ['sec_form_type', 'form'],
  ];
  for (const [field, what] of pairs) {
    const given = filterValues(caller[field as keyof CanonicalFilters]);
    const asked = (inferred[field] as string[] | undefined) ?? [];
    if (given.length === 0 || asked.length === 0 || asked.some((a) => given.includes(a))) continue;
    notices.push({
      code: 'FILTER_CONFLICTS_WITH_QUESTION',
      message: `the question names ${what} ${asked.join(', ')} but the filter ${field}=${given.join(',')} applies; the answer is about ${given.join(', ')}`,
    });
  }
}

function nearestYears(filings: FilingRow[], asked: string[]): string[] {
  const have = [...new Set(filings.map((f) => f.sec_fiscal_year))];
  if (have.length === 0) return [];
  const target = Math.max(...asked.map(fyNum));
  // Prefer the year after (its filing reports the asked year's neighbourhood), then the year before.
  have.sort((a, b) => Math.abs(fyNum(a) - target) - Math.abs(fyNum(b) - target) || fyNum(b) - fyNum(a));
  return [have[0]!];
}
