// What a figure answer states, line by line, before it is written out (extractive.ts): a figure found,
// an operation computed from cited inputs, a count a sentence states, a figure not stated (and why), or
// a question that could not be read as asked (and what can be stated instead).
import type { FigureUnit } from '../../contract/types.js';
import type { EvidenceEntry } from '../evidence/types.js';
import type { OperationKind } from '../operations/table.js';
import type { CompanySet, Measure, Operation } from '../question/reading.js';
import type { FactCheck, Found, Missing } from './lookup/found.js';

/** A period point: a fiscal year, its quarter or year to date, its second half, or the twelve months
 * ending with a quarter. */
export interface Point {
  year: number;
  quarter?: number;
  months?: number;
  secondHalf?: boolean;
  trailing?: boolean;
}

/** One figure used by a line: what it is of, when, its amount in units, and how it was found. A
 * derived period's figure (a second half, a fourth quarter) carries the figures it was derived from. */
export interface Input {
  measure: Measure;
  point: Point;
  amount: number;
  unit: FigureUnit;
  found: Found;
  /** A derived period: the figures it is the difference or sum of, with their signs. */
  parts?: { sign: 1 | -1; input: Input }[];
  /** A figure of the filings' text against the company facts of its period. */
  checked?: FactCheck;
}

/** A derived period an input of which the index does not give: what it needs, and what it does give
 * ("fiscal 2022 as a whole", when the first half is missing). */
export interface Underived {
  kind: 'missing';
  why: 'derive';
  need: string;
  have?: Input;
}

/** A figure found (an Input), not a line saying why none was. */
export const isInput = (x: object): x is Input => !('kind' in x);

export type FigureLine =
  | { kind: 'value'; ticker: string; input: Input }
  | {
      kind: 'computed';
      ticker: string;
      op: OperationKind;
      direction?: 'increase' | 'decrease';
      value: number;
      unit: FigureUnit;
      inputs: Input[];
      /** A share the part's own row prints, the computed one at its printed precision ("47%"). */
      printed?: string;
      /** Its inputs are of several companies (a difference or ratio between two), in input order. */
      tickers?: string[];
    }
  | { kind: 'absent'; ticker: string; measure: Measure; point: Point; missing: Missing | Underived }
  | { kind: 'count'; ticker: string; year: number; count: string; noun: string; entry: EvidenceEntry; parts?: string[] }
  /** Words of the question the reading could not apply: no figure of a simpler question is stated as
   * the answer; what can be stated is given after, as such. */
  | { kind: 'blocked'; ticker: string; words: string[]; reason: string; instead?: FigureLine }
  /** The index holds the company but not the filing or period asked. */
  | { kind: 'unheld'; ticker: string; what: string; held: string; pull: string }
  /** More figures asked (companies x measures x years) than one answer states (limits.ts MAX_FIGURES):
   * none is looked for. */
  | { kind: 'too-many'; ticker: string; asked: { companies: number; measures: number; years: number }; limit: number };

export interface FigureAnswer {
  lines: FigureLine[];
  /** What was asked: each measure and year a line saying why a company is not answered stands for. */
  asked?: { measures: Measure[]; years: number[]; point: Omit<Point, 'year'> };
  /** A question over several companies, years or measures: its cells, derived figures and ranking. */
  grid?: Grid;
  /** Statements the lines use that no chain shows yet: rows with their tables, or sentences. */
  picks: ({ table: import('../index/types.js').IndexedTable; index: number } | { statementId: number })[];
}

// A grid (grid.ts): companies x measures x years, each cell a line of the figure path.
export interface GridCell {
  ticker: string;
  measure: string;
  year: number;
  /** What was found: a value, a count, or why not (absent, unheld, blocked). */
  line: FigureLine;
}

export interface GridDerived {
  ticker: string;
  measure: string;
  year: number;
  /** The earlier year of a change; the other company of a difference or ratio between two. */
  fromYear?: number;
  other?: string;
  op: OperationKind;
  line: FigureLine;
}

export interface RankEntry {
  ticker: string;
  year: number;
  line: FigureLine;
  measure?: string;
}

export interface GridRanking {
  order: 'desc' | 'asc';
  measure: string;
  year: number;
  /** Levels, or each company's change over the range. */
  op: OperationKind;
  /** In the order asked, when every figure compared is stated (`measure`: the part's, when a
   * company's parts are ranked); of a set's members, those stated (the first `top`, when asked). */
  ranked: RankEntry[];
  /** The figures it lacks, when it cannot be stated; of a set, the members it leaves unranked. */
  missing: RankEntry[];
  /** Only the first N were asked ("the top 3"). */
  top?: number;
  /** Of a set's members, every one stated in order (`ranked` is its first `top`). */
  all?: RankEntry[];
}

export interface Grid {
  tickers: string[];
  /** The measures, by the name the answer gives them, in the order asked (`part`: the company's part
   * each is of, when its parts are ranked). */
  measures: { key: string; measure: Measure; part?: string }[];
  /** Oldest first. */
  years: number[];
  point: Omit<Point, 'year'>;
  op: Operation;
  cells: GridCell[];
  derived: GridDerived[];
  /** A series of values: each row's change from its first stated figure to its last, a derived
   * figure the tables draw (the answer's sentences give the values). */
  changes: GridDerived[];
  rankings: GridRanking[];
  /** The companies are a set's members (a screen): which set. */
  set?: CompanySet;
}
