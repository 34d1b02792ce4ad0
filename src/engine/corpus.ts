// The engine's entry for an index as a corpus: open it, list its filings, its stats, the accessions it
// holds, the company facts it holds, and whether it can be written. Nothing of ingest loads with it.
export { assertWritableIndex } from './index/atomic.js';
export { companyFactsCounts, factCompanies, type FactCompany } from './index/company-facts.js';
export { corpusStats, indexedAccessions, KEY_10K_ITEMS, listFilings, type CorpusStats } from './index/inspect.js';
export { openIndex } from './index/open.js';
