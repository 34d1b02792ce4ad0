// Which printed figure answers "line item X of company C for fiscal year Y". Candidates are the table
// rows the evidence holds, the rows of the company's primary statements in the filings that report
// year Y (its own annual report first, then later ones whose comparative columns cover it), and the
// inline-XBRL facts tagged with the item's concepts. A candidate must read as the line item, belong to
// the company, and have a value in the column of year Y; the consolidated statement's total wins over
// a segment's row or a note's; two different values for the same item in the same filing's statements
// are a conflict, reported as such. No candidate: no figure (the answer says so).
import type { FigureUnit } from '../../contract/types.js';
import type { EvidenceChain } from '../evidence/types.js';
import type { IndexHandle } from '../index/open.js';
import type { FilingRow, IndexedTable } from '../index/types.js';
import { cleanLabel, labelScore } from '../lexicon/match.js';
import { LINE_ITEM, type LineItem, type LineItemKey } from '../lexicon/line-items.js';
import { shareScale } from '../tables/cells.js';
import type { TableColumn } from '../tables/model.js';
import type { Ranking } from '../retrieve/weights.js';
import { byText } from '../text/compare.js';
import { fiscalQuarterOf } from '../filing/fiscal.js';
import { flippedColumn, type ColumnTrust } from './lookup/columns.js';
import { ACQUIRED } from './lookup/acquired.js';
import { ANSWER_TUNING } from './tuning.js';

const MOVEMENT = /\b(?:proceeds|repayments?|payments?|issuances?|purchases?|increases?|decreases?|changes?)\b/i;

/** What a printed figure counts: money, an amount per share, shares, a percentage, or a count; the
 * units of a figure record (contract/figure-schemas.ts) a table cell or a fact can print. */
export type PrintedUnit = Extract<FigureUnit, 'USD' | 'USD/share' | 'shares' | 'percent' | 'count'>;

export interface Figure {
  /** The lexicon's line item it was read as, when it was. */
  item?: LineItemKey;
  unit: PrintedUnit;
  ticker: string;
  year: number;
  /** The cell's number as printed (sign applied), and the table's scale (1e6 for millions). */
  value: number;
  scale: number;
  /** Decimal places the cell prints ("2,747.4" -> 1): the answer keeps them. */
  decimals: number;
  label: string;
  table: IndexedTable;
  rowIndex: number;
  column: number;
  columnLabel: string;
  /** The column's year was inferred (the text lost the header). */
  inferred: boolean;
  /** How the column's year is known: printed, settled by the company's other reports, or the order the
   * filing's own text shows (lookup/columns.ts). */
  trust?: ColumnTrust;
  filing: FilingRow;
  /** A primary statement's row, not a note's or the MD&A's. */
  fromStatement: boolean;
  /** The XBRL concept the cell is tagged with (HTML ingest): the figure is the reported XBRL value. */
  concept?: string;
  /** The row counts things (tables/row-unit.ts): the thing its unit line names ("gallons"), or '' when
   * its label names it. Stated at its printed scale, never with a currency. */
  counted?: string;
  score: number;
  /** A later annual report restated the figure: the figure first reported, by the earlier filing. */
  original?: Figure;
}

export interface Resolved {
  figure?: Figure;
  /** Other values for the same item in the same filing's primary statements. */
  conflicts: Figure[];
}

// Groups that head a part of the consolidated total: a segment, a region, a business. Groups that
// only organise a statement ("Current assets", "Operating activities") are not.
const STRUCTURAL_WORD = [
  'assets?|liabilit|equity|activities|expenses?|revenues?|income|costs?|operating|investing|financing',
  'adjustments?|changes?|current|other|cash|supplemental|per share|shares?|continuing|discontinued|total|net',
  'interest|taxes?|stockholders|shareholders|capital|debt|borrowings|reconcile',
].join('|');
const STRUCTURAL_GROUP = new RegExp(String.raw`\b(?:${STRUCTURAL_WORD})\b`, 'i');

const MAX_DIRECT_FILINGS = ANSWER_TUNING.lookup.directFilings;

/** The column of fiscal year `year` whose period suits the item (a year, a quarter, or a balance date). */
function columnFor(columns: TableColumn[], year: number, item: LineItem, quarter: number | undefined, months = 3): number {
  let best = -1;
  let bestScore = 0;
  columns.forEach((c, j) => {
    const p = c.period;
    if (!p || p.fiscalYear !== year) return;
    let s = 1;
    // A year's figure is never read from a quarter's column, nor a quarter's from a year's.
    if (
      p.kind === 'duration' &&
      (quarter !== undefined
        ? p.months !== months || (p.quarter !== undefined && p.quarter !== quarter)
        : p.months !== undefined && p.months !== 12)
    )
      s = 0;
    if (item.period === 'instant' && p.kind === 'duration' && !c.inferred) s *= ANSWER_TUNING.lookup.instantFromDuration;
    if (s > bestScore) {
      best = j;
      bestScore = s;
    }
  });
  return best;
}

