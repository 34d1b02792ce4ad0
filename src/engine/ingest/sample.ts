// The sample corpus's layout: its filings in filings/, its constituents in constituents.csv. Where it
// is (the sample_corpus setting) is the caller's to say.
import { join } from 'node:path';

export function sampleFilingsDir(corpusDir: string): string {
  return join(corpusDir, 'filings');
}

export function sampleConstituents(corpusDir: string): string {
  return join(corpusDir, 'constituents.csv');
}
