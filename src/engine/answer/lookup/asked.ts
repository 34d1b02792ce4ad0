// What a measure asks of a table's rows and a filing's sentences: the stems a label must name (a free
// measure's words), the qualifiers that narrow it, every word the question used for it, its item's
// printed labels, the part's initials, whether a rate or an amount per share is asked. Read once a
// measure, from the Reading's fields; row-match.ts and the sentence readers take it from here.
import { LINE_ITEM, type LineItemKey } from '../../lexicon/line-items.js';
import { measureFacts } from '../../question/derived.js';
import type { Measure } from '../../question/reading.js';
import { isLabelWord } from '../../text/vocabulary.js';
import { stem, stemsOf } from '../../text/words.js';
import { acronymOf, content, GENERIC, GENERIC_NOUN, labelStems, SOFT, unhyphenWords } from './label-words.js';

// Words that name nothing alone: "Qualcomm's other" asks no row named "Other".
const VAGUE = new Set(['other', 'total', 'net', 'remain', 'miscellan']);
/** A label's words, none when every one is vague. */
const named = (ws: string[]) => (ws.every((w) => VAGUE.has(w)) ? [] : ws);

export interface Asked {
  measure: Measure;
  item?: LineItemKey;
  /** Stems the row must name: the label words of a free measure. */
  need: string[];
  /** Stems of the qualifiers: each named by the label, group, caption or headings. */
  quals: string[];
  /** Every stem the question used for the measure (what a label may hold without being narrower). */
  known: Set<string>;
  /** The question's own content words for the measure, as stems: what a sentence stating it says. */
  say: string[];
  /** For a line item, its printed labels as stems: a sentence may name it so ("research and
   * development expenses were ..."). */
  labels: string[][];
  /** The qualifiers' initials, as a label may print a part's name ("AWS"). */
  acronyms: string[];
  /** Generic words of the part asked ("segment", "region"): a row of a table about segments is the
   * likelier one ("U.S. segment sales" are Walmart U.S.'s, not the United States'). */
  hints: string[];
  /** A rate, ratio, margin or percentage is asked: an amount does not answer it, nor it an amount. */
  rate: boolean;
  perShare: boolean;
  /** Words the question says that the line item's rows otherwise never carry ("segment operating
   * income"): a label with them is still the item asked. */
  said?: RegExp;
}

const itemStems = new Map<LineItemKey, Set<string>>();
export function ownStems(key: LineItemKey): Set<string> {
  let s = itemStems.get(key);
  if (!s) {
    const d = LINE_ITEM.get(key)!;
    // "other" of a label ("Other revenue") is the item's own word only when its name has it.
    const named = new Set(stemsOf(d.name));
    itemStems.set(key, (s = new Set([d.name, ...d.labels, ...d.ask].flatMap(stemsOf).filter((w) => w !== 'other' || named.has(w)))));
  }
  return s;
}

export function asked(measure: Measure, company?: string): Asked {
  const stems = unhyphenWords(measure.words)
    .filter((w) => isLabelWord(w.toLowerCase()))
    .map((w) => stem(w.toLowerCase()).replace(/\./g, ''));
  // A word the item's rows never carry that the question says ("segment operating income") narrows it.
  const said = saidOf(measure).said;
  const saidWords = said ? measureFacts(measure).tokens.filter((w) => new RegExp(said.source, 'i').test(w)) : [];
  const all = unhyphenWords([...measure.qualifiers, ...saidWords])
    .map((w) => ({ w, s: stem(w.toLowerCase()).replace(/\./g, '') }))
    .filter(({ s }) => !SOFT.has(s));
  // A generic part word narrows only when it is the part's name ("Verizon Business segment"); a word
  // that only stems as one is no generic noun ("Regional Operations").
  const generic = ({ w, s }: { w: string; s: string }) => GENERIC.has(s) && GENERIC_NOUN.test(w);
  const quals = (all.some((x) => !generic(x)) ? all.filter((x) => !generic(x)) : all).map(({ s }) => s);
  // The company's own name in a label ("Walmart U.S.") says nothing the question did not.
  const known = new Set([...stems, ...quals, ...(measure.item ? ownStems(measure.item) : []), ...(company ? labelStems(company) : [])]);
  const text = measure.words.join(' ');
  return {
    measure,
    ...(measure.item ? { item: measure.item } : {}),
    need: measure.item ? [] : named(content(stems).filter((w) => !GENERIC.has(w))),
    quals,
    known,
    say: [...new Set(named(content(stems).filter((w) => !GENERIC.has(w))))],
    hints: measure.words.map((w) => stem(w.toLowerCase())).filter((w) => GENERIC.has(w)),
    acronyms: [
      ...acronymOf(
        quals,
        measure.qualifiers.filter((w) => !GENERIC.has(stem(w.toLowerCase()))),
        company,
      ),
      // (The initials the question writes after the part's name: "GMNS", "P&PS" as pps.)
      ...(measure.initials ?? []).map((x) => x.toLowerCase().replace(/[^a-z0-9]/g, '')),
    ],
    labels: measure.item
      ? [...new Set([...LINE_ITEM.get(measure.item)!.labels, LINE_ITEM.get(measure.item)!.name])]
          .map((l) => labelStems(l))
          .filter((l) => l.length >= 2 || (l.length === 1 && l[0]!.length > 4))
      : [],
    // A line item is an amount ("products gross margin" in dollars is the gross profit row); a free
    // label asks a rate when it says so.
    rate: measure.amount
      ? false
      : measure.item
        ? /\b(?:ratio|rate|percent|percentage|yield)\b/i.test(text)
        : /\b(?:ratio|rate|percent|percentage|margin|yield)\b/i.test(text),
    // (The words in any order: "net income per diluted share" keeps "per" apart from "share".)
    perShare:
      measureFacts(measure).perShare ||
      (/\bper\b/i.test(text) && /\bshares?\b/i.test(text)) ||
      LINE_ITEM.get(measure.item!)?.unit === 'USD/share',
    ...saidOf(measure),
  };
}

/** The words of the measure as asked that its line item's `reject` would refuse in a label. */
export function saidOf(measure: Measure): { said?: RegExp } {
  const def = measure.item ? LINE_ITEM.get(measure.item) : undefined;
  if (!def?.reject) return {};
  const hits = measureFacts(measure).tokens.filter((w) => def.reject!.test(w));
  return hits.length > 0 ? { said: new RegExp(`\\b(?:${hits.map((w) => w.replace(/[^a-z0-9]/g, '')).join('|')})s?\\b`, 'gi') } : {};
}
