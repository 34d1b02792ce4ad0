// Where the benchmarks find the sample corpus: FILINGS_SAMPLE_CORPUS, else ../shared/corpus beside the
// repository (the CLI's sample_corpus setting, read the same way).
import { join, resolve } from 'node:path';

const repoRoot = new URL('../..', import.meta.url).pathname;

export const sampleCorpusDir = () =>
  process.env.FILINGS_SAMPLE_CORPUS ? resolve(process.env.FILINGS_SAMPLE_CORPUS) : join(repoRoot, '..', 'shared', 'corpus');