export class FigureResolver {
  constructor(
    private readonly index: IndexHandle,
    private readonly weights: Ranking['figure'],
    /** Tables the caller's filters allow to be read straight from the statements (all by default). */
    private readonly allowed?: (table: IndexedTable) => boolean,
  ) {}

  /** The same resolver, reading straight only the tables `allowed` keeps (the caller's item filter). */
  within(allowed: (table: IndexedTable) => boolean): FigureResolver {
    return new FigureResolver(this.index, this.weights, allowed);
  }

  /** The figure of `item` for `ticker` in fiscal year `year` (or its quarter `quarter`), among
   * `filings` (the company's, in scope). */
  resolve(
    item: LineItemKey,
    ticker: string,
    year: number,
    filings: FilingRow[],
    chains: EvidenceChain[],
    quarter?: number,
    months?: number,
    trustOf?: (table: IndexedTable, filing: FilingRow) => ColumnTrust,
    named = false,
  ): Resolved {
    const def = LINE_ITEM.get(item)!;
    // A quarter's figure is in that quarter's 10-Q (its three-month columns); a year's in annual reports.
    // (or in the annual report's quarterly data, whose columns name their quarters).
    const own = filings.filter(
      (f) =>
        f.sec_ticker === ticker &&
        (named ||
          quarter === undefined ||
          (f.sec_form_type.startsWith('10-Q') ? fiscalQuarter(f) === quarter : Number(f.sec_fiscal_year.slice(3)) === year)),
    );
    const cands: Figure[] = [];
    const seen = new Set<string>();
    // A long question's evidence shows thousands of rows of a few filings: each filing is read once.
    const read = new Map<number, FilingRow | undefined>();
    const filingOf = (id: number) => {
      if (!read.has(id)) read.set(id, this.index.filing(id));
      return read.get(id);
    };
    const consider = (table: IndexedTable, rowIndex: number, inEvidence: boolean) => {
      const key = `${table.id}:${rowIndex}`;
      if (seen.has(key) || (!inEvidence && this.allowed && !this.allowed(table))) return;
      seen.add(key);
      const filing = own.find((f) => f.id === table.filingId) ?? (inEvidence ? filingOf(table.filingId) : undefined);
      if (!filing || filing.sec_ticker !== ticker) return;
      if (quarter !== undefined && !own.some((o) => o.id === filing.id)) return;
      if (ACQUIRED.test(table.model.caption)) return;
      const f = this.candidate(def, table, rowIndex, year, filing, inEvidence, quarter, months, trustOf);
      if (f) cands.push(f);
    };
    for (const c of chains) {
      if (c.table) for (const i of c.table.shown) consider(c.table.table, i, true);
      for (const e of c.entries) if (e.row) consider(e.row.table, e.row.index, true);
    }
    // The filings that report the year: its own first, then later annual reports (comparatives); or
    // the filings named as the source, whatever year they are of.
    const reporting = (
      named
        ? own
        : own
            .filter(
              (f) =>
                Number(f.sec_fiscal_year.slice(3)) === year ||
                (f.sec_form_type.startsWith('10-K') &&
                  Number(f.sec_fiscal_year.slice(3)) > year &&
                  Number(f.sec_fiscal_year.slice(3)) <= year + 2),
            )
            .sort(
              (a, b) =>
                Number(a.sec_fiscal_year.slice(3) !== String(year)) - Number(b.sec_fiscal_year.slice(3) !== String(year)) ||
                byText(b.sec_fiscal_year, a.sec_fiscal_year),
            )
    ).slice(0, MAX_DIRECT_FILINGS);
    for (const f of reporting) {
      for (const t of this.index.statementTables(f.id, def.statement === 'equity' ? undefined : def.statement)) {
        for (let i = 0; i < t.model.rows.length; i++) consider(t, i, false);
      }
      for (const { table, index } of this.factRows(def, f)) consider(table, index, false);
    }
    if (cands.length === 0) return { conflicts: [] };
    cands.sort((a, b) => b.score - a.score);
    const best = cands[0]!;
    const acceptable = best.score >= this.weights.accept && (labelScore(def, best.label) >= 1 || best.fromStatement);
    if (!acceptable) return { conflicts: [] };
    const conflicts = cands.filter(
      (c) =>
        c !== best &&
        c.filing.id === best.filing.id &&
        c.fromStatement &&
        best.fromStatement &&
        labelScore(def, c.label) >= 1 &&
        Math.abs(c.value * c.scale - best.value * best.scale) >
          Math.max(1e-9, ANSWER_TUNING.sameValue * Math.abs(best.value * best.scale)) &&
        c.table.model.statement === best.table.model.statement,
    );
    return { figure: named || quarter !== undefined ? best : restated(best, cands), conflicts };
  }

