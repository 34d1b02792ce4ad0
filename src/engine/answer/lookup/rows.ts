// A figure in any table of the company's filings: every row that reads as the measure (row-match.ts)
// with a column for the period (columns.ts) is a candidate. The primary statements before notes and
// MD&A tables, the period's own report before later ones, a label that names exactly what was asked
// before a narrower one; columns whose year is not settled are not read. Two candidates as good as each
// other with different values are an ambiguity the answer names, never a guess.
import type { FilingRow } from '../../index/types.js';
import { LINE_ITEM } from '../../lexicon/line-items.js';
import type { IntroducedTable } from './tables.js';
import { shareScale } from '../../tables/cells.js';
import { cellPercent, readsAsRate, rowCount } from '../../tables/row-unit.js';
import type { TableModel } from '../../tables/model.js';
import type { Figure, PrintedUnit } from '../resolve.js';
import { flippedColumn, groupColumn, periodColumn, periodColumns, type ColumnCheck, type ColumnTrust, type PeriodAsk } from './columns.js';
import { datedColumn, kindColumn, movementAt, partColumn, rowAt, rowDated } from './part-columns.js';
import type { Asked } from './asked.js';
import { readRow } from './row-match.js';
import { labelStems, placeStems, shortPlaces, shortPlaceStems } from './label-words.js';
import { MONTH_START } from '../../text/vocabulary.js';
import { ANSWER_TUNING as T } from '../tuning.js';
import { ACQUIRED } from './acquired.js';

export interface RowFind {
  figure: Figure;
  /** Candidates as good as the figure with another value: the figure is then not stated. */
  rivals: Figure[];
}

const COUNT_LABEL = /\bemployees\b|\bworkforce\b|\bheadcount\b/i;
const SHARE_COUNT =
  /\b(?:number of (?:common )?shares|shares (?:used|outstanding)|weighted[- ]average (?:number of )?(?:common )?shares)\b/i;

/** The unit of a cell read as `a` asks, or undefined when the cell cannot answer it. */
function unitOf(a: Asked, m: TableModel, label: string, percent: boolean | undefined, group: string | null): PrintedUnit | undefined {
  // A row under "Percent of Net Sales" (or "%") prints a percentage without its sign.
  if (percent || /\bpercent(?:age)?s? of\b/i.test(group ?? '')) return a.rate ? 'percent' : undefined;
  // A count of people is a count whatever the table's currency ("Year-end workforce" in a summary of
  // dollar figures).
  if (!a.rate && COUNT_LABEL.test(label)) return 'count';
  // A ratio or rate row of a table "in millions, except ratios" prints its ratio in percent.
  if (a.rate)
    return (/except[^)]*\b(?:ratios?|percent|%)/i.test(m.unit?.text ?? '') && readsAsRate(label)) || /%|\bpercent/i.test(label)
      ? 'percent'
      : /\bratio\b|\btimes\b|\brate\b/i.test(label)
        ? 'count'
        : undefined;
  // "Diluted" under "Number of shares used to compute earnings per share:" is a share count, not EPS.
  if (a.perShare) return SHARE_COUNT.test(group ?? '') || SHARE_COUNT.test(label) ? undefined : 'USD/share';
  // A count of shares whatever the row calls it ("Common stock outstanding, ending balances").
  if ((a.item && LINE_ITEM.get(a.item)!.unit === 'shares') || (/\bshares\b/i.test(label) && !/\bvalue\b|\$/i.test(label))) return 'shares';
  if (m.unit?.currency) return 'USD';
  // A table with no currency: a count ("Number of stores") or an amount the unit line did not give.
  return /\bnumber of\b|\bcount\b|\bstores\b|\bunits\b/i.test(label) ? 'count' : m.unit ? 'USD' : undefined;
}

const DATED = new RegExp(String.raw`\b(?:${MONTH_START})[a-z]*\.?\s+\d{1,2}\b`, 'i');

/** Whether column `j` holds balances or amounts over a span: as its label prints it ("Year Ended
 * December 31" or "June 30, 2023"), and as its statement's kind suggests. */
function pointOfColumn(m: TableModel, j: number): { printed?: 'instant' | 'duration'; statement?: 'instant' | 'duration' } {
  const c = m.columns[j];
  // A printed date is a balance's or a span's end: the table's period line told which.
  const printed = c && !c.inferred && (/\bended\b/i.test(c.label) || DATED.test(c.label)) ? c.period?.kind : undefined;
  const statement =
    m.statement === 'balance' ? 'instant' : m.statement === 'income' || m.statement === 'cash_flow' ? 'duration' : undefined;
  return { ...(printed ? { printed } : {}), ...(statement ? { statement } : {}) };
}

/** `a`, a line item's part, with each place by its short name ("United States" as "U.S."), as its rows
 * are read (a free label's words are counted as written: row-match.ts). */
function shortPlaced(a: Asked): Asked {
  const quals = a.item ? shortPlaceStems(a.quals) : a.quals;
  return quals.length === a.quals.length ? a : { ...a, quals, known: new Set([...a.known, ...quals]) };
}

/**
 * Rows of `tables(f)` for each filing of `filings` (the period's own report first) reading as `a`, with
 * a settled column for `p`.
 */
