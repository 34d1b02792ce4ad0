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
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdict } from './verdict.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The recorded EDGAR material (read in place, never copied into the repository). */
export const edgarDir = () => (process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(repoRoot, '..', 'shared', 'edgar'));
export const hasEdgarFixtures = () => existsSync(join(edgarDir(), 'MANIFEST.tsv'));
const sampleCorpusDir = () => (process.env.FILINGS_SAMPLE_CORPUS ? resolve(process.env.FILINGS_SAMPLE_CORPUS) : join(repoRoot, '..', 'shared', 'corpus'));

/**
 * The inline-XBRL 10-Ks and 10-Qs of the material: where, whose, and the period they report (the
 * key to their submissions row where one is recorded). `company` is the name an analyst uses.
 */
export const XBRL_FILINGS = [
  { file: 'primary/10-K/aapl-10-k-2024-11-01.html', ticker: 'AAPL', company: 'Apple', period: '2024-09-28' },
  { file: 'primary/10-K/amzn-10-k-2025-02-07.html', ticker: 'AMZN', company: 'Amazon', period: '2024-12-31' },
  { file: 'primary/10-K/adbe-10-k-2025-01-13.html', ticker: 'ADBE', company: 'Adobe', period: '2024-11-29' },
  { file: 'primary/10-K/jnj-10-k-2025-02-13.html', ticker: 'JNJ', company: 'Johnson & Johnson', period: '2024-12-29' },
  { file: 'primary/10-K/nke-10-k-2025-07-17.html', ticker: 'NKE', company: 'Nike', period: '2025-05-31' },
  { file: 'primary/10-K/wmt-10-k-2025-03-14.html', ticker: 'WMT', company: 'Walmart', period: '2025-01-31' },
  { file: 'primary/10-K/Nvidia.10-K.FY2023.html', ticker: 'NVDA', company: 'NVIDIA', period: '2023-01-29' },
  { file: 'primary/10-K/ibm-10-k-2025-02-25.html', ticker: 'IBM', company: 'IBM', period: '2024-12-31' },
  { file: 'primary/10-Q/aapl-10-q-2025-08-01.html', ticker: 'AAPL', company: 'Apple', period: '2025-06-28' },
  { file: 'primary/10-Q/nvda-10-q-2025-08-27.html', ticker: 'NVDA', company: 'NVIDIA', period: '2025-07-27' },
  { file: 'primary/10-Q/Oracle.10-Q.2024-08-31.html', ticker: 'ORCL', company: 'Oracle', period: '2024-08-31' },
];

/** A short name for a filing in tallies: "AAPL 10-K FY2024". */
export const filingName = (meta, ticker) => `${ticker} ${meta.sec_form_type} ${meta.sec_fiscal_year.replace('-', '')}`;

// ---------------------------------------------------------------------------------------------
// Preparing the filings and the index

function cikOf(ticker, dir) {
  const file = join(dir, 'tickers', 'company_tickers.json');
  if (!existsSync(file)) return undefined;
  const row = Object.values(JSON.parse(readFileSync(file, 'utf8'))).find((r) => r.ticker === ticker);
  return row ? String(row.cik_str) : undefined;
}

function submissionRows(dir, cik) {
  const file = join(dir, 'submissions', `CIK${cik.padStart(10, '0')}.json`);
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8')).filings.recent;
  return r.accessionNumber.map((a, i) => ({ accession: a, filingDate: r.filingDate[i], reportDate: r.reportDate[i], form: r.form[i], primaryDocument: r.primaryDocument[i] }));
}

/**
 * What a pull would know of a document (as test/edgar gives it): its submissions row where one is
 * recorded (the edgartools names are not EDGAR's; the row is found by form and period), else a
 * placeholder accession and the filing date of the edgartools name (the period end when the name
 * has none: Oracle's).
 */
export function hintsFor(spec, i, dir = edgarDir()) {
  const name = basename(spec.file);
  const form = spec.file.includes('/10-Q/') ? '10-Q' : '10-K';
  const cik = cikOf(spec.ticker, dir);
  const row = cik ? submissionRows(dir, cik).find((r) => r.form === form && r.reportDate === spec.period) : undefined;
  if (row) return { accession: row.accession, cik, form, filingDate: row.filingDate, reportDate: row.reportDate, primaryDocument: row.primaryDocument, sourceFile: name };
  const filed = /^[a-z]+-10-[kq]-(\d{4}-\d{2}-\d{2})\.html?$/.exec(name)?.[1];
  const accession = `0000000000-${spec.period.slice(2, 4)}-${String(900000 + i).padStart(6, '0')}`;
  return { accession, cik, form, filingDate: filed ?? spec.period, reportDate: spec.period, sourceFile: name };
}

/** The constituents of the sample corpus (tickers, names, sectors), or none when it is absent. */
export async function loadXbrlConstituents(engine) {
  const file = join(sampleCorpusDir(), 'constituents.csv');
  return existsSync(file) ? engine.loadConstituents(file) : new Map();
}

/**
 * Every filing of XBRL_FILINGS present in the material, prepared by the engine's HTML ingest.
 * @param {{ prepareHtmlFiling: Function }} engine
 */
