// What a question asks for: the line items and metrics it names (the lexicon), topics, the named
// statement, whether it wants a figure, a change over time or an overview of a company, and the
// remaining content words. Sentences that only frame the question ("Answer in USD millions.", "Assume
// you are an analyst.") are set aside: a sentence is kept when it asks ("?") or names something (a
// company, a year, a line item, a topic).
import { matchLexicon } from '../lexicon/match.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import { METRIC, quotientOf, type MetricKey } from '../lexicon/metrics.js';
import { words } from '../text/words.js';
import { escapeRegExp, inOrder } from '../text/regexp.js';
import type { QueryAnalysis } from '../retrieve/analysis.js';
import { FIGURE_WORDS, GROWTH_WORDS, STOP_WORDS } from '../text/vocabulary.js';
import { STATEMENT_HINTS, TOPICS, type Topic } from '../retrieve/synonyms.js';
import { narrowingWords } from './narrowers.js';
import { MAX_SEARCHED_MEASURES } from '../limits.js';

const GROWTH_WORD = [
  'growth|grow(?:n|s|ing)?|grew|chang(?:e|es|ed)|increas(?:e|es|ed)|decreas(?:e|es|ed)|declin(?:e|es|ed)|rose|fell|cagr|yoy',
  String.raw`year[- ]over[- ]year|trend\w*|from \d{4} to \d{4}|over (?:the )?(?:last|past) \w+ years`,
].join('|');
const GROWTH = new RegExp(String.raw`\b(?:${GROWTH_WORD})\b`, 'i');
// Words that set two amounts against each other: a share, percentage or ratio of one to the other.
const RATIO_OF =
  /\b(?:share|percent(?:age)?|proportion|fraction|portion) of\b|\bratio\b|\brelative to\b|\bdivided by\b|[a-z]\s*\/\s*[a-z]/i;
// "Compare X and Y" compares companies; compared with a year before, it is a change over time: a
// comparison word then "prior year", a year then a comparison word then a year, or a comparison word
// then two years (each in order within a line).
const YEAR = /\b(?:19|20)\d\d\b/i;
const COMPARED = /\b(?:compared?|versus|vs\.?)\b/i;
const COMPARE_YEARS: RegExp[][] = [
  [/\b(?:compared?|comparison|versus|vs\.?)\b/i, /\b(?:prior|previous|last|preceding) (?:fiscal )?year\b/i],
  [YEAR, COMPARED, YEAR],
  [COMPARED, YEAR, YEAR],
];
// Words before a line item that do not narrow it: the consolidated figure is what they mean.
const NEUTRAL = new Set([
  'consolidated',
  'reported',
  'gaap',
  'net',
  'gross',
  'its',
  'their',
  'company',
  'group',
  'annual',
  'yearly',
  'full',
  'full-year',
  'fiscal',
  'unadjusted',
  'actual',
  'the',
  'and',
  'of',
  'in',
  'what',
  'was',
  'were',
  'is',
  'are',
]);
const GENERIC_PART = /^(?:segments?|business(?:es)?|divisions?|units?|operations|reportable)$/i;
const OTHER_QUANTITY =
  /^(?:authoriz\w*|remaining|capacity|guidance|outlook|targets?|commitments?|planned|forecasts?|budget(?:ed)?|impairments?|write-?(?:downs?|offs?))$/;
// "How much cash did Amazon generate from operations": the operating cash flow, not the cash balance.
const CASH_FROM_OPERATIONS = new RegExp(
  [
    String.raw`\bcash\b[^.?]{0,40}\b(?:generat\w*|provided|produced)\b[^.?]{0,30}\b(?:operations|operating activities)\b`,
    String.raw`\bcash\b[^.?]{0,12}\bfrom (?:its )?(?:operations|operating activities)\b`,
  ].join('|'),
  'i',
);
// "What was Costco's 401(k) plan expense", "How many stores...": a number is asked, whatever the item.
const NUMBER_NOUN = [
  'expenses?|costs?|revenues?|sales|income|loss(?:es)?|gains?|amount|balance|value|number|ratio|rate|margin|total|count',
  'payments?|proceeds|spend(?:ing)?|charges?|provision|reserve|backlog|deposits|loans|deliveries|shipments|units',
  'employees|headcount|stores|subscribers|members|orders|volume|market share',
].join('|');
const ASKS_NUMBER = new RegExp(
  String.raw`\bhow (?:much|many)\b|\bwhat (?:was|were|is|are|'s) (?:the )?(?:\S+\s){0,5}?(?:${NUMBER_NOUN})\b`,
  'i',
);
// "atvi net bookings 2019", "pepsico operating profit Q1 2023": a terminal query, a few words and a
// period, no question word, asks for a figure.
// One period: "acquisitions FY21 through FY23" asks what happened over years, not one figure.
const NOT_TERSE = [
  'what|how|why|who|which|when|where|describe|explain|list|summari[sz]e',
  'tell|does|do|did|is|are|through|thru|to|until|and|vs|versus',
].join('|');
const TERSE = new RegExp(String.raw`^(?!.*\b(?:${NOT_TERSE})\b)(?=.*\b(?:(?:19|20)\d\d|fy\s?'?\d\d|q[1-4])\b)[^?.!]{3,80}$`, 'i');
const QUALITATIVE =
  /\b(?:why|describe|explain|discuss|strateg\w*|drivers?|drove|driven|reasons?|factors?|risks?|how does|how do|what caused|impact(?:ed|s)?|affect(?:ed|s)?)\b/i;
