// A figure of an inline-XBRL filing read from its facts: the fact whose names (the row label printed
// beside it, its group, its concept's words and standard labels, its members' names) account for every
// word the question used for the measure, for the period asked by its context's dates, with every
// member it carries named by the question (a segment's figure never answers the company's, nor the
// company's a segment's). A fact whose label the question says word for word is the likelier
// (fact-match.ts); two facts as likely with different values are an ambiguity, never a pick. The
// fact's cell is what the answer cites.
import type { IndexHandle } from '../../index/open.js';
import type { FactRow, FilingRow, IndexedTable } from '../../index/types.js';
import { LINE_ITEMS } from '../../lexicon/line-items.js';
import { cleanLabel } from '../../lexicon/match.js';
import taxonomy from '../../lexicon/us-gaap-labels.json' with { type: 'json' };
import type { Figure, PrintedUnit } from '../resolve.js';
import type { PeriodAsk } from './columns.js';
import { matchFact, QUIET, type FactMatch, type FactNames } from './fact-match.js';
import { factFits, onDate, periodOfFact } from './fact-period.js';
import { camelWords } from './fact-words.js';
import { nameWords } from '../../text/name-words.js';
import { isImplicit, memberNames, printsMember } from './member-names.js';
import { ANSWER_TUNING } from '../tuning.js';

const F = ANSWER_TUNING.facts;

export interface FactView {
  fact: FactRow;
  table: IndexedTable;
  row: number;
  label: string;
  names: FactNames;
}

export interface Candidate {
  f: FactView;
  filing: FilingRow;
  m: FactMatch;
  score: number;
}

/** What the question asks of the facts: its words (the whole question's, or the measure's), the
 * words of the measure that must all be accounted for, the date it writes. */
export interface FactAsk {
  words: string[];
  required: string[];
  date?: string;
  /** Only facts whose label is said (a lexicon item's own lookup comes after). */
  literalOnly?: boolean;
  /** Only facts of this unit (a computed metric's: an amount, or a ratio or percentage). */
  unit?: 'usd' | 'pure';
  /** Only facts whose label as printed the question says. */
  asPrinted?: boolean;
  /** Every word of `words` is a name of the fact said, but those of `spare`. */
  whole?: boolean;
  spare?: Set<number>;
}

/** The fact ask of a measure's name words (its text's, question/derived.ts) and words among the
 * question's words `said` (the Reading's `nameWords`), which are all its words when `whole` (the measure
 * is its only one), else the measure's are; `date` the one the question writes, when it asks the value
 * of one period. */
export function factAsk(
  measureNames: string[],
  measureWords: string[],
  said?: string[],
  whole = false,
  literalOnly = false,
  date?: string,
): FactAsk {
  const own = [...measureNames, ...nameWords(measureWords.join(' '))];
  const required = [...new Set(own.filter((w) => !QUIET.has(w)))];
  const words = said && whole ? said : own;
  return { words, required, ...(date ? { date } : {}), ...(literalOnly ? { literalOnly } : {}) };
}

// (A trailing digit tells a concept from an older one of the same name: "RestructuringReserveAccrualAdjustment1".)
const localOf = (q: string) => (q.split(':')[1] ?? q).replace(/(?<=[a-z])\d$/, '');
const squash = (ws: string[]) => ws.join('');

/** The lexicon's printed labels of a concept ("net sales" for RevenueFromContractWithCustomer...). */
const lexiconLabels = new Map<string, string[]>();
for (const item of LINE_ITEMS)
  for (const c of item.concepts) lexiconLabels.set(c, [...(lexiconLabels.get(c) ?? []), item.name, ...item.labels]);
const standardLabel = (concept: string) => (taxonomy as Record<string, { label?: string } | string>)[concept];

/** A label's variants as words: as printed (less a "Less:"), without a leading "Total" or a trailing
 * ", net", without what follows a parenthesis or comma with figures ("Dividends on common stock
 * ($1.570 per share)"). */
