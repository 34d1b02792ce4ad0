// Types of bench/lib/xbrl-battery.js (shared by test/battery/xbrl.test.ts and bench/xbrl-battery.js).
import type { Constituent } from '../../src/engine/filing/constituents.js';
import type { PreparedFiling } from '../../src/engine/filing/prepared.js';
import type { FilingHints } from '../../src/engine/html/meta.js';
import type { Expect, Verdict } from './verdict.js';

export interface XbrlFilingSpec {
  file: string;
  ticker: string;
  company: string;
  period: string;
}
/** The engine functions the battery uses (src/ under vitest, dist/ from the command line). */
export interface XbrlEngine {
  prepareHtmlFiling(html: string, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling;
  loadConstituents(path: string): Promise<Map<string, Constituent>>;
  writeFilings?(indexPath: string, filings: PreparedFiling[], constituents: Map<string, Constituent>): Promise<boolean[]>;
}
export interface XbrlFiling {
  spec: XbrlFilingSpec;
  path: string;
  prepared: PreparedFiling;
  name: string;
}
export interface XbrlQuestion {
  id: string;
  question: string;
  ticker: string;
  company: string;
  filing: string;
  accession: string;
  kind: 'plain' | 'dimensional';
  dimKind: 'plain' | 'segment' | 'product' | 'geography' | 'other';
  timing: 'current' | 'prior';
  periodKind: 'duration' | 'instant';
  periodText: string;
  label: string;
  labelSource: 'company' | 'standard';
  members: string[];
  fact: {
    concept: string;
    value: number;
    unit: string | null;
    decimals: number | null;
    start: string | null;
    end: string;
    instant: boolean;
    dimensions: Record<string, string>;
    table: number;
    row: number;
    column: number;
  };
  shown: string;
  expect: Extract<Expect, { figure: number }>;
}
export interface XbrlStats {
  byFiling: Record<string, { facts: number; inTables: number; candidates: number; ambiguous: number; selected: number }>;
  skipped: Record<string, number>;
  ambiguous: number;
  ambiguousExamples: string[];
  crossFiling: number;
  duplicateTexts?: number;
}
export interface XbrlResult {
  q: XbrlQuestion;
  answer: string;
  verdict: Verdict;
}
export interface Counts {
  n: number;
  right: number;
  wrong: number;
  abstained: number;
}
export interface XbrlTally {
  overall: Counts;
  kind: Record<string, Counts>;
  timing: Record<string, Counts>;
  periodKind: Record<string, Counts>;
  dimKind: Record<string, Counts>;
  unit: Record<string, Counts>;
  filing: Record<string, Counts>;
}

export const repoRoot: string;
export const XBRL_FILINGS: XbrlFilingSpec[];
export function edgarDir(): string;
export function hasEdgarFixtures(): boolean;
export function filingName(meta: { sec_form_type: string; sec_fiscal_year: string }, ticker: string): string;
export function hintsFor(spec: XbrlFilingSpec, i: number, dir?: string): Record<string, string | undefined>;
export function loadXbrlConstituents(engine: XbrlEngine): Promise<Map<string, Constituent>>;
export function prepareXbrlFilings(engine: XbrlEngine, constituents: Map<string, Constituent>, dir?: string): XbrlFiling[];
export function xbrlIndexKey(dir?: string): string;
export function ensureXbrlIndex(
  engine: XbrlEngine,
  filings: XbrlFiling[],
  constituents: Map<string, Constituent>,
  root?: string,
): Promise<string>;
export function splitCamel(s: string): string;
export function cleanLabel(raw: string): string;
export function standardLabel(concept: string): string;
export function fiscalYearOf(iso: string, fye: string): number;
export function periodPhrases(
  fact: { start?: string; end: string; instant: boolean },
  fye: string,
  offset?: number,
): { kind: 'duration' | 'instant'; key: string; long: string[]; short: string[]; months?: number } | null;
export function goldOf(
  fact: { value: number; unit: string | null; decimals: number | null },
  cell?: { percent?: boolean } | null,
): Extract<Expect, { figure: number }> | null;
export function rng(seed: string): { next(): number; pick<T>(xs: T[]): T; shuffle<T>(xs: T[]): T[] };
export function generateXbrlQuestions(
  filings: XbrlFiling[],
  opts?: { seed?: string; perFiling?: number },
): { questions: XbrlQuestion[]; stats: XbrlStats };
export function spread(questions: XbrlQuestion[], n: number): XbrlQuestion[];
export function runXbrlBattery(
  backend: { query(request: unknown): Promise<{ answer?: { text: string } | null }> },
  questions: XbrlQuestion[],
): Promise<XbrlResult[]>;
export function tallyXbrl(results: XbrlResult[]): XbrlTally;
export function formatXbrlTally(t: XbrlTally): string;
export function formatXbrlResults(results: XbrlResult[]): string;
export function describeBattery(questions: XbrlQuestion[], stats: XbrlStats): string;
