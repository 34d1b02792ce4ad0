// XBRL and EDGAR's company facts, the room's public face (as edgartools keeps edgar/xbrl): a company
// facts file read and checked (file.ts, file-schema.ts, ranges.ts), each fact's fiscal period
// (periods.ts), EDGAR's frames (frames.ts), the facts stored in the index as a block a company and
// concept (store.ts, blocks.ts, reader.ts), and read back as line-item series: a fiscal year's fact
// with every filing's value, quarters derived from the year to date, the trailing twelve months, a text
// figure's agreement with them (series.ts, values.ts, derive.ts, point.ts, agree.ts), by the concepts
// that carry a line item (concepts.ts). Other rooms import this module only.
export { type CompanyFactsFile, parseCompanyFacts } from './file.js';
export {
  annualFramesOf,
  type Frame,
  type FramePeriod,
  type FrameRow,
  frameUnit,
  parseFrame,
  parseFramePeriod,
  rowFiscalYear,
} from './frames.js';
export {
  companyFactsCounts,
  type FactCompany,
  factCompanies,
  factCompany,
  factConflicts,
  removeCompanyFacts,
  storeCompanyFacts,
} from './store.js';
export { checkAgainstFacts, type FactPeriodAsk, type FactValue, type ItemFacts, itemFacts, seriesPoint } from './series.js';
export { itemAsk } from './values.js';
export { conceptsOf } from './concepts.js';
