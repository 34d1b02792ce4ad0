// Questions read against the sample index's companies and filings, as the engine reads them.
import { openIndex } from '../../src/engine/index/open.js';
import { readQuestion } from '../../src/engine/question/read.js';
import type { Reading } from '../../src/engine/question/reading.js';
import { buildDirectory, type Directory } from '../../src/engine/retrieve/directory.js';
import { sampleIndexPath } from './sample.js';

let directory: Directory | undefined;

/** The sample index's directory of companies and filings, read once. */
export function sampleDirectory(): Directory {
  if (!directory) {
    const index = openIndex(sampleIndexPath());
    directory = buildDirectory(index.directoryFilings(), index.companies(), index.linkerTables() as Parameters<typeof buildDirectory>[2]);
    index.close();
  }
  return directory;
}

/** A question read against the sample index. */
export const readSample = (q: string): Reading => readQuestion(q, sampleDirectory());
