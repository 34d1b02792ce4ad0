// EDGAR's XBRL company facts (facts/) beside the filings' text, for one company: a plain line item's
// value for a period only the facts hold (status "fact", cited to the accession that reported it), and a
// figure read from the text checked against the facts of the same period (they agree, the later report
// restated it, or they disagree: both values named).
import type Database from 'better-sqlite3';
import { checkAgainstFacts, type FactPeriodAsk, factSeries, itemFacts } from '../../facts/series.js';
import { conceptsOf } from '../../lexicon/fact-concepts.js';
import type { LineItemKey } from '../../lexicon/line-items.js';
import type { Measure } from '../../question/reading.js';
import type { Point } from '../figure-lines.js';
import { type CompanyFactsReader, type FactCheck, type FactFound, type Found, strayWords } from './find.js';

/** The period of the facts a point asks: a year, a quarter, a year to date; none for a second half or
 * trailing twelve months (derived from the periods they are made of, each read on its own). */
function askOf(p: Point): FactPeriodAsk | undefined {
  if (p.secondHalf || p.trailing) return undefined;
  if (p.quarter === undefined) return { kind: 'year' };
  const q = p.quarter as 1 | 2 | 3 | 4;
  const months = p.months ?? 3;
  if (months === 3) return { kind: 'quarter', quarter: q };
  if (months === 6 && q === 2) return { kind: 'half' };
  if (months === 9 && q === 3) return { kind: 'nine_months' };
  return undefined;
}

/** The place of a text figure's last printed digit, in units (1e6 for "$130,497 million"). */
function precisionOf(found: Found): number | undefined {
  if (found.kind === 'row') {
    const f = found.figure;
    if (f.unit === 'per_share') return 10 ** -Math.max(f.decimals, 2);
    return f.scale * 10 ** -f.decimals;
  }
  return undefined;
}

export class CompanyFacts implements CompanyFactsReader {
  private readonly held = new Map<LineItemKey, boolean>();

  private constructor(
    private readonly db: Database.Database,
    readonly ticker: string,
    readonly cik: string,
    readonly company: string,
    private readonly years: Set<number>,
    private readonly annual: { fiscalYear: number }[],
    private readonly namingOffset: number | undefined,
  ) {}

  /** The company's facts, or undefined when the index holds none of them. */
  static of(db: Database.Database, ticker: string, namingOffset?: number): CompanyFacts | undefined {
    const x = itemFacts(db, ticker, 'revenue', namingOffset);
    const y = 'missing' in x ? itemFacts(db, ticker, 'total_assets', namingOffset) : x;
    if ('missing' in y || y.companies.length === 0) return undefined;
    const last = y.companies[y.companies.length - 1]!;
    const facts = [...('missing' in x ? [] : x.facts), ...y.facts];
    const annual = facts.filter((f) => f.kind === 'year' || (f.kind === 'instant' && f.quarter === 4));
    return new CompanyFacts(db, ticker, last.cik, last.name, new Set(facts.map((f) => f.fiscalYear)), annual, namingOffset);
  }

  /** The newest fiscal year the facts hold whole (a year's flow or its closing balance). */
  latestYear(): number[] {
    return this.annual.length > 0 ? [Math.max(...this.annual.map((f) => f.fiscalYear))] : [];
  }

  /** Whether the facts hold the company's revenue or assets of a fiscal year. */
  holdsYear(year: number): boolean {
    return this.years.has(year);
  }

  /** The fact of a plain line item at a point, when the facts hold the period. */
  found(m: Measure, p: Point): FactFound | undefined {
    const item = this.plain(m);
    const ask = askOf(p);
    if (!item || !ask) return undefined;
    const s = factSeries(this.db, {
      ticker: this.ticker,
      item,
      years: [p.year],
      period: ask,
      ...(this.namingOffset !== undefined ? { namingOffset: this.namingOffset } : {}),
    });
    if ('missing' in s) return undefined;
    const point = s.points[0];
    if (!point?.fact) return undefined;
    return {
      kind: 'fact',
      fact: point.fact,
      cik: this.cik,
      ...(point.restated ? { original: point.restated.original } : {}),
    };
  }

  /** A figure read from the filings' text, checked against the facts of its period. */
  check(m: Measure, p: Point, found: Found, amount: number): FactCheck | undefined {
    const item = this.plain(m);
    const ask = askOf(p);
    if (!item || !ask || (found.kind !== 'row' && found.kind !== 'text')) return undefined;
    const accession = found.kind === 'row' ? found.figure.filing.accession : found.text.filing?.accession;
    const precision = precisionOf(found);
    const a = checkAgainstFacts(this.db, {
      ticker: this.ticker,
      item,
      fiscalYear: p.year,
      period: ask,
      value: amount,
      ...(precision !== undefined ? { precision } : {}),
      ...(accession ? { accession } : {}),
    });
    if (a.status === 'none' || !a.fact) return undefined;
    if (a.status === 'disagree') return { status: 'disagree', fact: a.fact };
    if (a.restated) return { status: 'restated', fact: a.restated.latest, original: a.restated.original };
    return { status: 'agree', fact: a.fact };
  }

  /** The line item a measure asks plainly (no qualifier, no metric), when the facts carry it. */
  private plain(m: Measure): LineItemKey | undefined {
    const item = m.item;
    if (!item || m.metric || m.qualifiers.length > 0 || conceptsOf(item).length === 0 || strayWords(m).length > 0) return undefined;
    let held = this.held.get(item);
    if (held === undefined) {
      const x = itemFacts(this.db, this.ticker, item, this.namingOffset);
      held = !('missing' in x) && x.facts.length > 0;
      this.held.set(item, held);
    }
    return held ? item : undefined;
  }
}
