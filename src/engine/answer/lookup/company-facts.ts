// EDGAR's XBRL company facts (facts/) beside the filings' text, for one company: a plain line item's
// value for a period only the facts hold (status "fact", cited to the accession that reported it), and a
// figure read from the text checked against the facts of the same period (they agree, the later report
// restated it, or they disagree: both values named). Each item's facts are read once a request.
import type Database from 'better-sqlite3';
import { checkAgainstFacts, type FactPeriodAsk, type ItemFacts, itemFacts, seriesPoint } from '../../xbrl/index.js';
import { itemAsk } from '../../xbrl/index.js';
import { factCompany } from '../../xbrl/index.js';
import { conceptsOf } from '../../xbrl/index.js';
import type { LineItemKey } from '../../lexicon/line-items.js';
import type { Measure } from '../../question/reading.js';
import type { Point } from '../figure-lines.js';
import type { CompanyFactsReader, FactCheck, FactFound, Found } from './found.js';
import { strayWords } from './stray-words.js';

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
  if (found.kind !== 'row') return undefined;
  const f = found.figure;
  return f.unit === 'USD/share' ? 10 ** -Math.max(f.decimals, 2) : f.scale * 10 ** -f.decimals;
}

export class CompanyFacts implements CompanyFactsReader {
  private readonly items = new Map<LineItemKey, ItemFacts | undefined>();
  private years: { all: Set<number>; annual: number[] } | undefined;

  private constructor(
    private readonly db: Database.Database,
    readonly ticker: string,
    readonly cik: string,
    readonly company: string,
    private readonly namingOffset: number | undefined,
  ) {}

  /** The company's facts, or undefined when the index holds none of them. */
  static of(db: Database.Database, ticker: string, namingOffset?: number): CompanyFacts | undefined {
    const companies = factCompany(db, ticker).filter((c) => c.facts > 0);
    const last = companies[companies.length - 1];
    return last ? new CompanyFacts(db, ticker, last.cik, last.name, namingOffset) : undefined;
  }

  /** Whether the facts hold the company's revenue or assets of a fiscal year. */
  holdsYear(year: number): boolean {
    return this.heldYears().all.has(year);
  }

  /** The newest fiscal year the facts hold whole (a year's flow or its closing balance). */
  latestYear(): number[] {
    const annual = this.heldYears().annual;
    return annual.length > 0 ? [Math.max(...annual)] : [];
  }

  /** The fact of a plain line item at a point, when the facts hold the period. */
  found(m: Measure, p: Point): FactFound | undefined {
    const x = this.plain(m);
    const at = askOf(p);
    if (!x || !at) return undefined;
    const ask = itemAsk(x.item, at);
    if ('missing' in ask) return undefined;
    const point = seriesPoint(x, p.year, ask);
    if (!point.fact) return undefined;
    return { kind: 'fact', fact: point.fact, cik: this.cik, ...(point.restated ? { original: point.restated.original } : {}) };
  }

  /** A figure read from the filings' text, checked against the facts of its period. */
  check(m: Measure, p: Point, found: Found, amount: number): FactCheck | undefined {
    const x = this.plain(m);
    const ask = askOf(p);
    if (!x || !ask || (found.kind !== 'row' && found.kind !== 'text')) return undefined;
    const accession = found.kind === 'row' ? found.figure.filing.accession : found.text.filing?.accession;
    const precision = precisionOf(found);
    const a = checkAgainstFacts(
      this.db,
      {
        ticker: this.ticker,
        item: x.item.key,
        fiscalYear: p.year,
        period: ask,
        value: amount,
        ...(precision !== undefined ? { precision } : {}),
        ...(accession ? { accession } : {}),
      },
      x,
    );
    if (a.status === 'none' || !a.fact) return undefined;
    if (a.status === 'disagree') return { status: 'disagree', fact: a.fact };
    if (a.restated) return { status: 'restated', fact: a.restated.latest, original: a.restated.original };
    return { status: 'agree', fact: a.fact };
  }

  /** The facts of the line item a measure asks plainly (no qualifier, no metric), when they hold any. */
  private plain(m: Measure): ItemFacts | undefined {
    const item = m.item;
    if (!item || m.metric || m.qualifiers.length > 0 || conceptsOf(item).length === 0 || strayWords(m).length > 0) return undefined;
    return this.facts(item);
  }

  private facts(item: LineItemKey): ItemFacts | undefined {
    if (!this.items.has(item)) {
      const x = itemFacts(this.db, this.ticker, item, this.namingOffset);
      this.items.set(item, 'missing' in x || x.facts.length === 0 ? undefined : x);
    }
    return this.items.get(item);
  }

  /** The years the company's revenue or total assets facts are of. */
  private heldYears(): { all: Set<number>; annual: number[] } {
    if (!this.years) {
      const facts = [...(this.facts('revenue')?.facts ?? []), ...(this.facts('total_assets')?.facts ?? [])];
      const annual = facts.filter((f) => f.kind === 'year' || (f.kind === 'instant' && f.quarter === 4));
      this.years = { all: new Set(facts.map((f) => f.fiscalYear)), annual: annual.map((f) => f.fiscalYear) };
    }
    return this.years;
  }
}
