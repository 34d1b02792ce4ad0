// The words a reading treats specially. Figure-changing words are never fillers: a period part, a basis
// or adjustment, a qualifier or an operation that no part of the reading applied leaves the question
// unread, so no figure of a simpler question is stated. Unit and rounding phrases say how to write the
// answer, not what it is; framing words ask or instruct.
import { STOP_WORDS } from '../text/vocabulary.js';

const FIGURE_WORDS = new Set(
  // Period parts.
  (
    'half halves h1 h2 1h 2h quarter quarters quarterly q1 q2 q3 q4 month months monthly week weeks ytd year-to-date to-date ' +
    'ttm ltm trailing annualized annualised run-rate semiannual interim first second third fourth last ' +
    // Bases and adjustments.
    'adjusted non-gaap organic constant currency pro forma pro-forma restated recast excluding exclude excludes excluded ' +
    'ex except underlying normalized normalised core comparable like-for-like same-store before after without ' +
    // Qualifiers.
    'per each segment segments product products geography geographic region regional domestic international foreign ' +
    // Operations.
    'average mean median sum combined difference change changes increase increases decrease decreases growth grew ' +
    'ratio percent percentage share proportion portion fraction cagr compound cumulative aggregate incremental'
  ).split(' '),
);

/** A word that may change which figure answers (never read as a filler). */
export function isFigureWord(w: string): boolean {
  return FIGURE_WORDS.has(w.toLowerCase());
}

// Verbs a question asks a figure with ("how much revenue did X generate", "did X spend on buybacks"):
// the figure is the same whatever the verb.
const VERBS = new Set(
  (
    'generate generated generates bring brought make made earn earned earns pay paid pays spend spent spends carry carried ' +
    'hold held have had has incur incurred recognize recognized recognise recognised book booked post posted record recorded report reported ' +
    'achieve achieved realize realized produce produced get got collect collected come came reach reached total totaled totaled amount amounted ' +
    'sell sold operate operated deliver delivered return returned distribute distributed use used invest invested stand stood end ended ' +
    'add added adds contribute contributed contributes grow grew grown owe owes owed arise arises arose arisen'
  ).split(' '),
);
/** A verb a question asks a figure with: the figure is the same whatever the verb. */
export const isVerb = (w: string) => VERBS.has(w.toLowerCase());

/** A word that asks, frames or glues, and changes no figure. */
export function isFiller(w: string): boolean {
  const lower = w.toLowerCase().replace(/['’]s$/, '');
  return !FIGURE_WORDS.has(lower) && (STOP_WORDS.has(lower) || /^[$%]$/.test(lower) || FILLER.has(lower) || VERBS.has(lower));
}

// Words questions use to ask for a figure that the stop list, made for search, does not hold.
const FILLER = new Set([
  'did',
  'does',
  'do',
  'was',
  'were',
  'had',
  'has',
  'have',
  'is',
  'are',
  'be',
  'been',
  'record',
  'recorded',
  'post',
  'posted',
  'generate',
  'generated',
  'earn',
  'earned',
  'disclose',
  'disclosed',
  'reflect',
  'reflected',
  'recognize',
  'recognized',
  'book',
  'booked',
  'end',
  'ended',
  'close',
  'stand',
  'stood',
  'compare',
  'compared',
  'comparison',
  'versus',
  'vs',
  'relative',
  'how',
  'what',
  'which',
  'level',
  'size',
  'fy',
  'usd',
  'us$',
  'inc',
  'corp',
  'co',
  'ltd',
  'plc',
  'llc',
]);

/** Phrases saying how to write the answer: "in USD millions", "round to one decimal place". */
export const UNIT_PHRASES = [
  // "By how many dollars did ... increase": the change in money, not in percent.
  /(?<=\bhow\s+many\s+)(?:us\s+)?dollars\b/gi,
  new RegExp(
    String.raw`\(?\b(?:in|as|using|into)\s+(?:units\s+of\s+)?(?:us\s?d(?:ollars)?\s+|us\$\s*|\$\s*)?` +
      String.raw`(?:millions?|billions?|thousands?|percent(?:s|ages?)?|%|dollars?|basis points)\b(?:\s+terms\b)?(?:\s+of\s+(?:us\s?)?dollars)?\)?`,
    'gi',
  ),
  new RegExp(
    String.raw`\(?\b(?:and\s+)?(?:please\s+)?(?:round(?:ed|ing)?|rounding)\s+(?:your\s+|the\s+)?(?:answer|result|figure|value)?\s*` +
      String.raw`(?:to\s+)?(?:the\s+)?(?:nearest\s+)?(?:one|two|three|four|\d)?\s*` +
      String.raw`(?:decimal(?:\s+places?)?|digits?|significant figures?|whole numbers?|percent(?:age)?(?:\s+points?)?|tenths?|hundredths?` +
      String.raw`|dollars?|millions?|billions?)\b\)?`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(?:express(?:ed)?|give|state|answer|respond|report)\s+(?:it\s+|your answer\s+|the answer\s+)?(?:as|in)\s+` +
      String.raw`(?:a\s+)?(?:percent(?:age)?|ratio|decimal|multiple|usd|dollars|millions|billions)\b`,
    'gi',
  ),
];
