// The words that ask for a grid's operation rather than narrow its measure: which of several companies
// (or years) leads ("which had the higher", "who leads in", "rank ... by"), a comparison ("compare",
// "vs", "side by side"), each step's change ("each year", "how fast"), and a difference or ratio between
// two companies ("how much more revenue did Walmart have than Costco", "as a multiple of"). Read before
// the operation and its measures, so that "higher" is never a word of "operating income".
import type { Operation } from './reading.js';

export interface GridCues {
  /** Which leads: highest first ('desc') or lowest first ('asc'). */
  rank?: { order: 'desc' | 'asc'; text: string };
  /** What is ranked is each company's growth, not its level ("grew faster", "how fast"). */
  growth?: boolean;
  /** Each step of a series ("each year", "year by year", "how fast"). */
  steps?: boolean;
  /** A difference or ratio between the two companies asked ("than Costco", "as a multiple of"). */
  across?: 'difference' | 'ratio';
  /** A difference between two years of one company ("how much more ... in 2023 than in 2022"). */
  betweenYears?: boolean;
  /** Which of the company's own parts leads ("which 3M segment", "among Deere's segments"). */
  parts?: boolean;
  /** Only the first N ranked are asked ("the top 3", "bottom five", "which two"). */
  top?: number;
  /** [start, end) of the words read as the operation. */
  spans: [number, number][];
}

export interface GridContext {
  /** Companies the question names. */
  companies: number;
  /** Years the question names (or a range, or "the last N years"). */
  years: number;
  /** The years are listed ("in 2021 and 2022", "each year"), not the two ends of a span ("from 2021 to
   * 2023"): a growth asked of them is each year's. */
  listed?: boolean;
  /** The companies are a set (a sector, the index, a company's peers): several, however many are named. */
  set?: boolean;
}

const DESC = [
  'higher|highest|more|most(?!\\s+(?:recent|recently|of|likely))',
  'larger|largest|bigger|biggest|greater|greatest|better|best|stronger|strongest|faster|fastest',
  'top(?![- ]line)',
].join('|');
const ASC = 'lower|lowest|less|least|smaller|smallest|worse|worst|weaker|weakest|slower|slowest';
const RANK_WORD = new RegExp(String.raw`\b(?:(${DESC})|(${ASC}))\b`, 'gi');
const HAS_RANK_WORD = new RegExp(RANK_WORD.source, 'i');
// The words that ask which leads: "which", "who", "what company", "rank", "leads", a yes-or-no "did A
// have higher X than B", "A or B".
const WHICH = /\b(?:which|who|whose|what (?:company|firm|one)|among|between|rank(?:ed|ing|s)?|order(?:ed)?|sort(?:ed)?)\b/i;
// A superlative ranks whatever asks it ("highest diluted EPS in 2022 among KO, PEP and MMM").
const SUPERLATIVE = /^(?:highest|most|largest|biggest|greatest|best|strongest|fastest|top|lowest|least|smallest|worst|weakest|slowest)$/i;
// "who is more profitable", "the most profitable": the measure asked is what is compared.
const PROFITABLE = /\b(?:more|most|less|least)\s+(?:profitable|efficient|productive)\b/gi;
const LEADS =
  /\b(?:who|which(?:\s+\w+)?)\s+(?:leads?|led|is (?:the )?leader|was (?:the )?leader|is ahead|was ahead|came out ahead|comes out ahead)\b/gi;
const RANK_BY = /\brank(?:ed|ing|s)?\b(?:\s+(?:of|for))?/gi;
const ASCENDING = /\b(?:from\s+)?(?:lowest|smallest|least)\s+to\s+(?:highest|largest|most)\b|\bascending\b|\bincreasing\s+order\b/i;
// The order said outright: "highest first", "smallest first", "in descending order", "from largest to
// smallest", "sorted by".
const FIRST = /\b(?:(highest|largest|biggest|greatest|most|top)|(lowest|smallest|least|bottom))\s+(?:ones?\s+)?first\b/gi;
const IN_ORDER = /\b(?:in\s+(?:(descending|decreasing)|ascending|increasing)\s+order|(?:sorted|ordered)(?:\s+by)?)\b/gi;
const FROM_TO = /\bfrom\s+(?:the\s+)?(?:highest|largest|biggest|greatest|most)\s+to\s+(?:the\s+)?(?:lowest|smallest|least)\b/gi;
// How many of a set's ranking are asked: "the top 3", "bottom five", "the three largest", "which two".
const COUNT: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
};
const COUNT_WORD = `(?:${Object.keys(COUNT).join('|')}|\\d{1,3})`;
const TOP_N = new RegExp(
  [
    String.raw`\b(?:top|bottom)\s+(${COUNT_WORD})\b`,
    String.raw`\b(?:the\s+)?(${COUNT_WORD})\s+(?:[a-z-]+\s+){0,3}?(?:${DESC}|${ASC})\b`,
    String.raw`\b(?:which|what)\s+(${COUNT_WORD})\b`,
  ].join('|'),
  'gi',
);
const countOf = (w: string) => COUNT[w.toLowerCase()] ?? Number(w);
const HOW_MUCH = new RegExp(String.raw`\bhow much\s+(?:(${DESC})|(${ASC}))\b`, 'i');
const THAN = /\bthan\b/gi;
const MULTIPLE =
  /\b(?:(?:was|were|is|are)\s+what|as\s+a)\s+multiple\s+of\b|\bhow many times\s+(?:larger|greater|bigger|higher|more)(?:\s+than)?\b/gi;
