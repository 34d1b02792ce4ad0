// The XBRL-derived battery (issue 22, 6a): questions generated from the inline-XBRL facts of the
// recorded EDGAR filings (../shared/edgar or FILINGS_EDGAR_FIXTURES), gold = the fact. Only facts a
// reader can see (shown in a table cell, the cell showing the fact's value), one per concept, period
// and dimensions, phrased with the company's own row label or the concept's standard label, the
// members' names, the company's fiscal calendar and the name an analyst uses for the company. A
// label that reads two different values for the same period and members anywhere in the company's
// filings is not used; a fact with no unambiguous label is dropped (and counted).
//
// Plain JS shared by the vitest sample (test/battery/xbrl.test.ts, on src/) and the CLI
// (bench/xbrl-battery.js, on dist/): the engine's functions are passed in, never imported here.
// The parts: xbrl/filings.js (the filings and their index), xbrl/names.js (labels, members,
// periods), xbrl/questions.js (facts to questions), xbrl/tally.js (running and tallying).
export {
  edgarDir,
  ensureXbrlIndex,
  filingName,
  hasEdgarFixtures,
  hintsFor,
  loadXbrlConstituents,
  prepareXbrlFilings,
  repoRoot,
  XBRL_FILINGS,
  xbrlIndexKey,
} from './xbrl/filings.js';
export { cleanLabel, fiscalYearOf, periodPhrases, splitCamel, standardLabel } from './xbrl/names.js';
export { generateXbrlQuestions, goldOf, rng, spread } from './xbrl/questions.js';
export { describeBattery, formatXbrlResults, formatXbrlTally, runXbrlBattery, tallyXbrl } from './xbrl/tally.js';
