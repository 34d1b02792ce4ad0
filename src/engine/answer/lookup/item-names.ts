// How a heading or a caption names a line item: as what it is (its head, "Net sales by region"), or after
// a word the question did not use, a narrower figure ("Fios revenues"); a row that is a component of
// property at cost, under or above its block's heading or total; and a row of another item (under its
// heading, or in a table its caption says is of it) or one leaving out a word of the item's name the
// question said ("net" of net income).
import type { LineItem } from '../../lexicon/line-items.js';
import { matchLexicon } from '../../lexicon/match.js';
import type { TableModel } from '../../tables/model.js';
import { isLabelWord } from '../../text/vocabulary.js';
import { stem, stemsOf, words } from '../../text/words.js';
import { GENERIC, SOFT, unhyphen } from './label-words.js';

/** What the question used of the measure: every stem of it. */
interface Known {
  known: Set<string>;
}

/** The text names the item by one of its labels or its name, as whole words ("Net sales by category"),
 * and is not another item that contains those words ("Cost of sales"). */
export function namesItem(def: LineItem, text: string): boolean {
  if (def.reject?.test(text)) return false;
  const t = ` ${stemsOf(text).join(' ')} `;
  return [def.name, ...def.labels].some((l) => t.includes(` ${stemsOf(l).join(' ')} `));
}

const PREPOSITIONS = new Set(['of', 'for', 'from', 'on', 'to', 'in', 'by', 'with', 'at']);
/** Words that say how a quantity is shown, the quantity itself after a preposition ("Changes in
 * comparable sales", "Components of property and equipment", "The carrying amount of goodwill"). */
const SHOWN_OF = new Set(
  ['chang', 'increas', 'decreas', 'percentag', 'percent', 'growth', 'share', 'portion', 'total', 'the'].concat([
    'compon',
    'carri',
    'amount',
    'valu',
    'balanc',
    'number',
    'summari',
    'schedul',
    'detail',
    'breakdown',
  ]),
);

/** A group heading names the item as what it is, its head: the item's words begin before the heading's
 * first preposition ("Net sales to external customers", "Sales by region"), not in what follows one
 * ("Assets held for sale", "Gain on sale of businesses" are no sales); past a preposition after words
 * that only say how it is shown ("Changes in comparable sales"). */
export function headNamesItem(def: LineItem, text: string): boolean {
  if (def.reject?.test(text)) return false;
  const stems = stemsOf(text);
  let end = -1;
  for (let from = 0; ; ) {
    end = stems.findIndex((w, i) => i >= from && PREPOSITIONS.has(w));
    if (end < 0 || end === from || !stems.slice(from, end).every((w) => SHOWN_OF.has(w))) break;
    from = end + 1;
  }
  return [def.name, ...def.labels].some((l) => {
    const ls = stemsOf(l);
    for (let i = 0; i + ls.length <= stems.length && (end < 0 || i < end); i++) if (ls.every((w, k) => stems[i + k] === w)) return true;
    return false;
  });
}

/** The text names the item after a word the question did not use: a table of "Fios revenues" or
 * "Wireless service revenue" by segment holds parts of a narrower figure. */
export function narrowedIn(def: LineItem, text: string, a: Known): boolean {
  for (const part of sentencesOf(text)) {
    const lower = ` ${unhyphen(part)
      .toLowerCase()
      .replace(/[^a-z0-9&' ]+/g, ' ')
      .replace(/\s+/g, ' ')} `;
    for (const l of [def.name, ...def.labels]) {
      for (let at = lower.indexOf(` ${l} `); at >= 0; at = lower.indexOf(` ${l} `, at + 1)) {
        if (namedBefore(part, lower.slice(0, at).trim().split(' ').slice(-2), a)) return true;
      }
    }
  }
  return false;
}

/** The same for a free label's words found only in the caption: "Fios revenues" for revenue. */
export function narrowedBefore(stems: string[], text: string, a: Known): boolean {
  return sentencesOf(text).some((part) => {
    const ws = words(unhyphen(part));
    return ws.some((w, i) => i > 0 && stems.includes(stem(w)) && namedBefore(part, ws.slice(Math.max(0, i - 2), i), a));
  });
}

/** The parts of a caption that are sentences ("The following table provides Fios revenues for our two
 * reportable segments:"), not titles ("Major Pharmaceutical Therapeutic Area Sales"). */
