// Whether a table row reads as what a measure asks: the row's label (with its group, the table's
// caption and heading path) must name every word the question narrowed the measure by, and be about the
// measure itself: the lexicon's line item, or the label words when it is not one. A row that names more
// than was asked ("Credit card" under "Provision for credit losses") is another, narrower figure.
import { LINE_ITEM } from '../../lexicon/line-items.js';
import { cleanLabel, labelScore, matchLexicon } from '../../lexicon/match.js';
import { sameStems } from '../../lexicon/same-words.js';
import type { TableModel } from '../../tables/model.js';
import { undatedLabel } from '../../tables/dated-labels.js';
import { stem, words } from '../../text/words.js';
import { ANSWER_TUNING as T } from '../tuning.js';
import { ofOtherParts } from './other-parts.js';
import {
  cleaned,
  closes,
  GENERIC,
  initialsOf,
  labelStems,
  placeStems,
  printedWords,
  saidTogether,
  shortPlaces,
  withoutStandards,
  unhyphen,
} from './label-words.js';
import { headNamesItem, namesItem, narrowedBefore, narrowedIn, ofPropertyAtCost } from './item-names.js';
import type { Asked } from './asked.js';

// Words of a caption that say no subject of its table: "segment", a change column, a column's
// denominator ("% Net / Sales" over Cooper's R&D expense by segment is no table of net sales).
const NOT_ABOUT = /\bsegments?\b|%\s*change\b|%\s*(?:of\s+)?(?:total\s+)?(?:net\s*(?:\/\s*)?)?(?:sales|revenues?)\b/gi;

const same = sameStems;

/** Where the row names a word: its label, its group, its table's caption, or its headings. */
type Place = 'label' | 'group' | 'caption' | 'heading';

export interface RowReading {
  /** The label as it reads in its table ("Total" under "Net sales" reads "Total Net sales"). */
  label: string;
  /** Label words the question did not ask for: the row is narrower than asked by that many. */
  extras: number;
  /** The label names the measure word for word (no qualifier found only in the caption). */
  exact: boolean;
  /** How closely the row itself names the qualifiers: 1 in its label or group, less in the caption
   * or headings only (a consolidated table under a segment's heading is not the segment's). */
  placement: number;
}

const PORTION = new Set(['current', 'noncurr', 'non-current', 'long-term', 'short-term']);
const WHOLE = /^(?:total company|company total|total consolidated|consolidated)\b/i;
const BASIS = new Set(['compar', 'organ', 'adjust', 'core', 'underli', 'constant', 'non-gaap', 'same-stor', 'pro', 'forma']);
// A group header of presentation words only ("Total") says nothing of its rows.
// (Nor does a group of years, "2022-2021", a change column's header read as a row.)
const SOFT_GROUP = /^(?:total|consolidated|amount|amounts)\s*:?$|^[\d\s\-–/%]+$/i;
const CHANGE_WORDS = /^(?:chang|increas|decreas)/;
const OTHER_QUANTITY = /\bdeferred tax(?:es)?\b|\bintersegment\b|\binter-segment\b/i;
const CHANGES = /^(?:net )?changes? in\b|^\(?increase\)? ?\/? ?decrease\b|^\(?decrease\)? ?\/? ?increase\b/i;

// A roll-forward's closing row: "Balance at end of year", "Ending balance".
const CLOSING_LABEL = [
  'balance(?:,)? (?:at|as of) (?:the )?end of (?:the )?(?:fiscal )?(?:year|period)|(?:ending|closing) balance',
  'balance(?:,)? end of (?:the )?(?:fiscal )?(?:year|period)',
].join('|');
const CLOSING = new RegExp(String.raw`^(?:${CLOSING_LABEL})\b`, 'i');
// A balance row that states its date: "Balance as of March 31, 2023" read without it.
const DATED_BALANCE = /^(?:(?:ending |closing )?balances?|carrying amount)$/i;

