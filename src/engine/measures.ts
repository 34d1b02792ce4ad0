// The measures `filings figures` takes, for the command line: the lexicon's line items and metrics by
// key and by the names analysts use (lexicon/measures.ts), and the concepts that carry a line item in
// EDGAR's company facts and frames. Light: the lexicon's data only.
export { closestMeasures, type MeasureInfo, MEASURES, measureConcepts, measureKey } from './lexicon/measures.js';
