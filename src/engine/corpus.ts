// The engine's entry for an index as a corpus: open it, list its filings, its stats, the accessions it
// holds, the company facts it holds, and whether it can be written. Nothing of ingest loads with it.
import type { IndexHandle } from './index/open.js';
import { type IndexStats, indexStats } from './index/inspect.js';
import { companyFactsCounts } from './xbrl/index.js';

export { assertWritableIndex } from './index/atomic.js';
export { companyFactsCounts, factCompanies, type FactCompany } from './xbrl/index.js';
export { indexedAccessions, KEY_10K_ITEMS, listFilings } from './index/inspect.js';
export { openIndex } from './index/open.js';

export interface CorpusStats extends IndexStats {
  /** EDGAR company facts held: companies and facts (counted when asked: a pull of facts alone writes
   * no summary). */
  companyFacts: { companies: number; facts: number };
}

export function corpusStats(ix: IndexHandle): CorpusStats {
  return { ...indexStats(ix), companyFacts: companyFactsCounts(ix.db) };
}