export function prepareXbrlFilings(engine, constituents, dir = edgarDir()) {
  const out = [];
  XBRL_FILINGS.forEach((spec, i) => {
    const path = join(dir, spec.file);
    if (!existsSync(path)) return;
    const prepared = engine.prepareHtmlFiling(readFileSync(path, 'utf8'), hintsFor(spec, i, dir), constituents);
    out.push({ spec, path, prepared, name: filingName(prepared.meta, spec.ticker) });
  });
  return out;
}

function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

/** The index's cache key: the code that shapes it (as test/global-setup.ts keys the sample index),
 * this file (the hints), the documents and the constituents. */
export function xbrlIndexKey(dir = edgarDir()) {
  const h = createHash('sha256');
  const code = ['src/engine/corpus', 'src/engine/segment', 'src/engine/index', 'src/engine/html', 'src/engine/tables', 'src/contract', 'src/edgar/index-write.ts'];
  for (const d of code) {
    const p = join(repoRoot, d);
    for (const f of existsSync(p) && statSync(p).isFile() ? [p] : filesUnder(p)) h.update(relative(repoRoot, f)).update(readFileSync(f));
  }
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const spec of XBRL_FILINGS) {
    const p = join(dir, spec.file);
    h.update(spec.file).update(existsSync(p) ? String(statSync(p).size) : 'absent');
  }
  const constituents = join(sampleCorpusDir(), 'constituents.csv');
  if (existsSync(constituents)) h.update(readFileSync(constituents));
  return h.digest('hex').slice(0, 16);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The index of the prepared filings, cached under .tmp/xbrl-index/<key>/index.sqlite (the write is
 * renamed into place, so a concurrent run never sees a partial one); caches of older code unused
 * for a day go.
 * @param {{ writeFilings: Function }} engine
 */
export async function ensureXbrlIndex(engine, filings, constituents, root = join(repoRoot, '.tmp', 'xbrl-index')) {
  const key = xbrlIndexKey();
  const indexPath = join(root, key, 'index.sqlite');
  if (!existsSync(indexPath)) {
    mkdirSync(join(root, key), { recursive: true });
    await engine.writeFilings(indexPath, filings.map((f) => f.prepared), constituents);
  }
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    if (name !== key && Date.now() - statSync(p).mtimeMs > DAY_MS) rmSync(p, { recursive: true, force: true });
  }
  return indexPath;
}

// ---------------------------------------------------------------------------------------------
// Names: labels, members, periods

const taxonomy = JSON.parse(readFileSync(join(repoRoot, 'src', 'engine', 'lexicon', 'us-gaap-labels.json'), 'utf8'));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINAL = ['', 'first', 'second', 'third', 'fourth'];
/** Members whose words do not read as a name. */
const MEMBER_NAMES = { 'us-gaap:NonUsMember': 'non-U.S.', 'us-gaap:ServiceOtherMember': 'services and other' };
/** Other names a member goes by in row labels. */
const ALIASES = { 'country:US': ['United States', 'US'], 'us-gaap:NonUsMember': ['Non-U.S.', 'International'] };
const COUNTRIES = { US: 'U.S.', CN: 'China', TW: 'Taiwan', IL: 'Israel', DE: 'Germany', GB: 'United Kingdom', JP: 'Japan', IE: 'Ireland', CA: 'Canada', MX: 'Mexico', IN: 'India', CH: 'Switzerland', NL: 'Netherlands', FR: 'France', KR: 'South Korea', SG: 'Singapore', BR: 'Brazil', CL: 'Chile' };

/** Axes whose members an analyst does not ask by (ranges, the equity statement's columns). */
const SKIP_AXIS = /:(?:RangeAxis|StatementEquityComponentsAxis|RestatementAxis|ScenarioAxis|StatementScenarioAxis|RetainedEarningsAccumulatedDeficitAxis)$/;
/** Members a question does not name: the consolidation items of a segment table (operating
 * segments, reconciling items, corporate), and recurring fair-value measurement. A fact whose only
 * members these are reads as a plain one, and its label's readings are checked against the plain
 * facts'. */
const IMPLICIT_AXIS = /:ConsolidationItemsAxis$/;
const IMPLICIT = new Set(['us-gaap:FairValueMeasurementsRecurringMember']);
/** Standard labels too long to ask by, and the name analysts use instead. */
const SHORT_LABELS = {
  'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax': 'revenue',
  'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax': 'revenue',
  'us-gaap:Revenues': 'revenue',
};
const DIM_KIND = [
  [/:(?:StatementBusinessSegmentsAxis|SegmentsAxis)$/, 'segment'],
  [/:ProductOrServiceAxis$/, 'product'],
  [/:StatementGeographicalAxis$/, 'geography'],
];

