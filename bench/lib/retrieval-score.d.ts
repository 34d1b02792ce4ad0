// Types of bench/lib/retrieval-score.js (score.py's rules, shared by the bench scripts and the tests).
export interface ScoredQuestion {
  ticker: string;
  fiscal_year: string;
  evidence: string[];
}
export interface ScoredResponse {
  evidence?: string;
  summary?: { applied_metadata_filters?: Record<string, unknown> } | null;
}
export interface Score {
  hit: boolean;
  recall: number;
  own: number;
  ticker: boolean;
  year: boolean;
  chars: number;
}
export interface Summary {
  n: number;
  hit: number;
  own: number;
  ticker: number;
  year: number;
}
export function distinctive(text: string): Set<string>;
export function evidenceTokens(text: string): Set<string>;
export function chains(evidence: string | undefined): string[];
export function ownChains(evidence: string | undefined, ticker: string, k: number): string[];
export function scoreResponse(response: ScoredResponse, question: ScoredQuestion, k?: number): Score;
export function summarize(scores: Score[]): Summary;
