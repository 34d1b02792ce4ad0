// The period a table column stands for: from the XBRL contexts of the facts it shows, else from its
// header text ("Three Months Ended June 28, 2025", "September 28, 2024", "2024"). Fiscal years follow
// the corpus rule (filing/fiscal.ts). Pure.
import { dayNumber, fiscalYearEndFor, fiscalYearOf, ymd } from '../filing/fiscal.js';
import type { ColumnPeriod, XbrlFact } from '../tables/model.js';
import { MONTH_NUMBER, MONTH_WORD } from '../text/vocabulary.js';

const MONTH_RE = `(${MONTH_WORD})\\.?`;
const FULL_DATE = new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2}),?\\s*((?:19|20)\\d{2})\\b`, 'i');
const MONTH_DAY = new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})\\b`, 'i');
const YEAR = /\b((?:19|20)\d{2})\b/g;
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  six: 6,
  nine: 9,
  twelve: 12,
  thirteen: 13,
  fifty: 52,
  '52': 12,
  '53': 12,
};

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function monthsOf(text: string): number | undefined {
  const m = /\b(\w+)[\s-]+(?:months?|weeks?)\b/i.exec(text);
  if (m) {
    const w = m[1]!.toLowerCase();
    const n = NUMBER_WORDS[w] ?? Number(w);
    if (/weeks?/i.test(m[0])) return n === 13 || n === 12 || n === 14 ? 3 : n >= 52 ? 12 : undefined;
    if (Number.isFinite(n) && n > 0 && n <= 12) return n;
  }
  if (/\bquarter\b/i.test(text)) return 3;
  if (/\b(?:years?|fiscal)\b/i.test(text)) return 12;
  return undefined;
}

/** Reads a column header. `instantHint`: the table is a balance sheet (as-of columns); `annual`: a
 * bare year in a 10-K's table is a fiscal year. */
export function periodFromHeader(
  label: string,
  opts: { nominal?: { m: number; d: number }; annual: boolean; instantHint: boolean },
): ColumnPeriod | null {
  const text = label.replace(/\s+/g, ' ');
  const asOf = opts.instantHint || /\bas of\b|\bat\b|\bbalance\b/i.test(text);
  const months = monthsOf(text);
  let end: string | undefined;
  const full = FULL_DATE.exec(text);
  const years = [...text.matchAll(YEAR)].map((m) => Number(m[1]));
  if (full) end = iso(Number(full[3]), MONTH_NUMBER[full[1]!.toLowerCase().slice(0, 3)]!, Number(full[2]));
  else {
    const md = MONTH_DAY.exec(text);
    if (md && years.length > 0) end = iso(years[years.length - 1]!, MONTH_NUMBER[md[1]!.toLowerCase().slice(0, 3)]!, Number(md[2]));
  }
  if (!end) {
    // A bare year ("2024", "Fiscal 2024"): the fiscal year, no dates.
    if (years.length === 0 || years.some((y) => y !== years[0])) return null;
    const fiscalYear = years[0]!;
    if (asOf) return { kind: 'instant', fiscalYear };
    const m = months ?? (opts.annual ? 12 : undefined);
    return m ? { kind: 'duration', fiscalYear, months: m } : { kind: 'duration', fiscalYear };
  }
  if (Number.isNaN(Date.parse(end))) return null;
  const fiscalYear = fiscalYearOf(end, opts.nominal);
  if (months === undefined && (asOf || !opts.annual)) return { kind: 'instant', fiscalYear, end };
  return { kind: 'duration', fiscalYear, months: months ?? 12, end };
}

/** The quarter of its fiscal year a three-month period ending on `end` is: 4 ends at the year end. */
export function quarterOf(end: string, nominal: { m: number; d: number } | undefined): number | undefined {
  if (!nominal) return undefined;
  const e = ymd(end);
  let fye = fiscalYearEndFor(e, nominal);
  // A period that ends a few days past the nominal year end (52/53-week years) is that year's fourth.
  if (dayNumber(e) - dayNumber({ y: fye.y - 1, m: nominal.m, d: nominal.d }) <= 14) fye = { y: fye.y - 1, m: nominal.m, d: nominal.d };
  const q = 4 - Math.round((dayNumber(fye) - dayNumber(e)) / 91.3);
  return q >= 1 && q <= 4 ? q : undefined;
}

/** The period most of a column's facts share (consolidated facts first); null when it has none. */
export function periodFromFacts(facts: XbrlFact[], nominal: { m: number; d: number } | undefined): ColumnPeriod | null {
  const usable = facts.filter((f) => f.end);
  if (usable.length === 0) return null;
  const plain = usable.filter((f) => Object.keys(f.dimensions).length === 0);
  const pool = plain.length > 0 ? plain : usable;
  const counts = new Map<string, { n: number; f: XbrlFact }>();
  for (const f of pool) {
    const key = `${f.instant ? 'i' : 'd'}|${f.start ?? ''}|${f.end}`;
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { n: 1, f });
  }
  // Durations outrank instants in a mixed column (an equity statement's balances beside its flows).
  const best = [...counts.values()].sort((a, b) => b.n - a.n || Number(a.f.instant) - Number(b.f.instant))[0]!.f;
  const fiscalYear = fiscalYearOf(best.end, nominal);
  if (best.instant) return { kind: 'instant', fiscalYear, end: best.end };
  const days = best.start ? dayNumber(ymd(best.end)) - dayNumber(ymd(best.start)) + 1 : 365;
  const months = Math.max(1, Math.min(12, Math.round(days / 30.44)));
  const p: ColumnPeriod = { kind: 'duration', fiscalYear, months, end: best.end };
  if (best.start) p.start = best.start;
  const q = months === 3 ? quarterOf(best.end, nominal) : undefined;
  if (q) p.quarter = q;
  return p;
}
