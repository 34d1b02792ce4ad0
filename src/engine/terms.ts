// The engine's entry for the terms the command line speaks without opening an index: the line items
// and metrics `filings figures` takes, by key and by the names analysts use, with the concepts that
// carry them in company facts and frames; and the `[unverified]` mark and sentence split of
// `--verified-only`. Data and pure functions only, whichever backend answers.
export { dropUnverified, sentencePieces, UNVERIFIED } from './answer/marks.js';
export { closestMeasures, type MeasureInfo, MEASURES, measureConcepts, measureKey } from './lexicon/measures.js';
