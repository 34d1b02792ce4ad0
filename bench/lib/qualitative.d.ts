// Types of bench/lib/qualitative.js (shared by the vitest check and bench/qualitative.js).
export type QualitativeClass = 'segments' | 'risk_factors' | 'auditor' | 'business' | 'announcement' | 'change' | FreshQualitativeClass;
/** The classes of the fresh battery (test/battery/fresh-qualitative.jsonl): the kinds a new user asks
 * next, and questions the filings do not answer. */
export type FreshQualitativeClass = 'acquisitions' | 'brands' | 'named_risk' | 'drivers' | 'stated_fact' | 'must_decline';
export type QualitativeVerdict = 'right' | 'wrong' | 'boilerplate' | 'abstained';
export interface QualitativeQuestion {
  id: string;
  class: QualitativeClass;
  question: string;
  ticker: string;
  fiscal_year: string;
  filing: string;
  /** Phrases the answer's first sentence or list must hold (an array is alternatives), or that it
   * must decline. */
  expect: { first: (string | string[])[]; abstain?: undefined } | { abstain: true; first?: undefined };
  /** The filing's own text that answers, quoted (excerpts joined by a line "..."). */
  evidence: string;
  note: string;
}
export interface QualitativeResult {
  q: QualitativeQuestion;
  answer: string;
  verdict: QualitativeVerdict;
}
export type QualitativeCounts = Record<QualitativeVerdict, number> & { n: number };
export interface QualitativeTally {
  overall: QualitativeCounts;
  byClass: Partial<Record<QualitativeClass, QualitativeCounts>>;
}
export interface AnswerBackend {
  query(request: unknown): Promise<{ answer?: { text: string } | null }>;
}
export const QUALITATIVE_CLASSES: QualitativeClass[];
export const FRESH_CLASSES: FreshQualitativeClass[];
export const freshFile: string;
export const qualitativeFile: string;
export function loadQualitative(file?: string): QualitativeQuestion[];
export function isBoilerplate(text: string): boolean;
export function headOf(answer: string): string;
export function normalize(s: string): string;
export function judge(answer: string, expect: QualitativeQuestion['expect']): QualitativeVerdict;
export function runQualitative(backend: AnswerBackend, questions: QualitativeQuestion[]): Promise<QualitativeResult[]>;
export function tallyQualitative(results: QualitativeResult[]): QualitativeTally;
export function formatQualitative(t: QualitativeTally): string;
export function formatQualitativeResults(results: QualitativeResult[]): string;
