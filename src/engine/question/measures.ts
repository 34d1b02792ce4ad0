// What an operand's words name: a line item or metric of the lexicon with the words that narrow it
// ("iPhone net sales", "operating lease liabilities", "Consumer segment revenue"), or, when the lexicon
// has no entry, the label words a row must carry ("provision for credit losses", "backlog"). An operand
// naming no quantity of its own ("footwear" in "footwear and apparel revenues") takes its sibling's.
import type { LineItemKey } from '../lexicon/line-items.js';
import type { LexiconHit } from '../lexicon/match.js';
import type { MetricKey } from '../lexicon/metrics.js';
import { LINE_ITEM, LINE_ITEMS } from '../lexicon/line-items.js';
import { isLabelWord } from '../text/vocabulary.js';
import { stem, stemsOf, words } from '../text/words.js';
import type { Measure } from './reading.js';
import { isFigureWord, isVerb } from './vocabulary.js';

// Words that say which figure without narrowing it: the consolidated, reported, GAAP figure is meant.
const SOFT = new Set([
  'net',
  'total',
  'totals',
  'consolidated',
  'reported',
  'gaap',
  'overall',
  'worldwide',
  'global',
  'globally',
  'company',
  "company's",
  'companies',
  'corporation',
  'corp',
  'inc',
  'firm',
  'entity',
  'group',
  'annual',
  'annually',
  'full',
  'full-year',
  'yearly',
  'fiscal',
  'fy',
  'year',
  'years',
  'period',
  'periods',
  'ended',
  'ending',
  'end',
  'year-end',
  'yearend',
  'date',
  'unadjusted',
  'actual',
  'aggregate',
  'amount',
  'amounts',
  'figure',
  'figures',
  'value',
  'level',
  'number',
  'metric',
  'usd',
  'dollar',
  'dollars',
  'million',
  'millions',
  'billion',
  'billions',
  'thousand',
  'thousands',
  'filing',
  'filings',
  'document',
  'statement',
  'statements',
  'info',
  'information',
  'reporting',
  'carrying',
  'book',
  'recorded',
  'stated',
  'inc.',
  'inc',
  'corp.',
  'co.',
  'cos',
  'ltd',
  'plc',
]);

// Abbreviations analysts write for label words.
const ABBREVIATIONS: Record<string, string> = {
  avg: 'average',
  amort: 'amortization',
  depr: 'depreciation',
  exp: 'expense',
  exps: 'expenses',
  mgmt: 'management',
  intl: 'international',
  govt: 'government',
  ops: 'operations',
  acq: 'acquisition',
};
// A part's generic noun: "pharmaceutical segment sales" narrows by "pharmaceutical"; "segment" only
// says a part is meant.
const GENERIC_PART = new Set([
  'segment',
  'segments',
  'business',
  'businesses',
  'division',
  'divisions',
  'reportable',
  'category',
  'categories',
  'region',
  'geographic',
  'geography',
]);

export interface MeasureRead {
  measure: Measure;
  /** [start, end) of the words it used, in the text's offsets. */
  used: [number, number][];
  /** Every line item its words name (a metric's operand may also name its inputs). */
  items: LineItemKey[];
}

