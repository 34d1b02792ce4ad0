// What a row counts, read from the row before the table: a count of things (members, gallons, stores,
// connections, accounts ...) is a count whatever currency the table's unit line states or implies. The
// row says so by its label ("Wireless retail connections", "Cards-in-force (millions)", "Number of
// stores"), by the heading it sits under ("Connections ('000):", "Medical membership:") or by a unit line
// that names the thing counted ("(Gallons in millions)"); a currency sign in the row's own cells says money.
import type { Scale, TableModel, TableUnit } from './model.js';

/** A row that counts things: the noun counted when the unit line names it ("gallons"), and its scale. */
export interface RowCount {
  /** The thing counted as the unit line names it ("gallons"); absent when the label names it. */
  noun?: string;
  scale: Scale;
}

// Things a filing counts. A label whose head is one of them counts it ("Total stores (end of year)").
// Some are never the name of an amount; others also name a channel or a kind of business whose
// revenue a money table prints ("Physical stores", "Direct customers", "Licensed stores").
const ONLY_COUNTED =
  'members|membership|memberships|employees|associates|headcount|subscribers|connections|cardmembers|cards-in-force|' +
  'passengers|visitors|patients|lives|advisors|gallons|barrels|tons|persons|people';
const ALSO_CHANNELS =
  'stores|restaurants|clubs|warehouses|locations|customers|accounts|subscriptions|lines|households|cards|homes|lots|vehicles|' +
  'aircraft|beds|policies|rigs|wells|units';
const THINGS = `${ONLY_COUNTED}|${ALSO_CHANNELS}`;
const COUNTED_HEAD = new RegExp(String.raw`\b(?:${ONLY_COUNTED})(?:\s+(?:additions|adds|net adds|openings|closings|opened|closed))?$`, 'i');
const THING = new RegExp(String.raw`\b(?:${THINGS})\b`, 'i');
// One of them, as "per account" names it.
const ONE_THING = new RegExp(String.raw`\b(?:${THINGS.replace(/s\|/g, '|')})s?\b`, 'i');
// A count's changes are counts too ("Net global streaming membership additions").
const HEAD = new RegExp(String.raw`\b(?:${THINGS})(?:\s+(?:additions|adds|net adds|openings|closings|opened|closed))?$`, 'i');
// What names money (or a rate, or a share-based award) however a count's noun is in it.
const MONEY_WORDS = [
  'revenues?|sales|costs?|expenses?|income|loss(?:es)?|gains?|liabilit(?:y|ies)|reserves?|receivables?|payables?|assets?',
  'fees?|amounts?|values?|prices?|cash|payments?|balances?|deposits?|loans?|funds|premiums?|claims|spending|billings',
  'stock|shares?|vested|accrued|allowance|provision|rate|ratio|percent(?:age)?|average|yield',
].join('|');
const MONEY = new RegExp(String.raw`\$|%|\bper\b|\b(?:${MONEY_WORDS})\b`, 'i');
// A row heading or unit line that names a count: "Number of stores:", "Connections ('000):".
const NUMBER_OF = /^\s*(?:total\s+)?number of\b/i;
const SCALE_MARK: [RegExp, Scale][] = [
  [/\((?:in\s+)?billions?\)/i, 1e9],
  [/\((?:in\s+)?millions?\)|\bin millions\b/i, 1e6],
  [/\((?:in\s+)?thousands?\)|\(\s*['‘’]?000s?['‘’]?\s*\)|\bin thousands\b/i, 1e3],
];
// A unit line that names the thing counted before its scale: "(Gallons in millions)", "Barrels in thousands".
const UNIT_THING = new RegExp(String.raw`^\W*(${THINGS}|mmcf|bcf|mwh|gwh|mcf|boe)\b[^$]*?\bin\s+(?:thousands|millions|billions)\b`, 'i');

// A measure of volume, energy, weight or space a label names ("Gross pipeline transportation volumes -
// MMcf", "Retail square feet at period end", "Soybean Meal Tons").
const MEASURE_UNIT =
  /\b(mmcf|bcf|mcf|mwh|gwh|kwh|mmbtu|mboe|mmboe|boe|bbls?|barrels|gallons|metric tons|tons|tonnes|(?<!british\s|sterling\s)pounds|ounces|square feet)\b/i;