const COMPARE = new RegExp(
  [
    String.raw`\bcompar(?:e|ed|es|ing|ison)\b(?:\s+(?:of|between|with|to|against))?`,
    String.raw`\bversus\b|\bvs\b\.?|\bv\.(?=\s)`,
    String.raw`\bside[- ]by[- ]side\b|\bhead[- ]to[- ]head\b|\brespectively\b|\bagainst\b`,
  ].join('|'),
  'gi',
);
// "each year", "every year", "per year", "in each of", "year by year", "how fast": each step of a series
// ("compound annual" is one rate, "per share" no step).
const STEPS = new RegExp(
  [
    String.raw`\b(?:each|every)\b(?:\s+(?:of\s+)?(?:the\s+)?(?:fiscal\s+)?years?\b|\s+of\b)?`,
    String.raw`\bper\s+(?:fiscal\s+)?year\b|\byear[- ]by[- ]year\b|\bhow fast\b|\bhow quickly\b`,
  ].join('|'),
  'gi',
);
const COMPARE_TWO = /\b(?:versus|vs\.?|compared (?:with|to)|against|over)\b/i;
const GROWTH = /\bgr[eo]w(?:s|n|th|ing)?\b|\bhow fast\b|\bhow quickly\b|\bfast(?:er|est)\b|\bslow(?:er|est)\b/gi;
// "the gap", "the difference" between the two companies asked.
const GAP = /\b(?:difference|gap|spread)\b/gi;

const span = (m: RegExpMatchArray): [number, number] => [m.index!, m.index! + m[0].length];
// The company's parts as what is asked which of: "which (3M) business segment", "which of its segments",
// "among Deere's equipment operations segments", "which line of business", "which region".
const PART_NOUN = String.raw`(?:(?:business|reportable|operating|geographic)\s+)?(?:segments?|divisions?|business units?|regions?|lines? of business)`;
const PARTS = new RegExp(String.raw`\b(?:which|what|among|of)\b(?:\s+(?!and\b|or\b)[\w&'’.-]+){0,4}?\s+(${PART_NOUN})\b`, 'i');

/** The grid's cues in `text` (the question with its company and period words blanked, offsets kept;
 * `raw` is the question as asked, for the words that need the names around them). */
