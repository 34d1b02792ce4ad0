// Where tests find the sample corpus and the sample index built once per run by test/global-setup.ts.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function sampleCorpusDir(): string {
  return process.env.FILINGS_SAMPLE_CORPUS ? resolve(process.env.FILINGS_SAMPLE_CORPUS) : join(repoRoot, '..', 'shared', 'corpus');
}

export function sampleFilingsDir(): string {
  return join(sampleCorpusDir(), 'filings');
}

export function sampleFiling(name: string): string {
  return join(sampleFilingsDir(), name);
}

/** The sample-corpus index built by the global setup (read-only: copy it before changing it). */
export function sampleIndexPath(): string {
  const p = process.env.FILINGS_TEST_INDEX;
  if (!p || !existsSync(p)) throw new Error('FILINGS_TEST_INDEX is not set: run the tests through vitest (test/global-setup.ts builds it)');
  return p;
}

/** The development questions, in ../shared/eval beside the sample corpus. */
export const evalFile = () => join(sampleCorpusDir(), '..', 'eval', 'financebench-dev.jsonl');

export const hasEval = (): boolean => existsSync(evalFile());

/** The title of tests that need the development questions: where they are missing, saying so (in the
 * title of the tests it skips, and once on stderr). */
export function needsEval(title: string): string {
  if (hasEval()) return title;
  const why = `${title} (skipped: no development questions at ${evalFile()}; put ../shared/eval beside the sample corpus)`;
  console.warn(why);
  return why;
}
