// Types of bench/lib/grid-battery.js (shared by test/battery/grids.test.ts and bench/grid-battery.js).
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';

export interface GoldCell {
  ticker: string;
  measure: string;
  fiscal_year: number;
  value: number;
  unit: 'million' | 'percent' | 'per_share' | 'shares_million' | 'count' | 'ratio';
  tolerance?: number;
  tolerance_kind?: 'relative' | 'absolute';
  filing: string;
  evidence: string;
}

export interface GridQuestion {
  id: string;
  class: string;
  question: string;
  tickers: string[];
  cells: GoldCell[];
  derived?: (Omit<GoldCell, 'filing' | 'evidence' | 'measure'> & { what: string })[];
  rank?: { order: 'desc' | 'asc'; first: string | null; by: string };
  unheld?: { ticker: string; fiscal_year?: number }[];
  note?: string;
}

export type Mark = 'right' | 'wrong' | 'empty';

export interface GridVerdict {
  cells: Mark[];
  derived: Mark[];
  rank?: Mark;
  unheld: Mark[];
  whole: boolean;
  wrong: boolean;
}

export interface GridResult {
  q: GridQuestion;
  response: ResearchResponse;
  verdict: GridVerdict;
}

type Count = { right: number; wrong: number; empty: number };
export interface GridTally {
  questions: number;
  whole: number;
  withWrong: number;
  cells: Count;
  derived: Count;
  rank: Count;
  unheld: Count;
  byClass: Record<string, { n: number; whole: number }>;
}

export const gridBatteryFile: string;
export function loadGridBattery(file?: string): GridQuestion[];
export function close(gold: GoldCell, value: number): boolean;
export function judgeGrid(q: GridQuestion, response: ResearchResponse): GridVerdict;
export function runGridBattery(backend: Backend, questions: GridQuestion[]): Promise<GridResult[]>;
export function tallyGrid(results: GridResult[]): GridTally;
export function formatGridTally(t: GridTally): string;
export function formatGridResults(results: GridResult[]): string;
export function cellConsistency(
  backend: Backend,
  results: GridResult[],
): Promise<{ checked: number; differ: { id: string; question: string; grid: number; single?: number; agree: boolean }[] }>;