/** The content words of `text` between offsets, with their places. */
function contentWords(text: string, start: number, end: number): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  const re = /[A-Za-z0-9][A-Za-z0-9&'’.\-/]*[A-Za-z0-9&]|[A-Za-z0-9]/g;
  re.lastIndex = start;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    // "office/surgical": a name of two words joined by a slash is both words ("Office and surgical").
    // ("EMEA/LA": two sets of initials, both words.)
    const slashed = /^([A-Za-z]{3,})\/([A-Za-z]{3,})$|^([A-Z]{2,})\/([A-Z]{2,})$/.exec(m[0]);
    if (slashed) {
      const [a, b] = slashed[1] ? [slashed[1], slashed[2]!] : [slashed[3]!, slashed[4]!];
      for (const [w, at] of [
        [a, m.index],
        [b, m.index + a.length + 1],
      ] as const)
        if (isLabelWord(w.toLowerCase()) || isFigureWord(w.toLowerCase()))
          out.push({ word: w.toLowerCase(), start: at, end: at + w.length });
      continue;
    }
    const raw = words(m[0])[0];
    if (!raw) continue;
    const w = ABBREVIATIONS[raw] ?? raw;
    // "taxes paid", "cash paid for interest": a participle of the label, not the question's verb.
    const participle =
      /^(?:paid|received|used|provided|incurred)$/.test(w) &&
      /\b(?:tax|taxes|interest|cash|amounts?|dividends)\W*$/i.test(text.slice(Math.max(0, m.index - 12), m.index));
    // "state income taxes", "state and local taxes": the adjective, not the verb "state".
    const adjective = w === 'state' && /^\s+(?:and local\s+)?(?:income\s+)?tax/i.test(text.slice(m.index + m[0].length));
    // A figure-changing word is never a filler, even where the glue list would drop it ("half").
    if ((!isLabelWord(w) || (isVerb(w) && !participle)) && !isFigureWord(w) && !adjective) continue;
    out.push({ word: w, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

// Words of a measure's phrase that belong to its period, left out when the measure is named.
const PERIOD_WORDS = new Set([
  'fiscal',
  'fy',
  'year',
  'years',
  'period',
  'periods',
  'ended',
  'ending',
  'end',
  'date',
  'annual',
  'yearly',
  'year-end',
  'yearend',
]);

// Nouns that say what kind of amount an item is: "technology and development expense" is the item
// whose name ends "expense", not a part of it.
const KIND_NOUNS = new Set(['expense', 'expenses', 'cost', 'costs', 'charge', 'charges', 'spending', 'spend']);

/** The word is a kind noun the item's own names use ("expense" of research and development expense). */
function kindOf(key: LineItemKey, w: string): boolean {
  if (!KIND_NOUNS.has(w.toLowerCase())) return false;
  const def = LINE_ITEM.get(key)!;
  const s = stem(w.toLowerCase());
  return [def.name, ...def.labels, ...def.ask].some((p) => stemsOf(p).includes(s));
}

/** The word alone is one of the item's names ("sales", "revenues" for revenue). */
function namesAlone(key: LineItemKey, w: string): boolean {
  const def = LINE_ITEM.get(key)!;
  const s = stem(w.toLowerCase());
  return [def.name, ...def.labels, ...def.ask].some((p) => {
    const ps = stemsOf(p);
    return ps.length === 1 && ps[0] === s;
  });
}

/** A phrase's words as a measure's own words are read (no glue, no verbs, no presentation words), as stems. */
const wordKey = (ws: string[]) =>
  ws
    .filter((w) => !SOFT.has(w))
    .map(stem)
    .join(' ');
let byWords: Map<string, LineItemKey> | undefined;
/** The line item one of whose names is these words, once the words between them are left out: "shares
 * of common stock ... outstanding" of "how many shares of common stock did Apple have outstanding".
 * Made on first use: a question whose words the lexicon matched whole never needs it. */
function itemOfWords(own: string[]): LineItemKey | undefined {
  if (!byWords) {
    byWords = new Map();
    for (const item of LINE_ITEMS)
      for (const name of [...item.labels, ...item.ask]) {
        const key = wordKey(words(name).filter((w) => isLabelWord(w) && !isVerb(w)));
        // A name two items share says neither.
        if (key && byWords.get(key) !== item.key) byWords.set(key, byWords.has(key) ? ('' as LineItemKey) : item.key);
      }
  }
  // Two words at least: one word an item's name alone is the lexicon's to read.
  const key = wordKey(own);
  return key.includes(' ') ? byWords.get(key) || undefined : undefined;
}

// "How much of <an amount> would affect the <rate>": a part of the amount, named by a verb of effect
// with words of the measure before it.
const HOW_MUCH_OF = /\bhow much of\b/i;
const AFFECTS = /\b[a-z]{3,}\b.*\b(?:affect|affects|impact|impacts)\s+(?:the\s+|our\s+|its\s+)?$/i;

/** The measure named by the words of `text` in [start, end), given the lexicon hits of the whole text. */
export function measureOf(text: string, start: number, end: number, hits: LexiconHit[]): MeasureRead | undefined {
  const within = hits.filter((h) => h.start !== undefined && h.start >= start && h.end! <= end);
  // A rate the measure's amount acts on is its object, not what is asked: "how much of the gross
  // unrecognized tax benefits would affect the effective tax rate" asks an amount.
  const object = (h: LexiconHit) =>
    h.kind === 'metric' && h.start! > start && HOW_MUCH_OF.test(text.slice(0, h.start)) && AFFECTS.test(text.slice(start, h.start));
  const inside = within.filter((h) => !object(h));
  const all = contentWords(text, start, end);
  const cw = all.filter((w) => !inside.some((h) => w.start >= h.start! && w.end <= h.end!));
  // The measure's words, a lexicon phrase among them or not, are one item's whole name once the question's
  // own words between them are left out ("shares of common stock did Apple have outstanding", "cash did
  // Apple use for investing activities"): that item, narrowed by nothing.
  // (Only when words beyond presentation words are left: else the lexicon's phrase says it all.)
  const left = cw.some((w) => !SOFT.has(w.word));
  const whole = inside.length <= 1 && !inside.some((h) => h.kind === 'metric') && left ? itemOfWords(all.map((w) => w.word)) : undefined;
  const item = whole ? { kind: 'item' as const, key: whole } : inside.find((h) => h.kind === 'item');
  const metric = inside.find((h) => h.kind === 'metric');
  // Nothing but words that say how a figure is presented ("fiscal", "total"): no measure.
  if (!item && !metric && cw.every((w) => SOFT.has(w.word) || GENERIC_PART.has(w.word))) return undefined;
  const used: [number, number][] = [
    ...inside.map((h) => [h.start!, h.end!] as [number, number]),
    ...cw.map((w) => [w.start, w.end] as [number, number]),
  ];
  const lexWords = whole ? all.map((w) => w.word) : inside.flatMap((h) => words(text.slice(h.start!, h.end!)));
  const own = whole ? [] : cw.map((w) => w.word);
  // "Verizon's Business segment": a part's generic noun capitalised before "segment" is its name.
  const partName = (k: number) =>
    GENERIC_PART.has(own[k]!) && /^[A-Z]/.test(text.slice(cw[k]!.start, cw[k]!.end)) && k + 1 < own.length && GENERIC_PART.has(own[k + 1]!);
  // "Global" that opens a capitalised name ("Global Products segment", "Global Merchant and Network
  // Services") is a word of the name, not a presentation word.
  const capital = (k: number) => !!cw[k] && /^[A-Z]/.test(text.slice(cw[k]!.start, cw[k]!.end));
  const nameWord = (k: number) => own[k] === 'global' && capital(k) && capital(k + 1);
  // A word that by itself names the item ("revenues" of "total net sales and revenues") narrows nothing.
  const qualifiers = own.filter(
    (w, k) =>
      (!SOFT.has(w) || nameWord(k)) &&
      (!GENERIC_PART.has(w) || partName(k)) &&
      !(item && (namesAlone(item.key as LineItemKey, w) || kindOf(item.key as LineItemKey, w))),
  );
  // The measure as the question names it: its words in order, not the glue and verbs between them
  // ("homes ... close" of "how many homes did D.R. Horton close"); presentation words left out.
  const named = used.filter(([s, e]) => inside.some((h) => h.start === s) || !PERIOD_WORDS.has(words(text.slice(s, e))[0] ?? ''));
  const phrase = (named.length > 0 ? named : used)
    .sort((x, y) => x[0] - y[0])
    .map(([s, e]) => text.slice(s, e))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const measure: Measure = {
    text: phrase,
    ...(item && !metric ? { item: item.key as LineItemKey } : {}),
    ...(metric ? { metric: metric.key as MetricKey } : {}),
    // A part's generic noun ("segment") stays among the words: a table about segments is the likelier.
    words: [
      ...(item || metric ? [...lexWords, ...qualifiers] : qualifiers),
      ...own.filter((w, k) => GENERIC_PART.has(w) && !partName(k) && qualifiers.length > 0),
    ],
    qualifiers: item || metric ? qualifiers : [],
    ...(within.some(object) ? { amount: true } : {}),
  };
  return { measure, used, items: whole ? [whole] : inside.filter((h) => h.kind === 'item').map((h) => h.key as LineItemKey) };
}

/** Operands naming no quantity take the quantity of the one that names it: "footwear and apparel
 * revenues" are footwear revenues and apparel revenues (`distribute`: the headless operands before the
 * headed one); "what share of revenue came from the Americas" asks the Americas' revenue (`part`). */
export function shareHead(m: Measure, headed: Measure): Measure {
  if (m.item || m.metric || m.words.length === 0 || !(headed.item || headed.metric)) return m;
  return {
    ...m,
    ...(headed.item ? { item: headed.item } : {}),
    ...(headed.metric ? { metric: headed.metric } : {}),
    qualifiers: m.words.filter((w) => !GENERIC_PART.has(w)),
    words: [...headed.words.filter((w) => !headed.qualifiers.includes(w)), ...m.words],
  };
}