  /** Rows showing an XBRL fact of the item's concepts (HTML ingest), with their tables. */
  private factRows(def: LineItem, filing: FilingRow): { table: IndexedTable; index: number }[] {
    const out: { table: IndexedTable; index: number }[] = [];
    for (const concept of def.concepts) {
      for (const fact of this.index.facts(filing.id, concept)) {
        if (fact.dims || fact.statement_id === null) continue;
        const st = this.index.statement(fact.statement_id);
        if (!st || st.table_id === null) continue;
        const table = this.index.table(st.table_id);
        const i = table?.rowIds.indexOf(st.id) ?? -1;
        if (table && i >= 0) out.push({ table, index: i });
      }
    }
    return out;
  }

  private candidate(
    def: LineItem,
    table: IndexedTable,
    rowIndex: number,
    year: number,
    filing: FilingRow,
    inEvidence: boolean,
    quarter: number | undefined,
    months?: number,
    trustOf?: (table: IndexedTable, filing: FilingRow) => ColumnTrust,
  ): Figure | undefined {
    const m = table.model;
    const row = m.rows[rowIndex];
    if (!row?.aligned || row.cells.length === 0) return undefined;
    const label = effectiveLabel(m, rowIndex);
    let ls = labelScore(def, label);
    if (ls === 0 && /^total /i.test(label)) ls = labelScore(def, label.replace(/^total /i, ''));
    if (ls === 0) return undefined;
    // A cash flow's movement of a balance ("Net proceeds from (repayments of) short term debt") is no
    // balance.
    if (def.period === 'instant' && m.statement === 'cash_flow' && MOVEMENT.test(label)) return undefined;
    // "Basic" and "Diluted" under "Earnings per share" are per-share figures; under "Shares used" counts.
    if (
      def.unit === 'USD/share' &&
      /^(?:basic|diluted)$/i.test(label) &&
      (!/per (?:common )?share|\beps\b/i.test(row.group ?? '') || /shares (?:used|outstanding)|weighted/i.test(row.group ?? ''))
    )
      return undefined;
    if (def.unit === 'shares' && /^(?:basic|diluted)$/i.test(label) && !/shares/i.test(row.group ?? '')) return undefined;
    let j = columnFor(m.columns, year, def, quarter, months);
    // From an annual report, only a column that names the quarter answers a quarter.
    if (quarter !== undefined && j >= 0 && !filing.sec_form_type.startsWith('10-Q') && m.columns[j]!.period?.quarter !== quarter)
      return undefined;
    if (j < 0) return undefined;
    // A year the text lost: settled by the company's other reports, or by the filing's own text; a
    // column nothing settles is not read.
    const trust = m.columns[j]!.inferred && trustOf ? trustOf(table, filing) : undefined;
    if (trust === 'unsettled') return undefined;
    if (trust === 'flipped') j = flippedColumn(m, j);
    const cell = row.cells[j];
    if (!cell || cell.value === null || cell.percent) return undefined;
    // A per-share amount in the thousands is a share count read from the wrong row.
    if (def.unit === 'USD/share' && Math.abs(cell.value) >= ANSWER_TUNING.perShareMax) return undefined;
    const col = m.columns[j]!;
    const fromStatement = m.statement !== null;
    const w = this.weights;
    let score = ls;
    score *= m.statement === def.statement ? w.ownStatement : fromStatement ? w.otherStatement : 1;
    if (row.group && !STRUCTURAL_GROUP.test(row.group)) score *= w.segmentGroup;
    // Discontinued operations' lines are not the company's figure.
    if (/\bdiscontinued\b/i.test(`${row.group ?? ''} ${label}`)) return undefined;
    if (Number(filing.sec_fiscal_year.slice(3)) === year) score *= w.ownFiling;
    if (col.inferred && trust !== 'verified' && trust !== 'flipped')
      score *= col.basis === 'text' || col.basis === 'change' ? w.inferredFromText : w.inferredByDefault;
    if (cell.concept && def.concepts.includes(cell.concept)) score *= w.xbrlConcept;
    if (inEvidence) score *= w.inEvidence;
    // An amount from a table that states no unit cannot be scaled: any other candidate is better.
    if (!m.unit && def.unit !== 'USD/share') score *= w.noUnit;
    // A total row of the item ("Total revenues" over "Net sales" when a statement prints both).
    if (row.kind === 'total' && /^total\b/i.test(label)) score *= w.totalRow;
    // The financial statements section, not the MD&A's summaries of them.
    if (fromStatement && /Item-8$|Part1-Item-1$/.test(this.index.section(table.sectionId)?.item_tag ?? ''))
      score *= w.financialStatementsItem;
    // Net income is the company's own: attributable to its shareholders, before a consolidated line
    // that includes noncontrolling interests.
    if (def.key === 'net_income')
      score *= /attributable to/i.test(label) ? w.attributable : /^consolidated\b/i.test(label) ? w.consolidated : 1;
    // A per-share item read from a table in millions is the right row only when it says per share.
    if (def.unit === 'USD/share' && !/per (?:common )?share|\beps\b|basic|diluted/i.test(label)) return undefined;
    return {
      item: def.key,
      unit: def.unit === 'USD/share' ? 'USD/share' : def.unit === 'shares' ? 'shares' : 'USD',
      ticker: filing.sec_ticker ?? '',
      year,
      value: cell.value,
      scale: def.unit === 'USD/share' ? 1 : def.unit === 'shares' ? shareScale(m.unit) : (m.unit?.scale ?? 1),
      decimals: /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0,
      label,
      table,
      rowIndex,
      column: j,
      columnLabel: col.label || String(col.period?.fiscalYear ?? ''),
      inferred: col.inferred,
      ...(trust ? { trust } : {}),
      filing,
      fromStatement,
      score,
      ...(cell.concept ? { concept: cell.concept } : {}),
    };
  }
}

