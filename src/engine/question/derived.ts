// What the answer needs to know of the question's words, read here, where the question is read: a
// measure's words as written and as a fact's names compare them, whether it is per share, an earnings,
// a charge or a gain, how an answer shows it beyond the lexicon; a word's stem, whether it is a stop
// word, a year, a word that asks for prose, a name; which way a change is asked. answer/ and evidence/
// read these, never the text (test/reading-flow.test.ts). Each is made once an object: a measure answer/
// builds itself (a segment's, a metric's input) gets its own from its own words.
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { cleanLabel } from '../lexicon/match.js';
import { METRIC } from '../lexicon/metrics.js';
import { nameWords } from '../text/name-words.js';
import { escapeRegExp } from '../text/regexp.js';
import { FALL_WORDS, RISE_WORDS, STOP_WORDS } from '../text/vocabulary.js';
import { stem, stemsOf, words } from '../text/words.js';
import type { Measure, Operation, Reading, WordUse } from './reading.js';

export interface MeasureFacts {
  /** Its words as written, in order ("Services", "net", "sales"). */
  tokens: string[];
  /** Its words as a fact's names are compared (text/name-words.ts). */
  names: string[];
  /** It says "per ... share" or "EPS". */
  perShare: boolean;
  /** It names an earnings figure (income, profit, earnings, EBIT(DA), a margin, EPS). */
  earnings: boolean;
  /** It names a charge (a cost, an expense, a loss, an impairment, restructuring, ...). */
  charge: boolean;
  /** It names a gain (a gain, income, a benefit, a recovery, proceeds). */
  gain: boolean;
  /** How an answer names it beyond the lexicon: its words, those with digits left out. */
  shown: string;
  /** Its words as a run of stems, padded (" net revenu "), to find one label's within another's. */
  phrase: string;
  /** A metric's measure: its words less those asking the metric ("Scores segment" of "Scores segment
   * operating margin"), which name the part each input is of. */
  beside?: string;
}

const EARNINGS = /\b(?:income|profit|earnings|ebit|ebitda|margin|eps)\b/i;
const GAIN = /\b(?:gains?|income|benefits?|recover(?:y|ies)|proceeds)\b/i;
const CHARGE =
  /\b(?:costs?|expenses?|charges?|loss(?:es)?|impairments?|restructuring|amortization|write-?(?:downs?|offs?)|litigation|settlements?)\b/i;
// (The words in any order: "net income per diluted share" keeps "per" apart from "share".)
const PER_SHARE = /\bper\b.*\bshare\b|\beps\b/i;

const measures = new WeakMap<Measure, MeasureFacts>();

export function measureFacts(m: Measure): MeasureFacts {
  let f = measures.get(m);
  if (!f) {
    const text = m.text;
    f = {
      tokens: words(text),
      names: nameWords(text),
      perShare: PER_SHARE.test(text),
      earnings: EARNINGS.test(text),
      charge: CHARGE.test(text),
      gain: GAIN.test(text),
      // Words with digits ("Windows 10", "Tier 1") would read as figures before the figure.
      shown: text
        .split(/\s+/)
        .filter((w) => !/\d/.test(w))
        .join(' '),
      phrase: ` ${stemsOf(cleanLabel(text)).join(' ')} `,
      ...(m.metric
        ? {
            beside: text
              .replace(new RegExp(`\\b(?:${METRIC.get(m.metric)!.ask.map(escapeRegExp).join('|')})\\b`, 'gi'), ' ')
              .replace(/\s+/g, ' ')
              .trim(),
          }
        : {}),
    };
    measures.set(m, f);
  }
  return f;
}

/** A metric's input `item` as the measure's words name it: its part's words and the item's name
 * ("Scores operating income" of "Scores segment operating margin"). */
export function inputOf(m: Measure, item: LineItemKey): Measure {
  const name = LINE_ITEM.get(item)!.name;
  const text = `${measureFacts(m).beside ?? m.text} ${name}`.replace(/\s+/g, ' ').trim();
  return { text, item, words: [...m.qualifiers, ...name.split(' ')], qualifiers: m.qualifiers };
}