/** The one qualifier is the initials of the printed label ("FLNA"). */
function initialed(a: Asked, label: string): boolean {
  return a.quals.length === 1 && initialsOf(label) === a.quals[0];
}

/** How the row reads against what was asked, or undefined when it is not that figure. */
export function readRow(a: Asked, m: TableModel, i: number, intro?: string, partColumn = false): RowReading | undefined {
  const row = m.rows[i];
  if (!row) return undefined;
  // (A roll-forward's balance row reads without its date: "Goodwill as of October 31, 2023".)
  const label = cleaned(row.period ? undatedLabel(row.label) : row.label);
  if (!label || /\bdiscontinued\b/i.test(`${row.group ?? ''} ${label}`)) return undefined;
  // A row under "Changes in operating assets and liabilities" is the change in its item, not the item;
  // one under "Intersegment sales" or in a deferred tax table another quantity of the item's words.
  if (CHANGES.test(row.group ?? '') && !a.measure.words.some((w) => /^(?:change|changes|increase|decrease|increases|decreases)$/i.test(w)))
    return undefined;
  const context = `${row.group ?? ''} / ${m.caption} / ${label}`;
  const other = OTHER_QUANTITY.exec(context);
  if (other && !new RegExp(`\\b${other[0].split(/\s+/)[0]}`, 'i').test(a.measure.words.join(' '))) return undefined;
  // (A part of a line item by its place's short name: "United Kingdom (U.K.)" is the "U.K." asked.)
  const short = a.item ? (t: string) => shortPlaces(withoutStandards(t)) : withoutStandards;
  const own = labelStems(short(label));
  const group = placeStems(short(row.group ?? ''));
  const caption = placeStems(short(intro ? `${m.caption} ${intro}` : m.caption));
  // (A heading that leads into a list, "Additional key performance indicators at MGM China are:", names
  // no part of the tables after it; a title does.)
  const heading = m.headingPath
    .slice(-2)
    .filter((h) => !/:\s*$/.test(h))
    .flatMap((h) => placeStems(short(h)));
  const placeOf = (w: string): Place | undefined => {
    const ws = same(w);
    if (ws.some((x) => own.includes(x))) return 'label';
    if (ws.some((x) => group.includes(x))) return 'group';
    if (ws.some((x) => caption.includes(x))) return 'caption';
    if (ws.some((x) => heading.includes(x))) return 'heading';
    return undefined;
  };
  // Every qualifier is named by the row, its group, its table's caption or headings (or, together,
  // by their initials in the label: "AWS").
  // (A part's own column names every qualifier, as a part's own row would: part-columns.ts.)
  let places = partColumn ? a.quals.map(() => 'label' as Place) : a.quals.map(placeOf);
  // (Initials are compared as printed: "AWS" stems to "aw".)
  const printed = printedWords(label);
  const initials = (w: string) => own.includes(w) || printed.includes(w);
  if (places.some((p) => !p) && a.acronyms.some(initials)) places = a.quals.map(() => 'label' as Place);
  // A qualifier written as the initials of the label's words ("FLNA" for "Frito-Lay North America").
  if (places.some((p) => !p) && /^[a-z]{2,6}$/.test(a.quals[0] ?? '') && initialed(a, label)) places = ['label'];
  if (places.some((p) => !p)) return undefined;
  // A primary statement is the whole company's: a part named only by its title or the headings above it
  // is not its ("operations" of "Consolidated Statements of Operations"); nor is a row that says it is
  // the whole ("Total Company operating income", a "Total" under a part's heading only).
  if ((m.statement || WHOLE.test(label)) && places.some((p) => p === 'heading' || p === 'caption')) return undefined;
  if (/^total\b/i.test(label) && a.quals.length > 0 && places.every((p) => p === 'heading') && ofOtherParts(m, i)) return undefined;
  // A basis ("comparable", "organic", "adjusted") changes the figure: the row itself must say it, not
  // only the caption of a table that also prints the reported figure.
  if (a.quals.some((q, k) => BASIS.has(q) && places[k] !== 'label' && places[k] !== 'group')) return undefined;
  const hinted =
    a.hints.length === 0 || a.hints.some((h) => own.includes(h) || group.includes(h) || caption.includes(h) || heading.includes(h));
  // A caption naming the part with its generic noun ("Walmart U.S. Segment") is that part's own table.
  const partTable =
    a.hints.length > 0 &&
    a.quals.length > 0 &&
    a.hints.some((h) =>
      a.quals.every((q) => caption.some((w, k) => w === q && caption.slice(k + 1, k + 1 + a.quals.length + 1).includes(h))),
    );
  const placement =
    Math.min(1, ...places.map((p) => T.rowMatch.place[p!])) * (hinted ? 1 : T.rowMatch.unhinted) * (partTable ? T.rowMatch.partTable : 1);
  let exact: boolean;
  if (a.item) {
    const def = LINE_ITEM.get(a.item)!;
    const unsaid = (t: string) => (a.said ? t.replace(a.said, ' ').replace(/\s+/g, ' ').trim() : t);
    const without = words(unsaid(label))
      .filter((w) => !a.quals.includes(stem(w)))
      .join(' ');
    const named = Math.max(
      labelScore(def, unsaid(label)),
      /^total /i.test(label) ? labelScore(def, unsaid(label).replace(/^total /i, '')) : 0,
      without ? labelScore(def, without) : 0,
    );
    // A part's own row in a table of the item: "iPhone" under the group "Net sales", or in a table
    // captioned "Net sales by category" (a group naming something else, "Expenses" or "Cost of
    // sales", is another item's).
    const partWords = own.every(
      (w) =>
        a.quals.includes(w) ||
        GENERIC.has(w) ||
        a.known.has(w) ||
        a.acronyms.includes(w) ||
        a.acronyms.some((x) => x.startsWith(w)) ||
        initialed(a, label),
    );
    // (A part's table may say "segment": the part asked is one.)
    // (A column header's "% Change" heads the change column, never says the table is of a change.)
    const about = [m.caption, intro ?? '', ...m.headingPath.slice(-2)].join(' / ').replace(NOT_ABOUT, ' ');
    // (Or the total its rows add up to names the item: "Industrial", "Automotive" ... "Total Revenue".)
    // (The total a few data rows below, nothing else between: the block's own.)
    const below = m.rows.slice(i + 1, i + 6);
    // (A row of the same group that lost its values, "Other" read as a header, is none.)
    const t = below.findIndex(
      (r) => r.kind !== 'data' && !(r.kind === 'header' && !!row.group && r.group === row.group && !/:$/.test(r.label)),
    );
    // Parts are no line items of their own ("Experiences", "Automotive"; not "Cash and cash equivalents").
    // (A row of each part's share, "Percentage of total revenue", is no part.)
    const parts = [row, ...below.slice(0, Math.max(0, t))]
      .filter((r) => !/^(?:percent(?:age)?|%) of\b/i.test(r.label))
      .every((r) => !matchLexicon(cleanLabel(r.label)).some((h) => h.kind === 'item'));
    const total = t >= 0 && parts && below[t]!.kind === 'total' && below[t]!.group === row.group ? below[t] : undefined;
    // (A part asked: its segments' total is the total of its parts, "Total business segment operating income".)
    const totalLabel =
      total && a.quals.length > 0 ? unsaid(total.label).replace(/\b(?:business )?segments?\b/gi, ' ') : unsaid(total?.label ?? '');
    // (The total of a narrower figure, "Total subscription revenue", is not the item's.)
    const totalName = cleanLabel(totalLabel).replace(/^total\s+/i, '');
    const narrower = labelStems(totalName).some((w) => !a.known.has(w) && !GENERIC.has(w));
    // (A part's own total names the part asked beside the item: "Total Domestic revenue".)
    const totalItem = words(totalName)
      .filter((w) => !a.quals.includes(stem(w)))
      .join(' ');
    const totalNamed = Math.max(labelScore(def, totalName), totalItem ? labelScore(def, totalItem) : 0);
    const ofTotal = !!total && !def.reject?.test(totalLabel) && totalNamed > 0 && !narrower;
    // A row its table adds up to another item's total ("Experiences" above "Total segment revenues") is
    // that item's part, not this one's.
    // (So is a row adding up to a narrower total of the item: "Digital Media" above "Total subscription revenue".)
    const another = () => matchLexicon(cleanLabel(total!.label)).some((h) => h.kind === 'item' && h.key !== def.key);
    if (total && !ofTotal && (!row.group || SOFT_GROUP.test(row.group)) && (narrower || another())) return undefined;
    const groupText = row.group ? unsaid(row.group) : null;
    const part =
      named === 0 &&
      own.length > 0 &&
      partWords &&
      (ofTotal ||
        (groupText && !SOFT_GROUP.test(groupText) && !closes(label, groupText)
          ? !def.reject?.test(groupText) && (labelScore(def, cleanLabel(groupText)) > 0 || headNamesItem(def, groupText))
          : namesItem(def, about) && !narrowedIn(def, m.caption, a)));
    // A part's row in a block under the part's heading, itself under a heading of the item ("Casino" under
    // "MGM China" under "Net revenue"): the row's path names the item above its group, and the label and
    // the group say the parts asked and nothing else.
    const pathed =
      named === 0 &&
      !part &&
      own.length > 0 &&
      !!groupText &&
      !!row.path &&
      row.path.at(-1) === row.group &&
      row.path.slice(0, -1).some((h) => headNamesItem(def, h)) &&
      places.every((p) => p === 'label' || p === 'group') &&
      own.every((w) => a.quals.includes(w)) &&
      labelStems(groupText).every((w) => a.quals.includes(w) || a.known.has(w) || GENERIC.has(w));
    // The item named within a label that also names every qualifier: "Goodwill impairment losses" for
    // the goodwill impairment; its other words are counted as extras below.
    const within = named === 0 && a.quals.length > 0 && a.quals.every((q) => own.includes(q)) && namesItem(def, label);
    // A label of presentation words only ("Total Company", "Total") is its group's figure.
    const ofGroup = named === 0 && own.length === 0 && !!row.group && headNamesItem(def, row.group);
    // A balance's roll-forward: its closing row in a table its caption says is of the item ("Shares
    // Outstanding": "Balance, end of year").
    const closing =
      named === 0 &&
      def.period === 'instant' &&
      (CLOSING.test(label) || (!!row.period && DATED_BALANCE.test(label))) &&
      !row.group &&
      namesItem(def, row.period && intro ? `${m.caption} ${intro}` : m.caption);
    if (named === 0 && !part && !pathed && !within && !ofGroup && !closing) return undefined;
    // Another statement's row of the item's words (the cash flow's change in receivables) is not it,
    // unless the label names the qualifier that makes it another quantity ("Goodwill impairment losses").
    // (A statement of comprehensive income that begins with revenues is the income statement too.)
    const statement = m.statement === 'comprehensive_income' && def.statement === 'income' ? 'income' : m.statement;
    if (statement && statement !== def.statement && def.statement !== 'equity' && !within) return undefined;
    exact = (named >= 1 || part || pathed || ofGroup || closing) && !within;
  } else {
    // A free label: its words all named, most of them by the row's own label; or a roll-forward's
    // closing balance in a table the words name ("Balance at end of year" of unrecognized tax benefits).
    // (The cost of a component of property, "the cost of its leasehold improvements", is its row in a
    // block of property at cost: the block's heading or total says it, never the row.)
    const placed = a.need.map((w) => placeOf(w) ?? (w === 'cost' && ofPropertyAtCost(m, i) ? ('group' as Place) : undefined));
    if (a.need.length === 0 || placed.some((p) => !p)) return undefined;
    // A total is the whole: a word only its caption says ("Products and Services gross margin") is a
    // part of it, not it ("Total gross margin percentage" is not the Products percentage).
    if (/^total\b/i.test(label) && placed.some((p) => p === 'caption' || p === 'heading')) return undefined;
    // A heading over a primary statement names none of its rows (the audit report's "Revenue Recognition
    // - Qualcomm CDMA Technologies (QCT) ..." above Qualcomm's statements of operations).
    if (m.statement && placed.some((p) => p === 'heading')) return undefined;
    if (a.need.some((w, k) => BASIS.has(w) && placed[k] !== 'label' && placed[k] !== 'group')) return undefined;
    const inLabel = placed.filter((p) => p === 'label').length;
    // A part's row under a group of the rest of the words: "International" under "Operating income (loss)".
    // (A group with words the question did not use is another quantity's: "Services" under "Cost of
    // net revenues" is not services revenue.)
    const groupOwn = labelStems(unhyphen(row.group ?? '')).every((w) => a.known.has(w) || GENERIC.has(w));
    // (Nor is a closing balance under "Noncontrolling Interests" the interest paid.)
    const closing =
      CLOSING.test(label) && a.need.every((_, k) => placed[k] !== 'heading') && (groupOwn || !placed.every((p) => p === 'group'));
    const partRow =
      inLabel > 0 &&
      own.every((w) => a.need.includes(w) || GENERIC.has(w)) &&
      placed.every((p) => p === 'label' || p === 'group') &&
      groupOwn;
    const inCaption = a.need.filter((_, k) => placed[k] === 'caption' || placed[k] === 'heading');
    if (inCaption.length > 0 && narrowedBefore(inCaption, m.caption, a)) return undefined;
    // A part's row in a table its caption says is of the rest of the words, said there together and in
    // the question's order: "Services" under "deferred revenue is comprised of the following"; the
    // label's words mostly asked ("Additional liabilities incurred" under "ASSET RETIREMENT OBLIGATIONS").
    const captionPart =
      inLabel > 0 &&
      inCaption.length > 0 &&
      own.filter((w) => !a.need.includes(w) && !GENERIC.has(w)).length < inLabel &&
      placed.every((p) => p === 'label' || p === 'caption') &&
      groupOwn &&
      saidTogether(inCaption, caption);
    if (!closing && !partRow && !captionPart && (inLabel === 0 || inLabel < Math.ceil(a.need.length / 2))) return undefined;
    exact = inLabel === a.need.length || closing || partRow || captionPart;
  }
  // Label words the question did not use: "Credit card" is a part of the provision, not the provision.
  const byInitials = initialed(a, label) || a.acronyms.some((x) => printed.includes(x));
  const unasked = (w: string) => !a.known.has(w) && !same(w).some((x) => a.known.has(x)) && !GENERIC.has(w) && !/^\d+$/.test(w);
  // A label of presentation words reads as its group: the group's words the question did not use
  // narrow it ("Total Company" under "... excluding the impact of gasoline prices").
  const extras =
    CLOSING.test(label) || byInitials
      ? 0
      : own.length === 0 && row.group
        ? labelStems(unhyphen(row.group)).filter((w) => unasked(w) && !CHANGE_WORDS.test(w)).length
        : own.filter(unasked).length;
  if (own.length > 0 && extras / own.length >= T.rowMatch.maxExtraShare && extras > 0) return undefined;
  // A portion the question did not ask ("Other current liabilities" of operating lease liabilities) is
  // a part of the figure, never the figure.
  if (own.some((w) => PORTION.has(w) && unasked(w))) return undefined;
  // A share count never answers a per-share figure, and a per-share row never an amount.
  const perShareRow = /\bper (?:common |ordinary |basic |diluted )?share\b|\beps\b/i.test(`${label} ${row.group ?? ''}`);
  if (a.perShare !== perShareRow) return undefined;
  return { label: row.group && /^total$/i.test(label) ? `Total ${cleanLabel(row.group)}` : label, extras, exact, placement };
}