const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));

/** The figure as the latest annual report prints it: a later 10-K whose same statement prints the same
 * row for the year with another value restated it (Emerson's fiscal 2022 net sales, once businesses
 * moved to discontinued operations). The later value answers; the one first reported goes with it. */
function restated(best: Figure, cands: Figure[]): Figure {
  if (!best.fromStatement) return best;
  const label = cleanLabel(best.label).toLowerCase();
  // Each later report's own figure (its best candidate), not any row of its that shares the label.
  const ownBest = new Map<number, Figure>();
  for (const c of cands) if (!ownBest.has(c.filing.id) || ownBest.get(c.filing.id)!.score < c.score) ownBest.set(c.filing.id, c);
  const later = [...ownBest.values()]
    .filter(
      (c) =>
        c.fromStatement &&
        c.table.model.statement === best.table.model.statement &&
        c.filing.sec_form_type.startsWith('10-K') &&
        fyOf(c.filing) > fyOf(best.filing) &&
        c.unit === best.unit &&
        cleanLabel(c.label).toLowerCase() === label &&
        // Any difference of a printed unit or more ($62,983 million restated to $62,910 million).
        Math.abs(c.value * c.scale - best.value * best.scale) >= Math.min(c.scale, best.scale) * 10 ** -Math.max(c.decimals, best.decimals),
    )
    .sort((a, b) => fyOf(b.filing) - fyOf(a.filing))[0];
  return later ? { ...later, original: best } : best;
}

/** A row's label as it reads in its statement: a bare "Total" under "Net sales and revenues" is the
 * total of that group; the first bare "Total" of an income statement that opens with revenue rows is
 * its total revenues (Deere, Caterpillar print revenues so). */
const PER_SHARE_GROUP =
  /\b(?:basic|diluted)\b.*\bper (?:common |ordinary )?share\b|\bper (?:common |ordinary )?share\b.*\b(?:basic|diluted)\b/i;

function effectiveLabel(m: IndexedTable['model'], i: number): string {
  const row = m.rows[i]!;
  const label = cleanLabel(row.label);
  // "Diluted earnings (loss) per share:" / "Net income 6.42": the net income row of a per-share group
  // is the earnings per share, not the net income.
  if (
    row.group &&
    PER_SHARE_GROUP.test(row.group) &&
    /^(?:net (?:income|earnings)|net income \(loss\)|net \(loss\) income|total)\b/i.test(label)
  )
    return `${cleanLabel(row.group)}: ${label}`;
  if (!/^total$/i.test(label)) return label;
  if (row.group) return `Total ${row.group}`;
  const firstTotal = m.rows.findIndex((r) => /^total$/i.test(cleanLabel(r.label)));
  if (m.statement === 'income' && firstTotal === i && /\b(?:sales|revenues?)\b/i.test(m.rows[0]?.label ?? '')) return 'Total revenues';
  return label;
}

/** The quarter of its fiscal year a 10-Q reports (1-3), by its period end and nominal year end. */
export function fiscalQuarter(f: FilingRow): number | undefined {
  return fiscalQuarterOf(f.period_of_report, f.sec_fiscal_year_end);
}