/** A measure as the label its words make, beyond the lexicon ("the effective tax rate reconciliation's
 * nondeductible share-based compensation" as a row's label). */
export function labelOf(m: Measure): Measure {
  return { text: m.text, words: m.words, qualifiers: [] };
}

/** A line item narrowed by a part as the label its words make, its qualifiers among them: "QCT net
 * income" as a label is never "Net income". */
export function qualifiedLabelOf(m: Measure): Measure {
  const said = new Set(m.words.map((w) => w.toLowerCase()));
  const { item: _, ...rest } = m;
  return { ...rest, words: [...m.qualifiers.filter((q) => !said.has(q.toLowerCase())), ...m.words], qualifiers: [] };
}

export interface WordFacts {
  /** Its stem, lower case. */
  stem: string;
  /** A stop word (text/vocabulary.ts). */
  stop: boolean;
  /** The year a four-digit word writes. */
  year?: number;
  /** A word that asks for prose ("why", "describe", "expect"): a fact's names must say it. */
  prose: boolean;
  /** Capitalised past the question's first word: a name. */
  proper: boolean;
  /** Its tokens as written (text/words.ts), and as a fact's names are compared. */
  tokens: string[];
  names: string[];
}

// Words that ask for prose ("Describe Apple's revenue"): never spare, a fact's names must say them
// ("Computed expected tax", "Pension Plans Defined Benefit") for the question to ask its figure.
const PROSE_WORD = [
  String.raw`why|describe[sd]?|explain\w*|discuss\w*|caused?|drove|strateg\w*|risks?|drivers?`,
  String.raw`reasons?|impact\w*|affect\w*|outlook|guidance|announc\w*|say|says|said|mention\w*`,
  String.raw`disclos\w*|plans?|planned|intend\w*|expect\w*|agenda|purpose`,
].join('|');
const PROSE = new RegExp(`^(?:${PROSE_WORD})$`, 'i');

const wordsMade = new WeakMap<WordUse, WordFacts>();

export function wordFacts(w: WordUse): WordFacts {
  let f = wordsMade.get(w);
  if (!f) {
    f = {
      stem: stem(w.word.toLowerCase()),
      stop: STOP_WORDS.has(w.word.toLowerCase()),
      ...(/^\d{4}$/.test(w.word) ? { year: Number(w.word) } : {}),
      prose: PROSE.test(w.word),
      proper: /^[A-Z]/.test(w.word) && w.start > 0,
      tokens: words(w.text),
      names: nameWords(w.word),
    };
    wordsMade.set(w, f);
  }
  return f;
}

/** The question's words, each split at its spaces, in order: what a sentence's words are compared with. */
export function questionWords(r: Reading): string[] {
  return r.words
    .map((w) => w.word)
    .join(' ')
    .split(/\s+/);
}

export interface OperationFacts {
  /** The words that asked for it, as written and as a fact's names are compared. */
  tokens: string[];
  names: string[];
}

export function operationFacts(op: Operation): OperationFacts {
  return { tokens: op.text ? words(op.text) : [], names: op.text ? nameWords(op.text) : [] };
}

/** What a question of a passage kind asks of it: a rise or a fall ("what pushed sales up"), brands or
 * products ("what brands does it sell"). */
export interface KindFacts {
  way?: 'rise' | 'fall';
  brands: boolean;
  products: boolean;
}

export function kindFacts(r: Reading): KindFacts {
  const kind = r.words.filter((w) => w.role === 'kind').map((w) => w.word.toLowerCase());
  const way = kind.some((w) => RISE_WORDS.test(w) || w === 'up') ? 'rise' : kind.some((w) => FALL_WORDS.test(w)) ? 'fall' : undefined;
  return {
    ...(way ? { way } : {}),
    brands: kind.some((w) => /^(?:brand|trademark)/.test(w)),
    products: kind.some((w) => /^(?:brand|trademark|product|offering|franchise)/.test(w)),
  };
}
