// Which filings and statements a query searches: the caller's filters (never relaxed, never
// contradicted), then inferred ones, each relaxed with a notice when it would leave nothing.
import { conditionsOf, type FieldCondition } from '../../contract/filters.js';
import type { CanonicalFilters, NoticePayload } from '../../contract/types.js';
import { mergeRanges } from '../index/open.js';
import type { FilingRow, SectionRow } from '../index/types.js';
import type { Directory } from './directory.js';
import { TREND_WORDS, type Inferred } from './infer.js';

export interface Scope {
  /** Caller filters and inferred ones, as applied (canonical wire form). */
  applied: CanonicalFilters;
  /** Fields whose filter was inferred. */
  inferred: string[];
  filings: FilingRow[];
  /** Statement id ranges to search; null searches the whole index. */
  ranges: [number, number][] | null;
  /** The same scope as filing ids (and section ids when items are filtered), for many ranges. */
  ids: { filings: number[]; sections?: number[] } | null;
  notices: NoticePayload[];
}

type FilingField = Exclude<keyof FilingRow, 'id'>;
const FILING_FIELDS = ['sec_ticker', 'sec_form_type', 'sec_fiscal_year', 'sec_fiscal_year_end', 'report_filing_date', 'sec_gics_sector', 'sec_gics_sub_industry'] as const;

function matches(value: string | null, c: FieldCondition): boolean {
  if (value === null) return false;
  if (c.in && !c.in.includes(value)) return false;
  if (c.notIn && c.notIn.includes(value)) return false;
  if (c.gte !== undefined && value < c.gte) return false;
  if (c.lte !== undefined && value > c.lte) return false;
  return true;
}

function filterFilings(filings: FilingRow[], field: FilingField, c: FieldCondition): FilingRow[] {
  return filings.filter((f) => matches(f[field] as string | null, c));
}

const wire = (values: string[]) => (values.length === 1 ? values[0]! : values);

export interface ScopeInput {
  caller?: CanonicalFilters;
  inferred?: Inferred;
  question: string;
  dir: Directory;
  sections: (filingId: number) => SectionRow[];
}

export function resolveScope({ caller, inferred, question, dir, sections }: ScopeInput): Scope {
  const notices: NoticePayload[] = [];
  const callerConds = conditionsOf(caller);
  const applied: CanonicalFilters = { ...(caller ?? {}) };
  const inferredFields: string[] = [];
  const described: string[] = [];

  let filings = dir.filings;
  for (const field of FILING_FIELDS) {
    const c = callerConds.get(field);
    if (c) filings = filterFilings(filings, field, c);
  }
  const itemCaller = callerConds.get('sec_item_tag');

  if (inferred && filings.length > 0) {
    const order = ['sec_ticker', 'sec_gics_sub_industry', 'sec_gics_sector', 'sec_form_type', 'sec_fiscal_year'] as const;
    for (const field of order) {
      let values = inferred[field];
      if (callerConds.has(field)) continue;
      if (!values && field === 'sec_fiscal_year' && applied.sec_ticker && !TREND_WORDS.test(question)) {
        // No year asked: the latest filing of each company answers a question in the present tense.
        const latest = new Map<string, string>();
        for (const f of filings) {
          const t = f.sec_ticker ?? '';
          if ((latest.get(t) ?? '') < f.sec_fiscal_year) latest.set(t, f.sec_fiscal_year);
        }
        values = [...new Set(latest.values())];
        if (values.length > 0) described.push(`sec_fiscal_year=${values.join(',')} (latest available; the question names no year)`);
      } else if (values) {
        described.push(`${field}=${values.join(',')}`);
      }
      if (!values || values.length === 0) continue;
      let kept = filterFilings(filings, field, { in: values });
      if (kept.length === 0 && field === 'sec_fiscal_year') {
        const nearest = nearestYears(filings, values);
        if (nearest.length > 0) {
          notices.push({ code: 'INFERRED_FILTER_RELAXED', message: `no filing for ${values.join(', ')} in scope; using the nearest fiscal year ${nearest.join(', ')}` });
          values = nearest;
          kept = filterFilings(filings, field, { in: values });
        }
      }
      if (kept.length === 0) {
        const absent = field === 'sec_ticker' ? values.filter((t) => (dir.byTicker.get(t)?.filings.length ?? 0) === 0) : [];
        const why = absent.length === values.length ? `the index holds no filings of ${absent.map((t) => `${t} (${dir.byTicker.get(t)?.display ?? t})`).join(', ')}` : 'it matched no filing in scope';
        notices.push({ code: 'INFERRED_FILTER_RELAXED', message: `inferred ${field}=${values.join(', ')} dropped: ${why}` });
        continue;
      }
      filings = kept;
      applied[field] = wire(values);
      inferredFields.push(field);
    }
  }

  // Items are a property of sections: scope statements to the matching sections.
  let itemCond = itemCaller;
  if (!itemCond && inferred?.sec_item_tag) {
    const c = { in: inferred.sec_item_tag };
    const any = filings.some((f) => sections(f.id).some((s) => matches(s.item_tag, c)));
    if (any) {
      itemCond = c;
      applied.sec_item_tag = wire(inferred.sec_item_tag);
      inferredFields.push('sec_item_tag');
      described.push(`sec_item_tag=${inferred.sec_item_tag.join(',')}`);
    } else if (filings.length > 0) {
      notices.push({ code: 'INFERRED_FILTER_RELAXED', message: `inferred sec_item_tag=${inferred.sec_item_tag.join(', ')} matched no section in scope; dropped` });
    }
  }
  if (described.length > 0) notices.unshift({ code: 'FILTERS_INFERRED', message: `inferred from the question: ${described.join('; ')}` });

  const filtered = Object.keys(applied).length > 0;
  let ranges: [number, number][] | null = null;
  let ids: Scope['ids'] = null;
  if (filtered) {
    const scopedSections = itemCond ? filings.flatMap((f) => sections(f.id).filter((s) => matches(s.item_tag, itemCond))) : undefined;
    ranges = mergeRanges(scopedSections ?? filings);
    ids = { filings: filings.map((f) => f.id), ...(scopedSections ? { sections: scopedSections.map((s) => s.id) } : {}) };
  }
  return { applied, inferred: inferredFields, filings: filtered ? filings : dir.filings, ranges, ids, notices };
}

function nearestYears(filings: FilingRow[], asked: string[]): string[] {
  const have = [...new Set(filings.map((f) => f.sec_fiscal_year))];
  if (have.length === 0) return [];
  const num = (fy: string) => Number(fy.slice(3));
  const target = Math.max(...asked.map(num));
  // Prefer the year before (a forecast for FY2023 is in the FY2022 report), then the year after.
  have.sort((a, b) => Math.abs(num(a) - target) - Math.abs(num(b) - target) || num(a) - num(b));
  return [have[0]!];
}
