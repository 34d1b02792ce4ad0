// The measures `filings figures` takes, for the command line: the lexicon's line items and metrics by
// key and by the names analysts use (lexicon/measures.ts). Light: the lexicon's data only.
export { closestMeasures, type MeasureInfo, MEASURES, measureKey } from './lexicon/measures.js';
