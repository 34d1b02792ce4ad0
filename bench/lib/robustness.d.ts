// Types of bench/lib/robustness.js (shared by the robustness suite and bench/robustness.js).
import type { ScoredQuestion, Score, Summary } from './retrieval-score.js';

export interface DevQuestion extends ScoredQuestion {
  id: string;
  question: string;
  company: string;
  question_type: string;
}
export interface Aliases {
  [ticker: string]: { names: string[]; short: string[] };
}
export interface Paraphrase {
  id: string;
  question: string;
}
export type Variant = 'as_written' | 'lowercase' | 'ticker' | 'alias' | 'paraphrase';
export type Variants = Record<Variant, { q: DevQuestion; text: string }[]>;
export interface Miss extends Score {
  id: string;
  text: string;
  applied: Record<string, unknown>;
}
export type RobustnessResults = Record<Variant, Summary & { misses: Miss[] }>;
export interface QueryBackend {
  query(request: unknown): Promise<{ evidence?: string; summary?: { applied_metadata_filters?: Record<string, unknown> } | null }>;
}

export const VARIANTS: Variant[];
export function loadQuestions(file: string): DevQuestion[];
export function loadAliases(file: string): Aliases;
export function loadParaphrases(file: string): Paraphrase[];
export function namePattern(names: string[]): RegExp;
export function replaceCompany(question: string, names: string[], replacement: string): string | null;
export function buildVariants(questions: DevQuestion[], aliases: Aliases, paraphrases: Paraphrase[]): Variants;
export function runRobustness(backend: QueryBackend, variants: Variants, k?: number): Promise<RobustnessResults>;
export function formatRobustness(results: RobustnessResults, k?: number): string;
export function formatMisses(results: RobustnessResults): string;