export function readGridCues(text: string, ctx: GridContext): GridCues {
  const out: GridCues = { spans: [] };
  const several = ctx.companies >= 2 || !!ctx.set;
  const howMuch = HOW_MUCH.exec(text);
  const than = [...text.matchAll(THAN)];
  // "How much more revenue did Walmart have than Costco": the two companies' difference; "... in 2023
  // than in 2022": one company's change between the years.
  if (howMuch && than.length > 0 && than[0]!.index! > howMuch.index!) {
    if (several && ctx.companies === 2) out.across = 'difference';
    else if (ctx.companies <= 1 && ctx.years === 2) out.betweenYears = true;
    if (out.across || out.betweenYears) {
      out.spans.push(span(howMuch), span(than[0]!));
      return out;
    }
  }
  if (several && ctx.companies === 2) {
    const gap = [...text.matchAll(GAP)];
    if (gap.length > 0) {
      out.across = 'difference';
      out.spans.push(...gap.map(span));
      return out;
    }
    const multiple = [...text.matchAll(MULTIPLE)];
    if (multiple.length > 0) {
      out.across = 'ratio';
      out.spans.push(
        ...multiple.map(span),
        ...than
          .filter((t) => t.index! > multiple[0]!.index!)
          .slice(0, 1)
          .map(span),
      );
      return out;
    }
  }
  // (One company: which of its parts leads, asked with a rank word; the part's noun is the operation's.)
  const parts = ctx.companies <= 1 && !ctx.set ? PARTS.exec(text) : null;
  if (parts && HAS_RANK_WORD.test(text)) {
    out.parts = true;
    const at = parts.index! + parts[0].length - parts[1]!.length;
    out.spans.push([at, at + parts[1]!.length]);
  }
  const grid = several || ctx.years >= 2 || !!out.parts;
  if (!grid) return out;
  for (const m of text.matchAll(COMPARE)) out.spans.push(span(m));
  for (const m of text.matchAll(STEPS)) {
    out.steps = true;
    out.spans.push(span(m));
  }
  // Which leads: a rank word in a question that asks which (or ranks), among several companies, or
  // among a company's years ("in which year was revenue highest").
  const asksWhich = WHICH.test(text) || (several && (/\bor\b/i.test(text) || than.length > 0));
  for (const m of text.matchAll(LEADS)) {
    out.rank = { order: 'desc', text: m[0] };
    out.spans.push([m.index! + m[0].search(/\b(?:leads?|led|is|was|came|comes)\b/i), m.index! + m[0].length]);
  }
  for (const m of text.matchAll(RANK_BY)) {
    out.rank ??= { order: ASCENDING.test(text) ? 'asc' : 'desc', text: m[0] };
    out.spans.push(span(m));
  }
  for (const m of text.matchAll(PROFITABLE)) {
    out.rank ??= { order: /^(?:more|most)/i.test(m[0]) ? 'desc' : 'asc', text: m[0] };
    out.spans.push(span(m));
  }
  for (const m of text.matchAll(RANK_WORD)) {
    if (!asksWhich && !SUPERLATIVE.test(m[0])) continue;
    // "rank them from lowest to highest": the order, said once.
    const order = ASCENDING.test(text) ? 'asc' : m[1] ? 'desc' : 'asc';
    out.rank ??= { order, text: m[0] };
    out.spans.push(span(m));
  }
  readOrder(text, out, !!ctx.set);
  const asc = ASCENDING.exec(text);
  if (asc && out.rank) out.spans.push([asc.index, asc.index + asc[0].length]);
  if (out.rank && ctx.companies >= 2) for (const t of than) out.spans.push(span(t));
  // Growth compared ("which grew faster") or asked how fast: its verb is the operation's. Asked of each
  // year or of listed years ("revenue growth in 2021 and in 2022"), the operation's own words ask it
  // ("revenue growth", "by what percentage did ... grow"), and it is each year's.
  const growth = [...text.matchAll(GROWTH)];
  const fast = /\bhow (?:fast|quickly)\b/i.test(text);
  if ((out.rank || fast) && growth.length > 0) {
    out.growth = true;
    out.spans.push(...growth.map(span));
  }
  // (Years listed with "and", not two set against each other: "grow in 2023 versus 2022" is one change.)
  const listed = ctx.listed && ctx.years >= 2 && /\band\b/i.test(text) && !COMPARE_TWO.test(text);
  if (fast || (listed && growth.length > 0)) out.steps = true;
  return out;
}

/** The order said outright ("highest first", "in descending order", "from largest to smallest"), and
 * of a set how many of its ranking are asked ("top 3", "bottom five", "which two"). */
function readOrder(text: string, out: GridCues, set: boolean): void {
  for (const m of text.matchAll(FIRST)) {
    out.rank = { order: m[1] ? 'desc' : 'asc', text: m[0] };
    out.spans.push(span(m));
  }
  for (const m of text.matchAll(FROM_TO)) {
    out.rank = { order: 'desc', text: m[0] };
    out.spans.push(span(m));
  }
  for (const m of text.matchAll(IN_ORDER)) {
    if (/^in/i.test(m[0])) out.rank = { order: m[1] ? 'desc' : 'asc', text: m[0] };
    else out.rank ??= { order: ASCENDING.test(text) ? 'asc' : 'desc', text: m[0] };
    out.spans.push(span(m));
  }
  if (!set) return;
  for (const m of text.matchAll(TOP_N)) {
    const n = countOf((m[1] ?? m[2] ?? m[3])!);
    if (!(n >= 1)) continue;
    out.top = n;
    // "bottom five": the lowest; "top 3", "the three largest" and "which two ... the lowest" say theirs.
    if (/^bottom/i.test(m[0])) out.rank = { order: 'asc', text: m[0] };
    else if (/^top/i.test(m[0])) out.rank ??= { order: 'desc', text: m[0] };
    out.spans.push(span(m));
  }
}

/** The operation a grid's cues make of the one the words read: a rank over it, each step's change, or
 * a difference or ratio between two companies. */
export function withGrid(op: Operation, cues: GridCues): Operation {
  let out = op;
  if (cues.across) out = { kind: cues.across, across: 'companies' };
  else if (cues.betweenYears) out = { kind: 'change', ...(op.text ? { text: op.text } : {}) };
  // Growth compared or asked per step, where the words left read only a level.
  if (cues.growth && (out.kind === 'value' || out.kind === 'change')) out = { ...out, kind: 'pct_change' };
  if (cues.steps && (out.kind === 'change' || out.kind === 'pct_change')) out = { ...out, steps: true };
  if (cues.rank)
    out = {
      ...out,
      rank: { order: cues.rank.order, text: cues.rank.text },
      ...(cues.parts ? { parts: true } : {}),
      ...(cues.top ? { top: cues.top } : {}),
    };
  return out;
}
