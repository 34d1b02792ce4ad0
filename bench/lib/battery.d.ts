// Types of bench/lib/battery.js (shared by the battery test and bench/battery.js).
import type { Expect, Verdict } from './verdict.js';

export type BatteryClass =
  | 'plain_figure'
  | 'total_vs_segment'
  | 'column_order'
  | 'label_digits'
  | 'ratio_entity'
  | 'computed'
  | 'scope'
  | 'abstain'
  | 'not_in_index'
  | 'lowercase_and_abbrev';
export interface BatteryQuestion {
  id: string;
  class: BatteryClass;
  question: string;
  ticker: string;
  fiscal_year: string;
  filing: string | null;
  expect: Expect;
  evidence: string;
  note: string;
}
export interface BatteryResult {
  q: BatteryQuestion;
  answer: string;
  verdict: Verdict;
}
export interface Counts {
  n: number;
  right: number;
  wrong: number;
  abstained: number;
}
export interface Tally {
  overall: Counts;
  byClass: Partial<Record<BatteryClass, Counts>>;
}
export interface AnswerBackend {
  query(request: unknown): Promise<{ answer?: { text: string } | null }>;
}

export const CLASSES: BatteryClass[];
export const batteryFile: string;
export function loadBattery(file?: string): BatteryQuestion[];
export function runBattery(backend: AnswerBackend, questions: BatteryQuestion[]): Promise<BatteryResult[]>;
export function tally(results: BatteryResult[]): Tally;
export function formatTally(t: Tally): string;
export function formatResults(results: BatteryResult[]): string;
