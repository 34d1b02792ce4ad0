// Types of bench/lib/verdict.js (plain JS shared by the vitest battery and bench/battery.js).
export type Unit = 'thousand' | 'million' | 'billion' | 'percent' | 'per_share' | 'ratio' | 'days' | 'times' | 'count';
export type Expect =
  | { figure: number; unit: Unit; tolerance: number }
  | { abstain: true }
  | { not_in_index: string }
  | { mentions: string[] };
export type Verdict = 'right' | 'wrong' | 'abstained';

export interface Figure {
  value: number;
  scale: number | undefined;
  dollar: boolean;
  percent: boolean;
  points: boolean;
  times: boolean;
  days: boolean;
  perShare: boolean;
  operand: boolean;
  sig: number;
  decimals: number;
  index: number;
  end: number;
}

export function figures(text: string): Figure[];
export function abstainsAt(text: string): number;
export function verdict(answer: string, expect: Expect): Verdict;