// A unit line whose scale is not the measures' ("(In thousands, unless otherwise noted)").
const OTHERWISE = /\bunless otherwise (?:noted|indicated|stated)\b/i;

/** A label or heading as its words: parentheticals ("(millions)", "(1)"), a trailing colon and a time
 * phrase ("at end of year", "during period") set aside. */
function head(text: string): string {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[:,]\s*$/, '')
    .replace(/\s+(?:at|as of|during|in|for|end of|at the end of)\b.*$/i, '')
    .replace(/\s*-\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The scale a label or heading prints for itself ("Cards-in-force (millions)", "Connections ('000)"). */
function ownScale(text: string): Scale | undefined {
  for (const [re, s] of SCALE_MARK) if (re.test(text)) return s;
  return undefined;
}

/** Whether a label or heading names a count: "Number of stores", or a count's noun at its head with no
 * word of money ("Wireless retail connections", not "Accounts payable" or "Membership Rewards liability"). */
export function namesCount(text: string): boolean {
  if (MONEY.test(text)) return false;
  const h = head(text);
  return NUMBER_OF.test(h) ? true : THING.test(h) && HEAD.test(h);
}

/** The scale a count is printed at: its label's or heading's own, else the table's when the unit line
 * names no currency ("In thousands", "(Gallons in millions)"), none when the line excepts counts ("in
 * millions, except store counts"); undefined when a money table's scale may or may not apply to it. */
function countScale(unit: TableUnit | null, ...texts: (string | null)[]): Scale | undefined {
  for (const t of texts) {
    const s = t ? ownScale(t) : undefined;
    if (s) return s;
  }
  if (!unit) return 1;
  if (
    /\bexcept\b.*\b(?:counts?|number of|employees|stores?|units|members|customers|operating (?:data|statistics)|statistical data)\b/i.test(
      unit.text,
    )
  )
    return 1;
  return /\$|\bdollars?\b|\busd\b/i.test(unit.text) ? undefined : unit.scale;
}

/**
 * Whether row `i` of `m` counts things, and at what scale; 'unscaled' when it counts in a money table
 * that does not say whether its scale applies; undefined when the row is money or says nothing of its
 * own. A cell printed with "$" is money whatever the label says.
 */
export function rowCount(m: TableModel, i: number): RowCount | 'unscaled' | undefined {
  const row = m.rows[i];
  if (!row) return undefined;
  if (row.cells.some((c) => c && /[$\u20ac\u00a3\u00a5]/.test(c.text))) return undefined;
  // Things per thing ("Wireless retail postpaid connections per account") is a plain ratio.
  const per = /^(.*)\bper\b(.*)$/i.exec(row.label);
  if (per && THING.test(per[1]!) && ONE_THING.test(per[2]!) && !MONEY.test(`${per[1]} ${per[2]}`)) return { scale: 1 };
  if (MONEY.test(row.label)) return undefined;
  const measured = MEASURE_UNIT.exec(row.label);
  if (measured) {
    const unit = m.unit && !OTHERWISE.test(m.unit.text) ? m.unit : null;
    const scale = ownScale(row.label) ?? (unit && /\$|\bdollars?\b|\busd\b/i.test(unit.text) ? undefined : (unit?.scale ?? 1));
    return scale === undefined ? 'unscaled' : { noun: measured[1]!.toLowerCase(), scale };
  }
  const named = UNIT_THING.exec(m.unit?.text ?? '');
  const byGroup = row.group !== null && namesCount(row.group);
  // A channel's name in a table that prints money ("Physical stores $ 18,963") is the channel's amount
  // unless the label says it counts ("Number of stores", "Stores (in thousands)").
  const label = head(row.label);
  const said = COUNTED_HEAD.test(label) || NUMBER_OF.test(label) || ownScale(row.label) !== undefined;
  const money = m.rows.some((r) => r.cells.some((c) => c && /\$/.test(c.text)));
  if ((namesCount(row.label) && (said || !money)) || byGroup) {
    const scale = named ? m.unit!.scale : countScale(m.unit, row.label, row.group);
    return scale === undefined ? 'unscaled' : { scale };
  }
  if (named) return { noun: named[1]!.toLowerCase(), scale: m.unit!.scale };
  if (exceptedBlock(m, i)) return { scale: 1 };
  return undefined;
}

/** Whether row `i` is in a block whose heading the unit line excepts from its amounts ("(in thousands,
 * except per share data, same store sales and selected operating data)" over a block headed "Selected
 * Operating Data": AutoZone's "AutoZone domestic commercial programs", 5,682, is no $5.7 million). */
function exceptedBlock(m: TableModel, i: number): boolean {
  const except = /\(([^)]*\bexcept\b[^)]*)\)/i.exec(m.unit?.text ?? '')?.[1]?.replace(/^.*?\bexcept\b/i, '');
  if (!except) return false;
  // The block's heading: the first heading above in title case (a row that lost its values, "Relocated
  // stores", is no heading of a block).
  let k = i - 1;
  const title = (l: string) => /^(?:[A-Z][\w'’&-]*)(?:\s+(?:[A-Z][\w'’&-]*|and|of|&))*$/.test(l.trim());
  while (k >= 0 && !(m.rows[k]!.kind === 'header' && m.rows[k]!.cells.every((c) => !c || c.value === null) && title(m.rows[k]!.label))) k--;
  if (k < 0) return false;
  const words = (t: string) => t.toLowerCase().match(/[a-z]+/g) ?? [];
  const said = new Set(words(except));
  const heading = words(m.rows[k]!.label);
  // (A block of data, statistics or metrics: "Average Life" or "Non-GAAP Adjustments" is no block the
  // line excepts.)
  return heading.length >= 2 && /^(?:data|statistics|information|metrics)$/.test(heading.at(-1)!) && heading.every((w) => said.has(w));
}

