// The sample corpus: $FILINGS_SAMPLE_CORPUS, else ../shared/corpus beside the package root (resolved
// from this module's location, so it works from any working directory).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: src/engine/corpus (or dist/engine/corpus) is three levels below it. */
export function packageRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url));
}

export function sampleCorpusDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FILINGS_SAMPLE_CORPUS ? resolve(env.FILINGS_SAMPLE_CORPUS) : join(packageRoot(), '..', 'shared', 'corpus');
}

export function sampleFilingsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(sampleCorpusDir(env), 'filings');
}

export function sampleConstituents(env: NodeJS.ProcessEnv = process.env): string {
  return join(sampleCorpusDir(env), 'constituents.csv');
}
