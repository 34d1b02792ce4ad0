// The engine's entry for putting filings into an index and taking them out: build or add files, remove,
// write filings a pull prepared, and the ingest of one EDGAR file; a company's facts read and written;
// with the constituents, the sample corpus and the files a path holds; an XBRL frame read and placed in
// the index's fiscal years.
export { buildIndex, type BuildProgress, type BuildResult } from './ingest/build.js';
export { defaultConstituents, discoverFiles } from './ingest/discover.js';
export { removeFromIndex } from './ingest/remove.js';
export { sampleConstituents, sampleFilingsDir } from './ingest/sample.js';
export { writeFilings } from './ingest/write-filings.js';
export {
  type CompanyFactsWrite,
  type CompanyFactsWritten,
  removeCompanyFactsOf,
  writeCompanyFacts,
} from './ingest/write-company-facts.js';
export { type CompanyFactsFile, parseCompanyFacts } from './xbrl/index.js';
export { loadConstituents, type Constituent } from './filing/constituents.js';
export { fiscalYearLabel } from './filing/fiscal.js';
export {
  annualFramesOf,
  type Frame,
  type FramePeriod,
  type FrameRow,
  frameUnit,
  parseFrame,
  parseFramePeriod,
  rowFiscalYear,
} from './xbrl/index.js';
export type { PreparedFiling } from './filing/prepared.js';
export { isCalendarDate } from './filing/raw.js';
export { decodeEdgar } from './html/file.js';
export { prepareEdgarText } from './html/ingest.js';
export { isSubmissionText } from './html/sgml.js';
