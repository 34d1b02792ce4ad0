// The XBRL battery's names: labels as a reader sees them, members' names, and periods phrased by the
// company's fiscal calendar.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS, repoRoot } from './filings.js';

const taxonomy = JSON.parse(readFileSync(join(repoRoot, 'src', 'engine', 'lexicon', 'us-gaap-labels.json'), 'utf8'));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINAL = ['', 'first', 'second', 'third', 'fourth'];
/** Members whose words do not read as a name. */
const MEMBER_NAMES = { 'us-gaap:NonUsMember': 'non-U.S.', 'us-gaap:ServiceOtherMember': 'services and other' };
/** Other names a member goes by in row labels. */
export const ALIASES = { 'country:US': ['United States', 'US'], 'us-gaap:NonUsMember': ['Non-U.S.', 'International'] };
const COUNTRIES = {
  US: 'U.S.',
  CN: 'China',
  TW: 'Taiwan',
  IL: 'Israel',
  DE: 'Germany',
  GB: 'United Kingdom',
  JP: 'Japan',
  IE: 'Ireland',
  CA: 'Canada',
  MX: 'Mexico',
  IN: 'India',
  CH: 'Switzerland',
  NL: 'Netherlands',
  FR: 'France',
  KR: 'South Korea',
  SG: 'Singapore',
  BR: 'Brazil',
  CL: 'Chile',
};

/** Axes whose members an analyst does not ask by (ranges, the equity statement's columns). */
export const SKIP_AXIS =
  /:(?:RangeAxis|StatementEquityComponentsAxis|RestatementAxis|ScenarioAxis|StatementScenarioAxis|RetainedEarningsAccumulatedDeficitAxis)$/;
/** Members a question does not name: the consolidation items of a segment table (operating
 * segments, reconciling items, corporate), and recurring fair-value measurement. A fact whose only
 * members these are reads as a plain one, and its label's readings are checked against the plain
 * facts'. */
export const IMPLICIT_AXIS = /:ConsolidationItemsAxis$/;
export const IMPLICIT = new Set(['us-gaap:FairValueMeasurementsRecurringMember']);
/** Standard labels too long to ask by, and the name analysts use instead. */
export const SHORT_LABELS = {
  'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax': 'revenue',
  'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax': 'revenue',
  'us-gaap:Revenues': 'revenue',
};
export const DIM_KIND = [
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
export const norm = (s) =>
  s
    .toLowerCase()
    .replace(/&|\band\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w))
    .join('');
export const sameName = (a, b) => {
  const x = norm(a);
  const y = norm(b);
  return x.length > 0 && (x === y || x === `${y}s` || `${x}s` === y);
};
/** A label that names the member rather than the measure: its name, a part of it ("North America"
 * of "North America segment", "Total Americas" of "Americas") or its initials ("AWS"). */
export function namesMember(label, member) {
  if (sameName(label, member)) return true;
  const x = norm(label);
  const y = norm(member);
  if (x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x))) return true;
  if (y.length >= 2 && x.startsWith(y) && x.length > y.length) return true;
  const initials = member
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('');
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
export const QUALIFIER =
  /^(?:total|basic|diluted|u\.?s\.?|non-u\.?s\.?|united states|domestic|foreign|federal|state(?: and local)?|international|u\.s\. federal|u\.s\. state and local|current|deferred|non-?current)$/i;
/** Row labels that name nothing by themselves. */
export const GENERIC =
  /^(?:total|worldwide|basic|diluted|net|other|gross|current|non-?current|long-term|short-term|domestic|foreign|federal|state|international|amount|value|fair value|cost|beginning balances?|ending balances?|balances?(?:,)? (?:at )?(?:beginning|end) of (?:the )?(?:year|period)|balances?|subtotal|\d+)$/i;
/** Rows of a roll-forward or a deduction, meaningless without their table ("Additions", "Less
 * short-term portion"). */