function variants(printed: string): string[][] {
  // "Less: common stock held in treasury": what it is, not how it is summed.
  const label = printed.replace(/^(?:less|add|plus)\s*:\s*/i, '');
  const w = nameWords(label);
  const out = [w];
  const cut = /\s*[,;:(]\s*(?=[^,;:]*\d)/.exec(label);
  if (cut && cut.index >= 8) out.push(nameWords(label.slice(0, cut.index)));
  if (w[0] === 'total') out.push(w.slice(1));
  if (w[w.length - 1] === 'net') out.push(...out.map((x) => x.slice(0, -1)));
  return out.filter((x) => x.length > 0);
}

/** The names of a fact, its row and group printed `label` and `group`, its members' printed names. */
function namesOf(fact: FactRow, label: string, group: string, printed: Map<string, Set<string>>): FactNames {
  const dims = fact.dims ? (JSON.parse(fact.dims) as Record<string, string>) : {};
  // A product names its segment and sub-segment: those need not be said of it.
  const product = Object.keys(dims).some((a) => /:ProductOrServiceAxis$/.test(a));
  const members = Object.entries(dims).map(([axis, m]) => ({
    implicit: isImplicit(axis, m) || (product && /:(?:StatementBusinessSegmentsAxis|SubsegmentsAxis)$/.test(axis)),
    names: memberNames(m, printed.get(m) ?? []),
  }));
  const isMember = (text: string) => {
    const s = squash(nameWords(text));
    return s.length > 0 && members.some((m) => m.names.some((n) => squash(n) === s));
  };
  const std = standardLabel(fact.concept);
  const standard = [
    camelWords(localOf(fact.concept)),
    camelWords(localOf(fact.concept), true),
    ...(typeof std === 'object' && std?.label ? [std.label] : []),
  ]
    .map(nameWords)
    .filter((w) => w.length > 0);
  const own = isMember(label) ? [] : variants(label);
  const groups = group && !isMember(group) ? variants(group) : [];
  // The lexicon's labels of the concept name it as phrases only: "total revenues and other income"
  // does not make "other" a word of every revenue fact.
  const all = new Set([...own, ...groups, ...standard].flat());
  const lexicon = (lexiconLabels.get(fact.concept) ?? []).map(nameWords).filter((w) => w.length > 0);
  return { own, group: groups, standard, lexicon, all, labelWords: own[0] ?? [], members };
}

/** The cell prints the fact's value, at some scale or as a percentage (a zero as a dash). */
function shows(f: FactRow, cell: { value: number | null; percent?: boolean } | null | undefined): boolean {
  if (!cell) return false;
  if (cell.value === null || cell.value === 0) return f.value === 0;
  const shown = Math.abs(cell.value) * (cell.percent ? 0.01 : 1);
  return [1, 1e3, 1e6, 1e9].some((k) => Math.abs((shown * k) / Math.abs(f.value!) - 1) < 0.02);
}

/** The unit of a fact's figure: a pure number is a percentage where its cell prints one, else a ratio. */
const unitOf = (f: FactRow, percentCell: boolean): PrintedUnit =>
  /\/shares$/.test(f.unit ?? '')
    ? 'USD/share'
    : f.unit === 'shares'
      ? 'shares'
      : f.unit === 'pure'
        ? percentCell
          ? 'percent'
          : 'count'
        : f.unit === 'usd'
          ? 'USD'
          : 'count';

/** The scale the cell prints the fact at (a table "in billions" may print a line in millions). */
function cellScale(value: number, shown: number | null | undefined, tableScale: number): number {
  if (!shown) return tableScale;
  const s = [1, 1e3, 1e6, 1e9].find((k) => Math.abs((Math.abs(shown) * k) / Math.abs(value) - 1) < 0.02);
  return s ?? tableScale;
}

export class FactSource {
  private readonly cache = new Map<number, FactView[]>();
  private readonly yearsOf = new Map<number, Set<number>>();

  constructor(
    private readonly index: IndexHandle,
    private readonly tables: (filingId: number) => IndexedTable[],
  ) {}

  /** The facts of a filing shown in its tables, with their names; none for a filing without XBRL. */
  private views(filing: FilingRow): FactView[] {
    let v = this.cache.get(filing.id);
    if (v) return v;
    v = [];
    const facts = this.index.facts(filing.id).filter((f) => f.statement_id !== null && f.value !== null);
    if (facts.length > 0) {
      const where = new Map<number, { table: IndexedTable; row: number }>();
      for (const t of this.tables(filing.id)) for (const [row, id] of t.rowIds.entries()) where.set(id, { table: t, row });
      // Only a fact its cell shows: the cell is what the answer cites (a share count or an allowance
      // tagged inside a row's label text is not the row's figure).
      const placed = facts.flatMap((fact) => {
        const at = where.get(fact.statement_id!);
        return at && shows(fact, at.table.model.rows[at.row]!.cells[fact.col ?? -1]) ? [{ fact, ...at }] : [];
      });
      // The filing's own names of members: a row, group or column whose words spell the member.
      const printed = new Map<string, Set<string>>();
      for (const { fact, table, row } of placed) {
        if (!fact.dims) continue;
        const r = table.model.rows[row]!;
        const texts = [r.label, r.group ?? '', table.model.columns[fact.col ?? -1]?.label ?? ''].map((x) => cleanLabel(x)).filter(Boolean);
        for (const m of Object.values(JSON.parse(fact.dims) as Record<string, string>)) {
          for (const x of texts) if (printsMember(x, m)) (printed.get(m) ?? printed.set(m, new Set()).get(m)!).add(x);
        }
      }
      for (const { fact, table, row } of placed) {
        const r = table.model.rows[row]!;
        const label = cleanLabel(r.label);
        v.push({ fact, table, row, label, names: namesOf(fact, label, r.group ? cleanLabel(r.group) : '', printed) });
      }
    }
    if (this.cache.size > F.cachedFilings) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(filing.id, v);
    return v;
  }

  /** The fiscal years of the filing's facts' contexts. */
  years(filing: FilingRow): Set<number> {
    let y = this.yearsOf.get(filing.id);
    if (!y) this.yearsOf.set(filing.id, (y = new Set(this.views(filing).flatMap((v) => periodOfFact(v.fact, filing)?.year ?? []))));
    return y;
  }

  /** Whether the filing has facts at all. */
  has(filing: FilingRow): boolean {
    return this.views(filing).length > 0;
  }

  /** The facts of `filings` that `ask` names for `p`, best first. */
  ranked(ask: FactAsk, p: PeriodAsk, filings: FilingRow[], company?: string, allowed?: (table: IndexedTable) => boolean): Candidate[] {
    if (ask.required.length === 0) return [];
    const own = new Set(company ? nameWords(company) : []);
    let fits: { f: FactView; filing: FilingRow; fact: FactRow }[] = [];
    for (const filing of filings) {
      for (const f of this.views(filing)) {
        if ((!allowed || allowed(f.table)) && (!ask.unit || f.fact.unit === ask.unit) && factFits(f.fact, filing, p, ask.date))
          fits.push({ f, filing, fact: f.fact });
      }
    }
    fits = onDate(fits, ask.date);
    const cands: Candidate[] = [];
    for (const { f, filing } of fits) {
      const m = matchFact(f.names, ask.words, ask.required, own, ask.whole, ask.spare);
      if (!m || (ask.literalOnly && (!m.literal || m.weak > 0)) || (ask.asPrinted && !m.asPrinted)) continue;
      // A fact named by a label outranks any that is not; the period's own report a later one's; a
      // share count answers a question that says shares, an amount one that does not ("Issuance of
      // common stock"); a balance a question asked at a point, a flow one asked over a span (the reading's at).
      const shares = f.fact.unit === 'shares' && !ask.words.includes('share') ? 1 : 0;
      const kind = p.at && (f.fact.instant ? 'instant' : 'duration') !== p.at.point ? 1 : 0;
      const score =
        m.score +
        (m.literal ? F.literal : 0) +
        F.ownYear * (filing.sec_fiscal_year === `FY-${p.year}` ? 1 : 0) -
        F.otherUnit * shares -
        F.otherKind * kind;
      cands.push({ f, filing, m, score });
    }
    return cands.sort((x, y) => y.score - x.score);
  }

  /** The fact of `filings` that answers `ask` for `p`, and the rivals as likely with other values;
   * undefined when none does. */
  find(
    ask: FactAsk,
    p: PeriodAsk,
    filings: FilingRow[],
    company?: string,
    allowed?: (table: IndexedTable) => boolean,
    item?: Figure['item'],
  ): { figure: Figure; rivals: Figure[] } | undefined {
    const cands = this.ranked(ask, p, filings, company, allowed);
    if (cands.length === 0) return undefined;
    const toFigure = (c: (typeof cands)[number]): Figure => {
      const m = c.f.table.model;
      const col = c.f.fact.col ?? 0;
      const cell = m.rows[c.f.row]!.cells[col];
      const unit = unitOf(c.f.fact, !!cell?.percent);
      const scale = unit === 'USD' || unit === 'shares' ? cellScale(c.f.fact.value!, cell?.value, m.unit?.scale ?? 1) : 1;
      // The fact's value, at the scale the cell prints it.
      const value = unit === 'percent' ? c.f.fact.value! * 100 : c.f.fact.value! / scale;
      return {
        ...(item ? { item } : {}),
        unit,
        ticker: c.filing.sec_ticker ?? '',
        // The fact's own fiscal year (a date asked may name it otherwise).
        year: periodOfFact(c.f.fact, c.filing)?.year ?? p.year,
        value,
        scale,
        decimals: /\.(\d+)/.exec(cell?.text ?? '')?.[1]?.length ?? 0,
        label: c.f.label,
        table: c.f.table,
        rowIndex: c.f.row,
        column: col,
        columnLabel: m.columns[col]?.label ?? '',
        inferred: false,
        filing: c.filing,
        fromStatement: m.statement !== null,
        score: c.score,
        concept: c.f.fact.concept,
      };
    };
    const best = cands[0]!;
    const value = best.f.fact.value!;
    const rivals = cands.filter(
      (c) =>
        c !== best &&
        c.score >= best.score - F.rivalMargin &&
        Math.abs(c.f.fact.value! - value) > Math.max(1e-9, ANSWER_TUNING.sameValue * Math.abs(value)),
    );
    return { figure: toFigure(best), rivals: rivals.map(toFigure) };
  }
}