const OVERVIEW = new RegExp(
  [
    String.raw`\bwhat (?:does|do|is|are) (?:\S+\s){0,4}?(?:do|make|sell|known for)\b`,
    String.raw`\btell me about\b`,
    String.raw`\boverview\b`,
    String.raw`\bwhat (?:kind of )?business\b`,
    String.raw`\bbusiness model\b`,
    String.raw`\bwhat (?:is|are) \S+(?:'s)? (?:main )?business(?:es)?\b`,
    String.raw`\bdescribe (?:\S+\s){0,3}business\b`,
    String.raw`\bwho is\b`,
    String.raw`\bwhat is \S+\??$`,
  ].join('|'),
  'i',
);

/** Sentences of the question that ask or name something, and the places of the framing ones set aside
 * ("Answer in USD millions.", "Assume you are an analyst."). */
export function askingSentences(question: string, names: string[]): { text: string; dropped: [number, number][] } {
  const sentences: { text: string; start: number; end: number }[] = [];
  let at = 0;
  // A sentence ends at ".", "?", "!", ":" or ";" before a space, not after an abbreviation ("U.S.",
  // "Inc.", "No. 2").
  for (const m of [...question.matchAll(/(?<=[?!:;]|(?<!\b(?:[A-Za-z]\.[A-Za-z]|[A-Z][a-z]{0,3}|[a-z]{1,3}|[A-Z]))\.)\s+/g), null]) {
    const end = m ? m.index! : question.length;
    if (question.slice(at, end).trim()) sentences.push({ text: question.slice(at, end), start: at, end });
    if (m) at = m.index! + m[0].length;
  }
  if (sentences.length <= 1) return { text: question, dropped: [] };
  const named = (s: string) =>
    s.includes('?') ||
    /\b(?:19|20)\d\d\b/.test(s) ||
    names.some((n) => n && s.includes(n)) ||
    matchLexicon(s).length > 0 ||
    TOPICS.some((t) => t.ask.test(s));
  // "Assume you are an equity analyst reviewing NIKE's disclosure.": the role the asker plays, whatever
  // it names (its company is still read from it).
  const rolePlay = (s: string) => !s.includes('?') && /^\s*(?:assume|imagine|suppose|pretend|you are|you're|as an?|acting as)\b/i.test(s);
  const kept = sentences.filter((s) => named(s.text) && !rolePlay(s.text));
  if (kept.length === 0) return { text: question, dropped: [] };
  return {
    text: kept.map((s) => s.text.trim()).join(' '),
    dropped: sentences.filter((s) => !kept.includes(s)).map((s) => [s.start, s.end]),
  };
}

const askingText = (question: string, names: string[]) => askingSentences(question, names).text;

export function analyzeQuery(question: string, entitySpans: string[] = []): QueryAnalysis {
  const statementHints = STATEMENT_HINTS.filter((h) => h.ask.test(question));
  let text = askingText(question, entitySpans);
  for (const span of entitySpans) if (span) text = text.replace(new RegExp(escapeRegExp(span), 'gi'), ' ');
  const asked = text;
  const lexicon = matchLexicon(text);
  // The first MAX_SEARCHED_MEASURES line items and metrics are searched for (the words of the others
  // are not searched as loose words either).
  const named = lexicon.slice(0, MAX_SEARCHED_MEASURES);
  const items = named.filter((h) => h.kind === 'item').map((h) => h.key as LineItemKey);
  if (items.includes('cash') && CASH_FROM_OPERATIONS.test(question))
    items.splice(items.indexOf('cash'), 1, ...(items.includes('operating_cash_flow') ? [] : ['operating_cash_flow' as LineItemKey]));
  const metrics = named.filter((h) => h.kind === 'metric').map((h) => h.key as MetricKey);
  // "What share of revenue went to cost of goods sold?", "cost of sales to revenue ratio": two line items
  // named as a share or ratio of each other are the metric that divides them, however it is phrased.
  const quotient = metrics.length === 0 && RATIO_OF.test(text) ? quotientOf(items) : undefined;
  if (quotient) metrics.push(quotient.key);
  // The lexicon's words are searched as the line items' labels, not again as loose words.
  const lexWords = new Set(lexicon.flatMap((h) => words(h.text)));
  const topics: Topic[] = [];
  for (const t of TOPICS) {
    if (!t.ask.test(text)) continue;
    topics.push(t);
    text = text.replace(new RegExp(t.ask.source, 'gi'), ' ');
  }
  for (const h of statementHints) text = text.replace(new RegExp(h.ask.source, 'gi'), ' ');
  const phrases = [...question.matchAll(/"([^"]{3,80})"/g)].map((m) => m[1]!.toLowerCase());
  const entityWords = new Set(entitySpans.flatMap(words));
  const figure =
    FIGURE_WORDS.test(question) ||
    statementHints.length > 0 ||
    ((items.length > 0 || metrics.length > 0 || ASKS_NUMBER.test(question) || TERSE.test(question.trim())) && !QUALITATIVE.test(question));
  const growth = GROWTH.test(question) || COMPARE_YEARS.some((parts) => inOrder(question, parts));
  const terms: string[] = [];
  for (const w of words(text)) {
    if (STOP_WORDS.has(w) || entityWords.has(w) || lexWords.has(w)) continue;
    if (/^\d+$/.test(w) && w.length < 3) continue;
    if (/^(?:fy|q[1-4])?-?'?\d{2,4}$/.test(w) || /^(?:19|20)\d\d$/.test(w)) continue; // years are filters
    if ((figure || items.length + metrics.length > 0) && GROWTH_WORDS.has(w)) continue;
    if (!terms.includes(w)) terms.push(w);
  }
  const overview = OVERVIEW.test(question) && items.length === 0 && metrics.length === 0;
  const qualifiers: QueryAnalysis['qualifiers'] = {};
  for (const h of named) {
    let w = h.before;
    // "pharmaceutical segment sales", "equipment operations net sales": the part is the word before.
    if (w && GENERIC_PART.test(w)) {
      const m = new RegExp(`([a-z][a-z&'-]*)\\s+${w}\\s+${escapeRegExp(h.text)}`, 'i').exec(question);
      w = m?.[1]?.toLowerCase().replace(/['’]s$/, '');
    }
    if (
      h.kind !== 'item' ||
      !w ||
      STOP_WORDS.has(w) ||
      NEUTRAL.has(w) ||
      entityWords.has(w) ||
      /^\d+$|^(?:fy|q[1-4])?'?\d{2,4}$/.test(w) ||
      GROWTH_WORDS.has(w)
    )
      continue;
    qualifiers[h.key as LineItemKey] = w;
  }
  const itemHints = new Set<string>(topics.flatMap((t) => t.items ?? []));
  if (statementHints.length > 0 || items.length > 0 || metrics.some((m) => METRIC.get(m)!.needs.length > 0)) {
    if (figure) for (const t of ['10K-Item-8', '10Q-Part1-Item-1']) itemHints.add(t);
  }
  if (/\brisks?\b/i.test(question)) for (const t of ['10K-Item-1A', '10Q-Part2-Item-1A']) itemHints.add(t);
  if (overview) for (const t of ['10K-Item-1', '10K-Item-7']) itemHints.add(t);
  // A narrowing word is not one of the metric's or item's own words, nor a growth word.
  const narrowers = figure
    ? narrowingWords(
        asked,
        terms.filter((w) => !GROWTH_WORDS.has(w)),
      )
    : [];
  // "share repurchase authorization", "capex guidance": another quantity than the item's reported
  // amount, answered only by a row or sentence that names it.
  if (figure && items.length + metrics.length > 0) {
    for (const w of question.toLowerCase().match(/[a-z][a-z-]*/g) ?? [])
      if (OTHER_QUANTITY.test(w) && !narrowers.includes(w)) narrowers.push(w);
  }
  return {
    lexicon,
    items,
    metrics,
    topics,
    terms,
    phrases,
    statementHints,
    itemHints: [...itemHints],
    figure,
    growth,
    overview,
    qualifiers,
    narrowers,
  };
}