export const ROLLFORWARD =
  /^(?:less|add|plus)\b|^(?:additions?|deductions?|reductions?|write-offs?|settlements?|payments?|charges?|adjustments?|transfers?|acquisitions?|divestitures?|utilization|accruals?|reversals?|increases?|decreases?|other changes|other adjustments|other, net|beginning of (?:the )?(?:year|period)|end of (?:the )?(?:year|period))$/i;
/**
 * Concepts of a note's table whose rows the company labels by the table's context ("Goodwill and
 * intangibles" among deferred tax liabilities, "Endorsement compensation" among purchase
 * obligations): a company label lacking the context's word misleads, and the standard label is asked.
 */
export const CONTEXT = [
  [/Tax/, /tax/i],
  [/Lease|Lessee/, /lease/i],
  [/DefinedBenefit|Pension|Postretirement/, /pension|benefit|retire|plan/i],
  [/FairValue/, /fair value/i],
  [/ShareBased|StockOption|RestrictedStock/, /share|stock|rsu|option|award|unit|equity/i],
  [/Derivative|Hedg/, /derivative|hedg|contract|swap|forward|option/i],
  [/AvailableForSale|HeldToMaturity|DebtSecurities/, /securit|investment|debt/i],
  [/Obligation|Commitment/, /obligation|commitment|contract|payment|purchase/i],
];
export const DATE_WORDS = new RegExp(
  `\\b(?:${MONTHS.join('|')})\\b|\\b(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?\\s+\\d|\\b(?:19|20)\\d\\d\\b`,
  'i',
);

/** The concept's standard label (the lexicon's US-GAAP label), else its local name in words. */
export function standardLabel(concept) {
  const std = taxonomy[concept]?.label;
  if (std) return lowerWords(std.replace(/\s+/g, ' '));
  // A trailing digit tells a concept from an older one of the same name ("SalesRevenueServicesNet1").
  return lowerWords(splitCamel((concept.split(':')[1] ?? concept).replace(/(?<=[a-z])\d$/, '')));
}

/** A label as it reads inside a question: its first word lower-cased, unless an acronym, a brand or
 * the start of a proper name ("North America", "Data Center"). */
export function inQuestion(label) {
  const [first, second, ...rest] = label.split(' ');
  if (!first) return label;
  const capitalized = /^[A-Z][a-z]+[,:]?$/.test(first);
  const name = second !== undefined && /^[A-Z]/.test(second) && !/^(?:and|or|of|the)$/i.test(second);
  const lower = capitalized && !name ? first.toLowerCase() : first;
  return [lower, ...(second === undefined ? [] : [second]), ...rest].join(' ');
}

/** A member's name: the filing's own spelling where a row, group or column prints it, else its words. */
export function memberName(member, printed) {
  const [prefix, local = ''] = member.split(':');
  if (prefix === 'country') return COUNTRIES[local] ?? null;
  if (printed.has(member)) return printed.get(member);
  if (MEMBER_NAMES[member]) return MEMBER_NAMES[member];
  const level = /^FairValueInputsLevel(\d)Member$/.exec(local);
  if (level) return `Level ${level[1]}`;
  // Debt issues named by run-together coupons and years ("Notes3252025") do not read as names.
  if (/\d{5,}/.test(local)) return null;
  const words = splitCamel(local.replace(/Member$/, ''));
  return words
    .replace(/\bSegment\b/g, 'segment')
    .replace(/\bAnd\b/g, 'and')
    .replace(/\bOf\b/g, 'of')
    .replace(/\bThe\b/g, 'the');
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
    return {
      kind: 'duration',
      months,
      key,
      long: [`fiscal ${fy}`, `fiscal year ${fy}`, `the fiscal year ended ${date}`, `FY${fy}`],
      short: [`FY${fy}`, `fiscal ${fy}`],
    };
  }
  const q = quarterOf(end, fye);
  if (!q) return null;
  if (months === 3) {
    return {
      kind: 'duration',
      months,
      key,
      long: [
        `the three months ended ${date}`,
        `the ${ORDINAL[q]} quarter of fiscal ${fy}`,
        `the quarter ended ${date}`,
        `Q${q} of fiscal ${fy}`,
      ],
      short: [`Q${q} FY${fy}`, `Q${q} fiscal ${fy}`],
    };
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