export function findRow(
  a: Asked,
  p: PeriodAsk,
  filings: FilingRow[],
  tables: (filingId: number) => IntroducedTable[],
  check: ColumnCheck,
  inEvidence: Set<string>,
): RowFind | undefined {
  a = shortPlaced(a);
  const cands: Figure[] = [];
  const bases = new Map<Figure, number>();
  const w = T.rows;
  for (const filing of filings) {
    for (const t of tables(filing.id)) {
      // (A part's own table, said so before it, holds no figure of the whole company.)
      if (a.quals.length === 0 && !a.item && t.ofPart) continue;
      const m = t.model;
      // The column of the period is the table's, whichever row: a table with none is not read at all.
      let column = periodColumn(m, p, filing);
      if (column < 0 && a.item) column = groupColumn(m, p, filing, a.item);
      // A roll-forward whose rows state the balances' dates ("Balance as of March 31, 2023") under
      // columns of parts: the period is the row's, the column the part's.
      const dated = column < 0 && rowDated(m);
      // Several columns of the period: a part's, the total's, or an amount's beside its percentage.
      const fits = column < 0 ? (dated ? m.columns.map((c, j) => ({ c, j })) : periodColumns(m, p, filing)) : [];
      const part = column < 0 ? (dated ? datedColumn(fits, a) : partColumn(fits, a)) : undefined;
      if (column < 0 && part === undefined) continue;
      if (typeof part === 'object') column = part.j;
      let trust: ColumnTrust | undefined;
      let acquired: boolean | undefined;
      for (let i = 0; i < m.rows.length; i++) {
        const row = m.rows[i]!;
        if (!row.aligned || row.cells.every((c) => !c || c.value === null)) continue;
        if (dated && !(row.period ? rowAt(row.period, p, filing) : movementAt(m, i, p, filing))) continue;
        const rest = typeof part === 'object' ? part.rest : undefined;
        const r = rest
          ? readRow({ ...a, quals: rest, acronyms: [] }, m, i, t.intro)
          : readRow(a, m, i, t.intro, typeof part === 'object' && part.part);
        if (!r) continue;
        // (The row names the rest of the parts asked itself, never only by its table's caption or headings.)
        if (
          rest &&
          !rest.every((q) => labelStems(shortPlaces(r.label)).includes(q) || placeStems(shortPlaces(row.group ?? '')).includes(q))
        )
          continue;
        const byKind = part === 'by-kind' ? kindColumn(row.cells, fits, a) : column;
        if (byKind < 0) continue;
        // An acquired business's assets and liabilities ("The assets and liabilities acquired were as
        // follows:") are not the company's, unless the question narrows the measure to a part.
        acquired ??= a.quals.length === 0 && ACQUIRED.test(`${m.caption} ${t.intro ?? ''}`);
        if (acquired) break;
        let j = byKind;
        if (m.columns[j]!.inferred) {
          trust ??= check.trust(t, filing);
          if (trust === 'unsettled') continue;
          if (trust === 'flipped') j = flippedColumn(m, j);
        }
        // A balance asked "as of" is not read from a column printed "Year Ended", nor a span's amount
        // from a column printed as a date; a statement's kind only weighs (selected data mix both).
        const point = pointOfColumn(m, j);
        if (p.at?.sure && point.printed && point.printed !== p.at.point) continue;
        const cell = row.cells[j];
        if (!cell || cell.value === null) continue;
        let unit = unitOf(a, m, r.label, cellPercent(m, i, j), row.group);
        if (!unit) continue;
        // A count is a count whatever the table's currency: the row says so (tables/row-unit.ts).
        const counted = unit === 'USD' ? rowCount(m, i) : undefined;
        if (counted === 'unscaled') continue;
        if (counted) unit = 'count';
        // (An amount's line item is never a count: "AutoZone domestic commercial programs" is no sales.)
        if (counted && a.item && !LINE_ITEM.get(a.item)!.unit) continue;
        if (unit === 'USD/share' && Math.abs(cell.value) >= T.perShareMax) continue;
        let score = 1;
        if (m.statement) score *= w.statement;
        if (Number(filing.sec_fiscal_year.slice(3)) === p.year) score *= w.ownReport;
        score *= w.perExtra ** r.extras;
        if (r.exact) score *= w.exact;
        score *= r.placement;
        if (trust === 'text') score *= w.textOrder;
        // Rivalry is judged before the evidence's preference: a row the search happened to show is not
        // more the measure than another part's row of the same label.
        const kind = point.printed ?? point.statement;
        if (p.at && kind && kind !== p.at.point) score *= w.otherPoint;
        const base = score;
        if (inEvidence.has(`${t.id}:${i}`)) score *= w.inEvidence;

        const fig: Figure = {
          ...(a.item ? { item: a.item } : {}),
          unit,
          ticker: filing.sec_ticker ?? '',
          year: p.year,
          value: cell.value,
          // A ratio is a ratio whatever the table's scale.
          scale: counted
            ? counted.scale
            : unit === 'shares'
              ? shareScale(m.unit)
              : unit === 'USD' || (unit === 'count' && !a.rate && !COUNT_LABEL.test(r.label))
                ? (m.unit?.scale ?? 1)
                : 1,
          decimals: /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0,
          label: r.label,
          table: t,
          rowIndex: i,
          column: j,
          columnLabel: m.columns[j]!.label || String(m.columns[j]!.period?.fiscalYear ?? ''),
          inferred: m.columns[j]!.inferred,
          ...(trust && trust !== 'printed' ? { trust } : {}),
          filing,
          fromStatement: m.statement !== null,
          score,
          ...(cell.concept ? { concept: cell.concept } : {}),
          ...(counted ? { counted: counted.noun ?? '' } : {}),
        };
        cands.push(fig);
        bases.set(fig, base);
      }
    }
  }
  if (cands.length === 0) return undefined;
  cands.sort((x, y) => y.score - x.score);
  const best = cands[0]!;
  const units = (f: Figure) => f.value * f.scale;
  const same = (f: Figure) => Math.abs(units(f) - units(best)) <= Math.max(1e-9, T.sameValue * Math.abs(units(best)));
  const rivals = cands.filter((c) => c !== best && bases.get(c)! >= bases.get(best)! * w.rivalRatio && !same(c));
  return { figure: best, rivals };
}