// A label that reads as a rate or a share, not an amount.
const RATE_LABEL =
  /%|\bpercent(?:age)?s?\b|\brates?\b|\bmargins?\b|\bratios?\b|\byields?\b|\bgrowth\b|\bshare of\b|\bdifferential\b|\bmix\b/i;

/** Whether a label reads as a rate ("Effective tax rate", "Gross margin %"): a table's "except
 * percentages" clause applies to such rows only, never to an amount's ("Automotive" is no percent). */
export const readsAsRate = (label: string): boolean => RATE_LABEL.test(label);

// The ends of a rate's chain ("U.S. federal statutory rate" ... "Effective income tax rate"), and rows
// between that are no rate whatever the column (a total of amounts, an option's expected life in years).
const CHAIN_END = /\brates?\b|\bpercent(?:age)?\b/i;
const CHAIN_NOT = /%|\btotal\b|\byears?\b|\blife\b|\bterm\b/i;

/**
 * Whether the cell of row `i`, column `j` is a percentage: printed with "%", or in a column whose first
 * and last values are printed as rates with "%" and whose rows between print none (a tax-rate
 * reconciliation prints "%" on the statutory and the effective rate only).
 */
export function cellPercent(m: TableModel, i: number, j: number): boolean {
  const cell = m.rows[i]?.cells[j];
  if (!cell || cell.value === null) return false;
  if (cell.percent) return true;
  if (/\$/.test(cell.text)) return false;
  const valued = m.rows.map((r, k) => ({ r, k })).filter(({ r }) => r.aligned && r.cells[j] && r.cells[j]!.value !== null);
  if (valued.length < 3) return false;
  const first = valued[0]!;
  const last = valued[valued.length - 1]!;
  if (first.k >= i || last.k <= i) return false;
  const rate = (x: { r: TableModel['rows'][number] }) => x.r.cells[j]!.percent === true && CHAIN_END.test(x.r.label);
  if (!rate(first) || CHAIN_NOT.test(m.rows[i]!.label)) return false;
  if (rate(last) && valued.every((x) => !/\$/.test(x.r.cells[j]!.text))) return true;
  // A table its caption says reconciles a tax rate, which the text ran into the next one (Disney's into
  // its valuation allowance "(in billions)"): the rows from its first rate to one printing "$" are rates.
  return RATE_RECONCILIATION.test(m.caption) && valued.every((x) => x.k > i || !/\$/.test(x.r.cells[j]!.text));
}

// A caption of a tax rate's reconciliation ("Reconciliation of the effective income tax rate for continuing
// operations to the federal rate", "... the statutory federal income tax rate to the effective tax rate").
const RATE_RECONCILIATION =
  /\b(?:statutory|effective|federal)\b[^/]*\btax rates?\b|\btax rates?\b[^/]*\b(?:statutory|effective|federal)\b/i;