/** Split a CamelCase local name into words: "OperatingLeaseLiabilityNoncurrent" -> "Operating Lease Liability Noncurrent". */
export function splitCamel(s) {
  return s
    .replace(/^A(?=\d)/, '')
    .replace(/([a-z])(and|with|due|for|of|from)(?=[A-Z0-9])/g, '$1 $2 ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .trim();
}

/** Lower-case a name's words except acronyms and mixed-case brands ("U.S.", "RSU", "iPhone"). */
function lowerWords(s) {
  return s
    .split(' ')
    .map((w) => (/^[A-Z][a-z]*(?:[-/'’,][A-Za-z]+)*[,:]?$/.test(w) || /^[A-Z][a-z]+-[a-z]+,?$/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

/** A comparable form of a name: letters and digits, "and" and plural s ignored. */
const norm = (s) =>
  s
    .toLowerCase()
    .replace(/&|\band\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w))
    .join('');
const sameName = (a, b) => {
  const x = norm(a);
  const y = norm(b);
  return x.length > 0 && (x === y || x === `${y}s` || `${x}s` === y);
};
/** A label that names the member rather than the measure: its name, a part of it ("North America"
 * of "North America segment", "Total Americas" of "Americas") or its initials ("AWS"). */
function namesMember(label, member) {
  if (sameName(label, member)) return true;
  const x = norm(label);
  const y = norm(member);
  if (x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x))) return true;
  if (y.length >= 2 && x.startsWith(y) && x.length > y.length) return true;
  const initials = member.split(/\s+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join('');
  return initials.length >= 2 && label.replace(/\W/g, '') === initials;
}

/** A row label as a name: footnote marks, trailing colons, "Less:" and descriptive tails dropped. */
export function cleanLabel(raw) {
  let s = String(raw ?? '')
    .replace(/\s+/g, ' ')
    .replace(/[\u2014\u2013]/g, '-')
    .replace(/[®™]/g, '')
    .trim();
  s = s.replace(/^(?:less|add|plus)\s*:\s*/i, '').replace(/^[-–—\s]+/, '');
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s
      .replace(/\s*(?:\((?:\d{1,2}|[a-z]|[ivx]+)\)|\[\d{1,2}\]|[*†‡§]+)$/i, '')
      .replace(/(?<=[a-z)])\d{1,2}$/, '')
      .replace(/[:;,]\s*$/, '')
      .replace(/(?<=[a-z)]{2})\.\s*$/, '')
      .replace(/\s+(?:by|of|for|from|in|to|and|as of)$/i, '')
      .trim();
  }
  // ALL-CAPS labels ("EFFECTIVE INCOME TAX RATE") read in lower case.
  if (!/[a-z]/.test(s) && s.split(' ').filter((w) => w.length >= 4).length >= 2) s = s.toLowerCase();
  // "Common stock, $0.00001 par value: 50,400,000 shares authorized; ..." -> "Common stock"
  const cut = /\s*[,;:(]\s*(?=[^,;:]*\d)/.exec(s);
  if (cut && cut.index >= 8) s = s.slice(0, cut.index).trim();
  return s;
}

/** Qualifiers that only make sense with the row's group: "Diluted" under "Earnings per share",
 * "Non-U.S." under "Income before income taxes", "Current" under "Deferred tax assets". */
const QUALIFIER = /^(?:total|basic|diluted|u\.?s\.?|non-u\.?s\.?|united states|domestic|foreign|federal|state(?: and local)?|international|u\.s\. federal|u\.s\. state and local|current|deferred|non-?current)$/i;
/** Row labels that name nothing by themselves. */
const GENERIC = /^(?:total|worldwide|basic|diluted|net|other|gross|current|non-?current|long-term|short-term|domestic|foreign|federal|state|international|amount|value|fair value|cost|beginning balances?|ending balances?|balances?(?:,)? (?:at )?(?:beginning|end) of (?:the )?(?:year|period)|balance|subtotal|\d+)$/i;
/** Rows of a roll-forward or a deduction, meaningless without their table ("Additions", "Less
 * short-term portion"). */
const ROLLFORWARD = /^(?:less|add|plus)\b|^(?:additions?|deductions?|reductions?|write-offs?|settlements?|payments?|charges?|adjustments?|transfers?|acquisitions?|divestitures?|utilization|accruals?|reversals?|increases?|decreases?|other changes|other adjustments|other, net|beginning of (?:the )?(?:year|period)|end of (?:the )?(?:year|period))$/i;
/**
 * Concepts of a note's table whose rows the company labels by the table's context ("Goodwill and
 * intangibles" among deferred tax liabilities, "Endorsement compensation" among purchase
 * obligations): a company label lacking the context's word misleads, and the standard label is asked.
 */
const CONTEXT = [
  [/Tax/, /tax/i],
  [/Lease|Lessee/, /lease/i],
  [/DefinedBenefit|Pension|Postretirement/, /pension|benefit|retire|plan/i],
  [/FairValue/, /fair value/i],
  [/ShareBased|StockOption|RestrictedStock/, /share|stock|rsu|option|award|unit|equity/i],
  [/Derivative|Hedg/, /derivative|hedg|contract|swap|forward|option/i],
  [/AvailableForSale|HeldToMaturity|DebtSecurities/, /securit|investment|debt/i],
  [/Obligation|Commitment/, /obligation|commitment|contract|payment|purchase/i],
];
const DATE_WORDS = new RegExp(`\\b(?:${MONTHS.join('|')})\\b|\\b(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?\\s+\\d|\\b(?:19|20)\\d\\d\\b`, 'i');

/** The concept's standard label (the lexicon's US-GAAP label), else its local name in words. */
export function standardLabel(concept) {
  const std = taxonomy[concept]?.label;
  if (std) return lowerWords(std.replace(/\s+/g, ' '));
  // A trailing digit tells a concept from an older one of the same name ("SalesRevenueServicesNet1").
  return lowerWords(splitCamel((concept.split(':')[1] ?? concept).replace(/(?<=[a-z])\d$/, '')));
}

/** A label as it reads inside a question: its first word lower-cased, unless an acronym, a brand or
 * the start of a proper name ("North America", "Data Center"). */
function inQuestion(label) {
  const [first, second, ...rest] = label.split(' ');
  if (!first) return label;
  const capitalized = /^[A-Z][a-z]+[,:]?$/.test(first);
  const name = second !== undefined && /^[A-Z]/.test(second) && !/^(?:and|or|of|the)$/i.test(second);
  const lower = capitalized && !name ? first.toLowerCase() : first;
  return [lower, ...(second === undefined ? [] : [second]), ...rest].join(' ');
}

/** A member's name: the filing's own spelling where a row, group or column prints it, else its words. */
function memberName(member, printed) {
  const [prefix, local = ''] = member.split(':');
  if (prefix === 'country') return COUNTRIES[local] ?? null;
  if (printed.has(member)) return printed.get(member);
  if (MEMBER_NAMES[member]) return MEMBER_NAMES[member];
  const level = /^FairValueInputsLevel(\d)Member$/.exec(local);
  if (level) return `Level ${level[1]}`;
  // Debt issues named by run-together coupons and years ("Notes3252025") do not read as names.
  if (/\d{5,}/.test(local)) return null;
  const words = splitCamel(local.replace(/Member$/, ''));
  return words.replace(/\bSegment\b/g, 'segment').replace(/\bAnd\b/g, 'and').replace(/\bOf\b/g, 'of').replace(/\bThe\b/g, 'the');
}

// Dates and fiscal periods.
const ms = (iso) => Date.parse(`${iso}T00:00:00Z`);
const longDate = (iso) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;

/** The fiscal year a date falls in, for a year ending `fye` ("MM-DD"), a week's slack for 52/53-week
 * years: the first year whose end, plus a week, is on or after the date. */
export function fiscalYearOf(iso, fye) {
  const y = Number(iso.slice(0, 4));
  for (const cand of [y - 1, y, y + 1]) {
    if (ms(iso) <= ms(`${cand}-${fye}`) + 7 * DAY_MS) return cand;
  }
  return y + 1;
}
const atYearEnd = (iso, fye) => {
  const fy = fiscalYearOf(iso, fye);
  return Math.abs(ms(iso) - ms(`${fy}-${fye}`)) <= 7 * DAY_MS;
};
function monthsOf(start, end) {
  const days = (ms(end) - ms(start)) / DAY_MS + 1;
  for (const m of [3, 6, 9, 12]) if (Math.abs(days - m * 30.44) <= 10) return m;
  return null;
}

/**
 * How a fact's period reads: variants for a question's body ("fiscal 2024", "the three months ended
 * June 28, 2025", "as of September 28, 2024"), a short form ("FY2024", "Q3 FY2025"), or null when
 * the period is not one an analyst names (odd durations).
 */
export function periodPhrases(fact, fye, offset = 0) {
  const end = fact.end;
  const date = longDate(end);
  const fy = fiscalYearOf(end, fye) + offset;
  if (fact.instant) {
    const yearEnd = atYearEnd(end, fye);
    const q = quarterOf(end, fye);
    const long = [`as of ${date}`, `at ${date}`];
    if (yearEnd) long.push(`at the end of fiscal ${fy}`, `as of the end of FY${fy}`);
    else if (q && q < 4) long.push(`at the end of the ${ORDINAL[q]} quarter of fiscal ${fy}`);
    return { kind: 'instant', key: `i:${end}`, long, short: yearEnd ? [`end of FY${fy}`, `as of ${date}`] : [`as of ${date}`] };
  }
  if (!fact.start) return null;
  const months = monthsOf(fact.start, end);
  if (!months) return null;
  const key = `d:${fact.start}:${end}`;
  if (months === 12) {
    if (!atYearEnd(end, fye)) return null;
    return { kind: 'duration', months, key, long: [`fiscal ${fy}`, `fiscal year ${fy}`, `the fiscal year ended ${date}`, `FY${fy}`], short: [`FY${fy}`, `fiscal ${fy}`] };
  }
  const q = quarterOf(end, fye);
  if (!q) return null;
  if (months === 3) {
    return { kind: 'duration', months, key, long: [`the three months ended ${date}`, `the ${ORDINAL[q]} quarter of fiscal ${fy}`, `the quarter ended ${date}`, `Q${q} of fiscal ${fy}`], short: [`Q${q} FY${fy}`, `Q${q} fiscal ${fy}`] };
  }
  if (months !== q * 3) return null;
  const n = months === 6 ? 'six' : 'nine';
  const long = [`the ${n} months ended ${date}`, `the first ${n} months of fiscal ${fy}`];
  if (months === 6) long.push(`the first half of fiscal ${fy}`);
  return { kind: 'duration', months, key, long, short: [`${n} months ended ${date}`] };
}

/** The quarter of its fiscal year that a date ends (1-4), or null when it is not near a quarter end. */
function quarterOf(iso, fye) {
  const fy = fiscalYearOf(iso, fye);
  const startOfYear = ms(`${fy - 1}-${fye}`);
  const q = Math.round((ms(iso) - startOfYear) / DAY_MS / 91.31);
  if (q < 1 || q > 4) return null;
  return Math.abs((ms(iso) - startOfYear) / DAY_MS - q * 91.31) <= 10 ? q : null;
}

// ---------------------------------------------------------------------------------------------
// Facts to questions

/** The gold of a fact as the verdict reads it (bench/lib/verdict.js), or null for units it cannot. */
export function goldOf(fact, cell) {
  const v = fact.value;
  const half = fact.decimals === null ? 0 : 0.5 * 10 ** -fact.decimals;
  const tolerance = Math.max(0.005, half / Math.abs(v));
  const round = (x) => Number(x.toPrecision(12));
  switch (fact.unit) {
    case 'usd':
      return { figure: round(v / 1e6), unit: 'million', tolerance };
    case 'usd/shares':
      return { figure: v, unit: 'per_share', tolerance };
    case 'shares':
      return { figure: v, unit: 'count', tolerance };
    case 'pure':
      return cell?.percent ? { figure: round(v * 100), unit: 'percent', tolerance } : { figure: v, unit: 'ratio', tolerance };
    default:
      // Other currencies, and counts of things a label does not name (claimants), are not asked.
      return null;
  }
}

/** The cell shows the fact: its number is the fact's value at some scale (or as a percentage). */
function cellShows(fact, cell) {
  if (!cell || cell.value === null || cell.value === 0 || !/\d/.test(cell.text)) return false;
  const shown = Math.abs(cell.value) * (cell.percent ? 0.01 : 1);
  const v = Math.abs(fact.value);
  return [1, 1e3, 1e6, 1e9].some((s) => Math.abs((shown * s) / v - 1) < 0.02);
}

const dimsKey = (d) => Object.entries(d).sort().map(([a, m]) => `${a}=${m}`).join(',');
const halfUnit = (f) => (f.decimals === null ? Math.abs(f.value) * 1e-9 : 0.5 * 10 ** -f.decimals);
const sameValue = (a, b) => Math.abs(Math.abs(a.value) - Math.abs(b.value)) <= Math.max(halfUnit(a), halfUnit(b)) + 1e-9;

/** A deterministic generator from a seed string (mulberry32 over a string hash). */
export function rng(seed) {
  let h = 1779033703 ^ String(seed).length;
  for (const ch of String(seed)) {
    h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (xs) => xs[Math.floor(next() * xs.length)], shuffle: (xs) => xs.map((x) => [next(), x]).sort((p, q) => p[0] - q[0]).map((p) => p[1]) };
}

/**
 * Every visible fact of a filing with what a question about it needs: its dimensions named, its
 * period phrased, its label candidates (company's and standard), or the reason it is skipped.
 */
function readFacts(filing) {
  const { prepared: p } = filing;
  const fye = (p.meta.nominal_fiscal_year_end ?? p.meta.sec_fiscal_year_end).replace(/^(\d\d)(\d\d)$/, '$1-$2');
  const offset = p.meta.fiscal_name_offset ?? 0;
  // The filing's own spelling of members: a row, its group or its column printing the member's name.
  const printed = new Map();
  for (const f of p.facts) {
    if (f.table === undefined || f.row === undefined) continue;
    const t = p.tables[f.table];
    const row = t.rows[f.row];
    for (const m of Object.values(f.dimensions)) {
      if (printed.has(m)) continue;
      const local = (m.split(':')[1] ?? '').replace(/Member$/, '');
      const hit = [row.label, row.group, t.columns[f.column ?? -1]?.label].map((x) => cleanLabel(x ?? '')).find((x) => x && sameName(x, local));
      if (hit) printed.set(m, hit);
    }
  }
  const out = [];
  const seen = new Set();
  for (const f of p.facts) {
    if (f.table === undefined || f.row === undefined || f.column === undefined) continue;
    const t = p.tables[f.table];
    const row = t.rows[f.row];
    const cell = row?.cells[f.column];
    const r = { fact: f, table: t, row, cell, skip: null };
    out.push(r);
    const key = `${f.concept}|${f.start ?? ''}|${f.end}|${dimsKey(f.dimensions)}`;
    if (f.value === null) r.skip = 'nil';
    else if (/TextBlock$/.test(f.concept) || f.concept.startsWith('dei:')) r.skip = 'text or cover';
    else if (seen.has(key)) r.skip = 'duplicate';
    else if (!cellShows(f, cell)) r.skip = f.value === 0 ? 'zero' : 'cell does not show it';
    if (f.value !== null) seen.add(key);
    // Members: an analyst's qualifiers, or none when the axis is not one asked by.
    const axes = Object.entries(f.dimensions);
    if (axes.some(([a]) => SKIP_AXIS.test(a))) r.skip ??= 'axis not asked by';
    // A product names its segment and sub-segment (Johnson & Johnson's DARZALEX is Innovative
    // Medicine's, Oncology's): those are not asked by either. Were a product sold in several
    // segments, its label would read several values, and the check of readings drops it.
    const product = axes.some(([a]) => /:ProductOrServiceAxis$/.test(a));
    const named = axes.filter(([a, m]) => !IMPLICIT_AXIS.test(a) && !IMPLICIT.has(m) && !(product && /:(?:StatementBusinessSegmentsAxis|SubsegmentsAxis)$/.test(a)));
    r.members = named.map(([a, m]) => ({ axis: a, member: m, name: memberName(m, printed) }));
    if (r.members.some((m) => !m.name)) r.skip ??= 'member not named';
    // A member named by a period ("Fiscal 2024 Oracle Restructuring") reads as the question's period.
    else if (r.members.some((m) => /\bfiscal\s+(?:year\s+)?\d{4}\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}\b/i.test(m.name))) r.skip ??= 'member named by a period';
    if (r.members.length > 2) r.skip ??= 'more than two members';
    r.dimKind = r.members.length === 0 ? 'plain' : (DIM_KIND.find(([re]) => r.members.some((m) => re.test(m.axis)))?.[1] ?? 'other');
    r.period = periodPhrases(f, fye, offset);
    if (!r.period) r.skip ??= 'period not named';
    r.gold = f.value === null ? null : goldOf(f, cell);
    if (!r.gold) r.skip ??= 'unit not asked';
    else if (r.gold.unit === 'million' && Math.abs(f.value) < 1e5) r.skip ??= 'amount under $0.1 million';
    else if (r.gold.unit === 'per_share' && Math.abs(f.value) < 0.01) r.skip ??= 'par value';
    // Labels: the company's (row label, or group with its qualifier), then the standard one.
    const memberNames = r.members.map((m) => m.name ?? m.member);
    const locals = Object.values(f.dimensions).map((m) => splitCamel((m.split(':')[1] ?? '').replace(/Member$/, '')));
    const aliases = Object.values(f.dimensions).flatMap((m) => ALIASES[m] ?? []);
    const isMember = (l) => [...memberNames, ...locals, ...aliases].some((n) => namesMember(l, n));
    const label = cleanLabel(row.label);
    const group = row.group ? cleanLabel(row.group) : '';
    const usable = (l) => l && l.length <= 80 && !DATE_WORDS.test(l) && /[a-z]/i.test(l) && !/%|\d\s*-\s*\d/.test(l);
    const groupOk = usable(group) && !isMember(group) && !GENERIC.test(group) && !QUALIFIER.test(group);
    r.labels = [];
    if (isMember(label)) {
      if (groupOk) r.labels.push({ text: group, source: 'company' });
    } else if (QUALIFIER.test(label) || GENERIC.test(label) || ROLLFORWARD.test(label)) {
      if (QUALIFIER.test(label) && groupOk) r.labels.push({ text: `${label} ${inQuestion(group)}`, source: 'company' });
    } else if (usable(label) && !CONTEXT.some(([c, w]) => c.test(f.concept.split(':')[1] ?? '') && !w.test(label))) {
      // A product's or segment's row in a revenue table ("Creative Cloud" under Digital Media) names
      // no measure: the concept's says it is revenue.
      const measure = SHORT_LABELS[f.concept] && r.members.length && !/revenue|sales/i.test(label) ? ` ${SHORT_LABELS[f.concept]}` : '';
      r.labels.push({ text: `${label}${measure}`, source: 'company' });
    }
    for (const std of [SHORT_LABELS[f.concept], standardLabel(f.concept)]) {
      if (std && std.length <= 100 && !isMember(std)) r.labels.push({ text: std, source: 'standard' });
    }
    r.labels = r.labels.map((l) => ({ ...l, text: inQuestion(l.text) }));
    // What a reader may take each label for: every label it is asked by, and its row's own label.
    r.readAs = [...r.labels.map((l) => l.text), ...(usable(label) ? [label] : [])];
    r.memberKey = memberNames.map(norm).sort().join('+');
  }
  return out;
}

const VERB = (label) => (/(?<![su])s$/i.test(label.split(' ').pop() ?? '') ? 'were' : 'was');
const possessive = (name) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** The question's text from a template chosen by the generator. */
function phrase(g, company, members, label, period, gold) {
  const m = members.length ? members.join(' ') : '';
  const withMembers = m && g.next() < 0.3 ? `${label} (${m})` : m ? `${m} ${label}` : label;
  const long = g.pick(period.long);
  const short = g.pick(period.short);
  const be = VERB(label);
  const instant = period.kind === 'instant';
  const templates = [
    () => `What ${be} ${possessive(company)} ${withMembers} ${instant ? long : `in ${long}`}?`,
    () => `${company} ${withMembers} ${short}`,
    () => `What ${be} ${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}?`,
    () => `${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}?`,
    () => `Tell me ${possessive(company)} ${withMembers} ${instant ? long : `for ${long}`}.`,
  ];
  if (gold.unit === 'million') {
    templates.push(instant ? () => `How much ${withMembers} did ${company} report ${long}?` : () => `How much ${withMembers} did ${company} report for ${long}?`);
  }
  const t = g.pick(templates)();
  // The period as written, for the integrity check.
  const periodText = t.includes(long) ? long : short;
  return { question: t.replace(/\s+/g, ' ').replace(/\?\?$/, '?'), periodText };
}

/**
 * The battery: per filing, up to `perFiling` questions spread over plain / dimensional (segment,
 * product, geography first), current / prior and duration / instant, at most two a concept, in a
 * seeded order; question texts unique over the battery (a text asked of two filings of the same
 * company with two different golds is dropped). Returns the questions and what was dropped.
 */
export function generateXbrlQuestions(filings, { seed = 'xbrl-1', perFiling = 60 } = {}) {
  const questions = [];
  const stats = { byFiling: {}, skipped: {}, ambiguous: 0, ambiguousExamples: [], crossFiling: 0 };
  // Readings of every label for a period and members, over all of a company's filings.
  const read = filings.map((f) => ({ filing: f, facts: readFacts(f) }));
  // A label that names a balance (an instant) and a flow (a duration: "Inventories" in the cash flow
  // statement) reads as the balance: it is not used for either.
  const readings = new Map();
  const kinds = new Map();
  for (const { filing, facts } of read) {
    for (const r of facts) {
      if (r.fact.value === null || !r.period) continue;
      for (const text of new Set(r.readAs.map(norm))) {
        const k = `${filing.spec.ticker}|${text}|${r.period.key}|${r.memberKey}`;
        (readings.get(k) ?? readings.set(k, []).get(k)).push(r.fact);
        const kk = `${filing.spec.ticker}|${text}|${r.memberKey}`;
        (kinds.get(kk) ?? kinds.set(kk, new Set()).get(kk)).add(r.period.kind);
      }
    }
  }
  const ambiguous = (ticker, r, l) => {
    if ((kinds.get(`${ticker}|${norm(l.text)}|${r.memberKey}`)?.size ?? 0) > 1) return true;
    const facts = readings.get(`${ticker}|${norm(l.text)}|${r.period.key}|${r.memberKey}`) ?? [];
    return facts.some((g) => !sameValue(g, r.fact));
  };
  for (const { filing, facts } of read) {
    const { spec, prepared } = filing;
    const g = rng(`${seed}|${filing.name}`);
    const st = (stats.byFiling[filing.name] = { facts: prepared.facts.length, inTables: facts.length, candidates: 0, ambiguous: 0, selected: 0 });
    const candidates = [];
    for (const r of facts) {
      if (r.skip) {
        stats.skipped[r.skip] = (stats.skipped[r.skip] ?? 0) + 1;
        continue;
      }
      if (!r.labels.length) {
        stats.skipped['no label'] = (stats.skipped['no label'] ?? 0) + 1;
        continue;
      }
      const labels = r.labels.filter((l) => !ambiguous(spec.ticker, r, l));
      if (!labels.length) {
        st.ambiguous++;
        stats.ambiguous++;
        if (stats.ambiguousExamples.length < 12 && g.next() < 0.2) stats.ambiguousExamples.push(`${filing.name}: "${r.labels[0]?.text}" ${r.period.long[0]} ${r.members.map((m) => m.name).join(' ')} (${r.fact.concept})`);
        continue;
      }
      st.candidates++;
      candidates.push({ ...r, usable: labels });
    }
    // Strata, each in a seeded order with a concept's first fact before its second.
    const current = (r) => r.fact.end === prepared.meta.period_of_report;
    const strata = new Map();
    for (const r of g.shuffle(candidates)) {
      const dim = r.dimKind;
      const k = `${dim}|${current(r) ? 'current' : 'prior'}|${r.period.kind}`;
      (strata.get(k) ?? strata.set(k, []).get(k)).push(r);
    }
    const order = ['plain', 'segment', 'product', 'plain', 'geography', 'other'].flatMap((d) => ['current|duration', 'prior|duration', 'current|instant', 'prior|instant'].map((p) => `${d}|${p}`));
    // At most two questions a concept and members (a segment table's rows are asked by segment).
    const perConcept = new Map();
    const conceptKey = (r) => `${r.fact.concept}|${r.memberKey}`;
    const picked = [];
    const texts = new Set();
    for (let round = 0; picked.length < perFiling && round < 50; round++) {
      let progressed = false;
      for (const k of order) {
        const list = strata.get(k);
        if (!list?.length || picked.length >= perFiling) continue;
        // The next fact of the stratum whose concept has been asked least (at most twice).
        let best = -1;
        for (let i = 0; i < list.length; i++) {
          const n = perConcept.get(conceptKey(list[i])) ?? 0;
          if (n < 2 && (best < 0 || n < (perConcept.get(conceptKey(list[best])) ?? 0))) best = i;
          if (n === 0) break;
        }
        if (best < 0) {
          list.length = 0;
          continue;
        }
        const [r] = list.splice(best, 1);
        const label = g.next() < 0.7 ? r.usable[0] : g.pick(r.usable);
        const members = r.members.map((m) => m.name);
        const { question, periodText } = phrase(g, spec.company, members, label.text, r.period, r.gold);
        if (texts.has(question.toLowerCase())) continue;
        texts.add(question.toLowerCase());
        perConcept.set(conceptKey(r), (perConcept.get(conceptKey(r)) ?? 0) + 1);
        progressed = true;
        picked.push({
          id: `${spec.ticker}-${prepared.meta.sec_form_type}-${prepared.meta.sec_fiscal_year.slice(3)}-${String(picked.length + 1).padStart(3, '0')}`,
          question,
          ticker: spec.ticker,
          company: spec.company,
          filing: filing.name,
          accession: prepared.meta.accession,
          kind: r.dimKind === 'plain' ? 'plain' : 'dimensional',
          dimKind: r.dimKind,
          timing: current(r) ? 'current' : 'prior',
          periodKind: r.period.kind,
          periodText,
          label: label.text,
          labelSource: label.source,
          members,
          fact: { concept: r.fact.concept, value: r.fact.value, unit: r.fact.unit, decimals: r.fact.decimals, start: r.fact.start ?? null, end: r.fact.end, instant: r.fact.instant, dimensions: r.fact.dimensions, table: r.fact.table, row: r.fact.row, column: r.fact.column },
          shown: r.cell.text,
          expect: r.gold,
        });
      }
      if (!progressed) break;
    }
    st.selected = picked.length;
    questions.push(...picked);
  }
  // One text, one gold: a text two filings ask with different golds is dropped from both.
  const byText = new Map();
  for (const q of questions) (byText.get(q.question.toLowerCase()) ?? byText.set(q.question.toLowerCase(), []).get(q.question.toLowerCase())).push(q);
  const out = [];
  for (const qs of byText.values()) {
    const [first] = qs;
    if (qs.every((q) => Math.abs(q.expect.figure - first.expect.figure) <= first.expect.tolerance * Math.abs(first.expect.figure))) out.push(first);
    else stats.crossFiling += qs.length;
    stats.duplicateTexts = (stats.duplicateTexts ?? 0) + qs.length - 1;
  }
  const keep = new Set(out);
  return { questions: questions.filter((q) => keep.has(q)), stats };
}

/** `n` questions spread over the filings and, within a filing, over plain / dimensional, current /
 * prior and duration / instant (round robin at both levels, in the battery's order). */
export function spread(questions, n) {
  const group = (qs, key) => {
    const m = new Map();
    for (const q of qs) (m.get(key(q)) ?? m.set(key(q), []).get(key(q))).push(q);
    return [...m.values()];
  };
  const interleave = (lists) => {
    const out = [];
    for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
    return out;
  };
  // Each filing starts at another period stratum, so that a short sample has them all.
  const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);
  const lists = group(questions, (q) => q.filing).map((qs, fi) =>
    interleave(group(qs, (q) => q.kind).map((k, ki) => interleave(rotate(group(k, (q) => `${q.timing}|${q.periodKind}`), fi + 2 * ki)))),
  );
  const out = [];
  for (let i = 0; out.length < n && lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length && out.length < n) out.push(l[i]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running and tallying

/** Asks each question as bench/lib/battery.js runBattery does (research mode, 10 chains, extractive answer). */
export async function runXbrlBattery(backend, questions) {
  const results = [];
  for (const q of questions) {
    const r = await backend.query({ query: q.question, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
    const answer = r.answer?.text ?? '';
    results.push({ q, answer, verdict: verdict(answer, q.expect) });
  }
  return results;
}

const empty = () => ({ n: 0, right: 0, wrong: 0, abstained: 0 });

/** Right, wrong and abstained overall, plain vs dimensional, current vs prior, by period kind,
 * by dimension kind, by unit and by filing. */
export function tallyXbrl(results) {
  const t = { overall: empty(), kind: {}, timing: {}, periodKind: {}, dimKind: {}, unit: {}, filing: {} };
  for (const { q, verdict: v } of results) {
    for (const c of [t.overall, (t.kind[q.kind] ??= empty()), (t.timing[q.timing] ??= empty()), (t.periodKind[q.periodKind] ??= empty()), (t.dimKind[q.dimKind] ??= empty()), (t.unit[q.expect.unit] ??= empty()), (t.filing[q.filing] ??= empty())]) {
      c.n++;
      c[v]++;
    }
  }
  return t;
}

const pct = (x, n) => (n ? `${((100 * x) / n).toFixed(0).padStart(3)}%` : '   -');
const line = (name, c) => `  ${name.padEnd(20)} n=${String(c.n).padStart(4)}  right ${String(c.right).padStart(4)} (${pct(c.right, c.n)})  wrong ${String(c.wrong).padStart(4)} (${pct(c.wrong, c.n)})  abstained ${String(c.abstained).padStart(4)} (${pct(c.abstained, c.n)})`;

export function formatXbrlTally(t) {
  const block = (title, obj, order) => [title, ...(order ?? Object.keys(obj).sort()).filter((k) => obj[k]).map((k) => line(k, obj[k]))];
  return [
    line('overall', t.overall).trimStart(),
    ...block('by kind', t.kind, ['plain', 'dimensional']),
    ...block('by period', t.timing, ['current', 'prior']),
    ...block('by period kind', t.periodKind, ['duration', 'instant']),
    ...block('by dimension', t.dimKind, ['plain', 'segment', 'product', 'geography', 'other']),
    ...block('by unit', t.unit),
    ...block('by filing', t.filing),
  ].join('\n');
}

const goldText = (e) => `${e.figure} ${e.unit}`;

/** One line a question: verdict, id, gold, question, and the answer's first line. */
export function formatXbrlResults(results) {
  return results.map(({ q, answer, verdict: v }) => `${v.padEnd(9)} ${q.id.padEnd(18)} gold=${goldText(q.expect).padEnd(24)} ${q.question}\n${' '.repeat(29)}| ${answer.replace(/\s+/g, ' ').slice(0, 200)}`).join('\n');
}

/** Counts of the generated battery: per filing, kind, period and dimension kind. */
export function describeBattery(questions, stats) {
  const count = (f) => questions.reduce((m, q) => ((m[f(q)] = (m[f(q)] ?? 0) + 1), m), {});
  const fmt = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
  const skipped = Object.entries(stats.skipped).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `${questions.length} questions: ${fmt(count((q) => q.kind))}; ${fmt(count((q) => q.timing))}; ${fmt(count((q) => q.periodKind))}; ${fmt(count((q) => q.dimKind))}; labels ${fmt(count((q) => q.labelSource))}`,
    `per filing: ${Object.entries(stats.byFiling).map(([k, s]) => `${k} ${s.selected}/${s.candidates}`).join(', ')} (asked / askable facts)`,
    `dropped: ${stats.ambiguous} facts whose every label is ambiguous (another value for the same label, period and members), ${stats.crossFiling} questions asked of two filings with different golds; facts not asked: ${skipped}`,
  ].join('\n');
}