function sentencesOf(text: string): string[] {
  return text.split(/\s+\/\s+/).filter((p) => {
    const ws = p.match(/[A-Za-z][\w'’-]*/g) ?? [];
    return ws.length >= 5 && ws.filter((w) => /^[a-z]/.test(w)).length * 2 > ws.length;
  });
}

/** One of the words before the item's in a caption sentence is a name the question did not use
 * ("Fios revenues", "Wireless service revenue"; not "total order backlog"). */
function namedBefore(sentence: string, before: string[], a: Known): boolean {
  return before.some(
    (w) =>
      unasked(w, a) &&
      new RegExp(`(?<!^)\\b${w.replace(/[^a-z0-9]/gi, '')[0]!.toUpperCase()}${w.replace(/[^a-z0-9]/gi, '').slice(1)}\\b`).test(
        sentence.trim(),
      ),
  );
}

/** A content word of a caption the question did not use. */
function unasked(word: string, a: Known): boolean {
  if (!word || !isLabelWord(word) || /^(?:our|its|their|the|of|for|by|and|in|total|net)$/.test(word)) return false;
  const w = stem(word);
  return !SOFT.has(w) && !GENERIC.has(w) && !a.known.has(w) && !/^\d/.test(w);
}

const PROPERTY = /\bproperty\b/i;
// How far below a component its block's total may be ("Land", "Buildings", ... "Property, plant and
// equipment, at cost").
const BLOCK_ROWS = 8;

/** Row `i` is a component of property at cost: under a property heading ("Property and equipment:"), or
 * above the block's total of property at cost ("Property, plant and equipment, at cost", "Total property,
 * plant and equipment" before its depreciation), never the depreciation or net rows themselves. */
export function ofPropertyAtCost(m: TableModel, i: number): boolean {
  const row = m.rows[i]!;
  if (/\b(?:depreciation|amortization|net)\b/i.test(row.label) || PROPERTY.test(row.label)) return false;
  if (PROPERTY.test(row.group ?? '')) return true;
  for (const r of m.rows.slice(i + 1, i + 1 + BLOCK_ROWS)) {
    if (r.kind === 'header') return false;
    if (PROPERTY.test(r.label)) return /\bat cost\b|\bgross\b|^total\b/i.test(r.label);
  }
  return false;
}

/** Whether row `i` is another line item's than `def`: its heading names another item and not `def`
 * ("Infrastructure software" under Broadcom's "Operating income" is no operating expense), or, under no
 * heading, its table's caption does ("The Company's income before income taxes by fiscal year consisted
 * of the following:" is no table of net income, whatever parts it lists). (The sentence before a table,
 * which may define a segment's earnings by another item's words, is not read.) */
export function ofAnotherItem(def: LineItem, m: TableModel, i: number): boolean {
  const other = (text: string) => {
    const hits = matchLexicon(text, { repeat: true }).filter((h) => h.kind === 'item');
    return hits.length > 0 && hits.every((h) => h.key !== def.key) && !namesItem(def, text);
  };
  const row = m.rows[i];
  // (A row naming the item's own words is the item's, whatever heads it: "Payments of long-term debt"
  // under "Cash flows from financing activities".)
  const own = new Set([def.name, ...def.labels].flatMap((l) => words(l).map((w) => stem(w))));
  if (stemsOf(row?.label ?? '').some((w) => own.has(w))) return false;
  return row?.group ? other(row.group) : other(m.caption);
}

/** The words of an item's own name the question said that a label of its words does not `need` ("net"
 * of "net income": a presentation word), as stems. */
export function saidOfName(def: LineItem, said: string[], need: string[]): string[] {
  const asked = new Set(said.map((w) => stem(w.toLowerCase())));
  return words(def.name)
    .map((w) => stem(w))
    .filter((w) => asked.has(w) && !need.includes(w));
}

/** Whether row `i` leaves out a word of its item's own name the question said that a label of its words
 * does not `need`: "net" of "net income" (Amazon's "North America" under "Operating Income (Loss)",
 * Johnson & Johnson's "U.S." of its income before taxes, are no net income of the part). */
export function leavesOutSaid(def: LineItem, said: string[], need: string[], m: TableModel, i: number, intro?: string): boolean {
  const must = saidOfName(def, said, need);
  if (must.length === 0) return false;
  const row = m.rows[i];
  const text = [row?.label ?? '', row?.group ?? '', m.caption, intro ?? ''].join(' / ');
  const named = new Set(stemsOf(text));
  return must.some((w) => !named.has(w));
}
