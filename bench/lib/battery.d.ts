// Types of bench/lib/battery.js (shared by the battery test and bench/battery.js).
import type { Expect, Verdict } from './verdict.js';

export type MainClass =
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
export type ShapeClass =
  | 'op_change'
  | 'op_pct_change'
  | 'op_sum'
  | 'op_difference'
  | 'op_average'
  | 'op_ratio'
  | 'op_share'
  | 'op_cagr'
  | 'year_in_question'
  | 'named_source'
  | 'note_row'
  | 'text_figure'
  | 'period_part'
  | 'must_abstain';
export type FreshClass =
  | 'line_item_name'
  | 'typo'
  | 'lowercase_abbrev'
  | 'initials_abbrev'
  | 'difference'
  | 'part_segment'
  | 'kind_of_account';
export type PartClass = 'line_item_years' | 'competitors' | 'part_share';
export type DepthClass =
  | 'note_row'
  | 'segment'
  | 'geography'
  | 'quarter'
  | 'prior_year'
  | 'roll_forward'
  | 'prose'
  | 'word_job'
  | 'unit_trap';
export type BatteryClass = MainClass | ShapeClass | FreshClass | PartClass | DepthClass;
export interface BatteryQuestion {
  id: string;
  class: BatteryClass;
  question: string;
  ticker: string;
  fiscal_year: string;
  filing: string | null;
  expect: Expect;
  evidence: string;
  /** Excerpts of further filings a derived figure needs (a full year less nine months of a 10-Q). */
  evidence_more?: { filing: string; evidence: string }[];
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

export const MAIN_CLASSES: MainClass[];
export const SHAPE_CLASSES: ShapeClass[];
export const FRESH_CLASSES: FreshClass[];
export const PART_CLASSES: PartClass[];
export const DEPTH_CLASSES: DepthClass[];
export const CLASSES: BatteryClass[];
export const batteryFile: string;
export function loadBattery(file?: string): BatteryQuestion[];
export function runBattery(backend: AnswerBackend, questions: BatteryQuestion[]): Promise<BatteryResult[]>;
export function tally(results: BatteryResult[]): Tally;
export function formatTally(t: Tally): string;
export function formatResults(results: BatteryResult[]): string;
