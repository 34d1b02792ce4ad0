// The sample corpus: $FILINGS_SAMPLE_CORPUS, else ../shared/corpus beside the package root (so it works
// from any working directory).
import { join, resolve } from 'node:path';
import { packageRoot } from '../../package-root.js';

export { packageRoot };

export function sampleCorpusDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FILINGS_SAMPLE_CORPUS ? resolve(env.FILINGS_SAMPLE_CORPUS) : join(packageRoot(), '..', 'shared', 'corpus');
}

export function sampleFilingsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(sampleCorpusDir(env), 'filings');
}

export function sampleConstituents(env: NodeJS.ProcessEnv = process.env): string {
  return join(sampleCorpusDir(env), 'constituents.csv');
}
