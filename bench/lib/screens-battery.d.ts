// Types of bench/lib/screens-battery.js (shared by test/battery/screens.test.ts and bench/screens-battery.js).
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';

export interface ScreenCell {
  ticker: string;
  /** Null: the member's figure cannot be stated (`why`). */
  value: number | null;
  why?: string;
  unit: 'million' | 'percent' | 'per_share' | 'ratio';
  tolerance?: number;
  tolerance_kind?: 'relative' | 'absolute';
  /** Other values a reading of the filings may give (a consolidated figure beside the parent's). */
  alt_values?: number[];
  filing?: string;
  evidence?: string;
}

export interface Screen {
  id: string;
  class: string;
  question: string;
  set: { kind: string; name: string };
  measure: string;
  fiscal_year: number;
  order: 'desc' | 'asc' | null;
  top: number | null;
  cells: ScreenCell[];
  ranked: string[];
  not_held?: string[];
  note?: string;
}

export type Mark = 'right' | 'wrong' | 'empty';

export interface ScreenVerdict {
  members: Mark[];
  notHeld: Mark[];
  extra: string[];
  order?: Mark;
  whole: boolean;
  wrong: boolean;
}

export interface ScreenResult {
  q: Screen;
  response: ResearchResponse;
  verdict: ScreenVerdict;
  ms?: number;
}

type Count = { right: number; wrong: number; empty: number };
export interface ScreensTally {
  screens: number;
  whole: number;
  withWrong: number;
  members: Count;
  notHeld: Count;
  order: Count;
  extra: number;
  byClass: Record<string, { n: number; whole: number }>;
}

export const screensBatteryFile: string;
export const screensBlindFile: string;
export function loadScreens(file?: string): Screen[];
export function close(gold: ScreenCell, value: number): boolean;
export function judgeOrder(want: string[], got: string[]): Mark;
export function judgeScreen(q: Screen, response: ResearchResponse): ScreenVerdict;
export function runScreens(backend: Backend, screens: Screen[]): Promise<ScreenResult[]>;
export function tallyScreens(results: ScreenResult[]): ScreensTally;
export function formatScreensTally(t: ScreensTally): string;
export function formatScreensResults(results: ScreenResult[]): string;
