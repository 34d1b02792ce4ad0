// Which answer a question that asks no figure wants, read once with the rest of the Reading: a list (a
// company's segments, the risk factors of Item 1A, its acquisitions, its brands or products), one named
// risk, the drivers of a change, the auditor, what a company does, where it is headquartered, what an
// 8-K announced, or what changed between two reports. A question that names a line item or a metric
// wants none of these (the figure answer has it), except the auditor (a firm is never a figure) and the
// drivers of a change in it ("What drove Costco's net sales increase?"): the verb names the kind.
import type { QueryAnalysis } from '../retrieve/analysis.js';
import { escapeRegExp } from '../text/regexp.js';
import type { Measure, Operation, QuestionKind } from './reading.js';

export type { QuestionKind };

/** The words that asked for the kind ("drove", "acquisitions", "brands"): read, not unread. */
export interface KindRead {
  kind: QuestionKind;
  spans: [number, number][];
}

// "Which firm audited Netflix's 2017 financial statements?": the auditor, however it is asked.
const AUDITOR = /\bwho audit(?:s|ed)\b|\bfirm (?:that )?audit(?:s|ed)\b|\baudit(?:s|ed)\b[^?]{0,40}\bfinancial statements\b/i;
// Segments asked as a list ("What are Apple's reportable segments?", "How is TransDigm organized into
// segments?"), not a question about one of them.
const SEGMENTS = new RegExp(
  [
    String.raw`\b(?:what|which|list|name|how many)\b[^?]{0,60}\b(?:segments|business units|divisions|lines of business)\b`,
    String.raw`\b(?:segments|business units|divisions)\b[^?]{0,40}\b(?:does|do|did|has|have|had)\b`,
    String.raw`\bhow (?:is|are)\b[^?]{0,40}\borganized\b`,
  ].join('|'),
  'i',
);
const RISKS = /\brisks?(?: factors?)?\b/i;
// "What did J&J announce", "What did Amcor report in its 8-K", "the August 2023 8-K".
const ANNOUNCE = /\bannounc\w*\b|\bpress release\b|\b8-?k\b/i;
const CHANGE = new RegExp(
  [
    String.raw`\bwhat (?:has |have )?changed\b|\bhow (?:did|has|have|do|does)\b.{0,80}\bchange\b`,
    String.raw`\bchang(?:e|es|ed) (?:in|to)\b|\b(?:differ\w*|new) (?:between|from)\b|\breorganiz\w*\b`,
  ].join('|'),
  'i',
);
// Money asked of the auditor: its fees are a figure.
const FEES = /\bfees?\b|\bhow much\b|\bpaid\b|\bcost\b/i;
// The list of risk factors ("What are the main risk factors"), not one risk asked about ("How does
// Apple describe cybersecurity risks?", "How is Raymond James exposed to interest rate changes?").
const RISK_LIST = /\b(?:what|which|list|name|main|key|principal|top|major|biggest|significant)\b[^?]{0,60}\brisks?\b|\brisk factors\b/i;
const NAMED_RISK = new RegExp(
  [
    String.raw`\b(?:exposed|exposure|vulnerable|susceptible)\s+to\b`,
    String.raw`\b(?:say|says|said|describe|describes|discuss|discusses|disclose|discloses)\s+(?:about\s+)?[^?]{0,60}\brisks?\b`,
    String.raw`\brisks?\s+(?:of|from|related to|relating to|associated with|posed by)\b`,
    // "How dependent is Skyworks on Apple?", "its reliance on TSMC", "What risk does it face from".
    String.raw`\bhow\s+(?:dependent|reliant|exposed|vulnerable|sensitive|susceptible)\b`,
    String.raw`\b(?:reliance|dependence|dependency)\s+(?:on|upon)\b|\brisks?\b[^?]{0,40}\bfaces?\b[^?]{0,30}\bfrom\b`,
  ].join('|'),
  'i',
);
// "How do US export restrictions on China affect Applied Materials?": what affects the company
// itself, not one of its figures.
const AFFECTS = String.raw`\bhow\s+(?:do|does|did|would|could|might|will|can|may)\b[^?]{0,80}\b(?:affect|impact|hurt|harm)(?:s|ed)?\s+`;
const affectsCompany = (q: string, companies: string[]) =>
  new RegExp(
    `${AFFECTS}(?:it|them|the company|${companies.map((c) => escapeRegExp(c).replace(/['’]s$/, '')).join('|') || '(?!)'})` +
      String.raw`(?:['’]s?)?\s*[?.!]*\s*$`,
    'i',
  ).test(q);
// What drove a change: "What drove ...", "What caused ...", "Why did ... fall", "the reasons for".
const DRIVERS = new RegExp(
  [
    String.raw`\bwhat\s+(?:drove|drives|caused|causes|contributed to|led to|explains?|accounted for)\b`,
    // "What pushed D.R. Horton's gross margin down", "what's behind", "what weighed on".
    String.raw`\bwhat\s+(?:pushed|pulled|weighed on|hurt|helped|boosted|fu?ell?ed|powered|resulted in)\b`,
    String.raw`\bwhat(?:['’]s|\s+is|\s+was|\s+are|\s+were)\s+behind\b`,
    String.raw`\bwhy\s+(?:did|does|do|was|were|has|have|is|are)\b|\b(?:drivers?|reasons?|causes?)\s+(?:of|for|behind)\b`,
  ].join('|'),
  'gi',
);
// Acquisitions asked as a list ("What acquisitions did Microsoft make", "Did HPE buy any companies"),
// not their cost ("How much did X spend on acquisitions": a figure).
const ACQUISITIONS = new RegExp(
  [
    String.raw`\bacquisitions?\b|\bacquir(?:e|ed|es|ing)\b|\bbusiness combinations?\b`,
    String.raw`\b(?:buy|bought|purchase[ds]?)\s+(?:any\s+|other\s+)?(?:companies|businesses|firms|companys)\b`,
    // "What businesses did Becton Dickinson buy", "Which companies has Synopsys purchased".
    String.raw`\b(?:what|which)\s+(?:companies|businesses|firms|company|business)\b[^?]{0,60}\b(?:buy|bought|purchased?)\b`,
    // "What did MGM Resorts buy in 2022?": the verb ends the question, or its period does ("buy back"
    // is no purchase of a business).
    String.raw`(?<=\bwhat\s+(?:did|has|have|does)\b[^?]{1,60})\b(?:buy|bought|acquire)\b` +
      String.raw`(?=\s*(?:(?:in|during)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d\d\s*)?\??\s*$)`,
  ].join('|'),
  'gi',
);
const TELL_ABOUT = 'tell (?:me|us) about|talk about|summari[sz]e|walk (?:me|us) through|details? (?:of|on|about)';
const ASKS_ACQUISITIONS = new RegExp(
  [
    String.raw`\b(?:what|which|list|name|describe|any|recent|major|notable)\b[^?]{0,30}\b(?:acquisitions?|business combinations?)\b`,
    // "Tell me about Synopsys' acquisitions", "Summarize its business combinations".
    String.raw`\b(?:${TELL_ABOUT})\b[^?]{0,30}\b(?:acquisitions|business combinations)\b`,
    String.raw`\b(?:did|has|have|does)\b[^?]{0,60}\b(?:acquire[ds]?|buy|bought|purchase[ds]?|make any acquisitions?)\b`,
    String.raw`\b(?:buy|bought|purchase[ds]?)\s+(?:any\s+|other\s+)?(?:companies|businesses|firms)\b|\b(?:what|which)\s+(?:companies|businesses|firms)\b`,
    String.raw`\b(?:acquisitions?|business combinations?)\b[^?]{0,30}\b(?:did|has|have|does|were|was)\b`,
    // Terse: "keysight acquisitions fy2023", "NDSN acquisitions in 2023?".
    String.raw`\bacquisitions\s*(?:(?:in|during|for|since)\s+)?(?:(?:fiscal|fy)\s*'?)?(?:(?:19|20)?\d\d)?\s*\??\s*$`,
  ].join('|'),
  'i',
);
const AMOUNT = /\bhow much\b|\bamount\b|\bcost\b|\bspen[dt]\b|\bpaid\b|\bpay\b|\bconsideration\b|\bgoodwill\b|\bvalue\b/i;
// Brands or products asked as a list ("What are PepsiCo's main brands?", "What does Hormel sell?").
const PRODUCTS = new RegExp(
  [
    String.raw`\b(?:main|key|major|principal|leading|best[- ]known|biggest|largest|top|what|which|list|name)\b[^?]{0,50}` +
      String.raw`\b(?:brands|brand names|products|product lines|product families|franchises|offerings)\b`,
    String.raw`\bwhat\s+(?:does|do)\s+[^?]{0,40}\b(?:sell|make|produce|manufacture|offer)\b`,
  ].join('|'),
  'gi',
);
// Where it is headquartered.
const HEADQUARTERS =
  /\bheadquarter(?:s|ed)\b|\bhq\b|\bhead office\b|\b(?:principal|main)\s+(?:executive\s+)?offices?\b|\bwhere\s+is\b[^?]{0,40}\b(?:based|located)\b/gi;

const spansOf = (re: RegExp, q: string): [number, number][] =>
  [...q.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))].map((m) => [m.index!, m.index! + m[0].length]);

/** The spans of `words` inside the spans of `re`: the kind's own words, never a company's name or other
 * words a pattern reaches across ("What are Kraft Heinz's biggest brands"). */
const keySpans = (re: RegExp, words: RegExp, q: string): [number, number][] =>
  spansOf(re, q).flatMap(([s, e]) => spansOf(words, q.slice(s, e)).map(([a, b]): [number, number] => [s + a, s + b]));
const ACQUISITION_WORDS = /\b(?:acquisitions?|acquir\w*|business combinations?|buy|bought|purchase[ds]?|companies|businesses|firms)\b/gi;
const PRODUCT_WORD = [
  'main|key|major|principal|leading|best[- ]known|biggest|largest|top|own',
  'brands?|brand names?|products?|product lines|product families|franchises|offerings|sell|make|produce|manufacture|offer',
].join('|');
const PRODUCT_WORDS = new RegExp(String.raw`\b(?:${PRODUCT_WORD})\b`, 'gi');
const HEADQUARTERS_WORDS =
  /\bheadquarter(?:s|ed)\b|\bhq\b|\blocation\b|\bhead office\b|\b(?:principal|main)\s+(?:executive\s+)?offices?\b|\bwhere\b|\bbased\b|\blocated\b/gi;

export interface KindInput {
  question: string;
  analysis: QueryAnalysis;
  measures: Measure[];
  operation: Operation;
  /** A figure is wanted (the reading's verdict before the kind). */
  figure: boolean;
  /** The noun counted, when a count is asked. */
  count?: string;
  /** The companies as the question names them ("Raymond James"). */
  companies?: string[];
}

// Which way the change went ("increase", "go down", "fall", "improve"): in a question of drivers, the
// kind's words, never a measure's or a qualifier's ("revenue go down").
const DIRECTION = new RegExp(
  [
    String.raw`\b(?:go|goes|went|gone)\s+(?:up|down)\b`,
    String.raw`\b(?:increas|decreas|declin|improv)(?:e|es|ed|ing|ement)?\b|\b(?:drop|drops|dropped|fall|falls|fell|rise|rises|rose|risen)\b`,
    String.raw`\b(?:grow|grows|grew|grown|growth|worsen|worsened|shrink|shrank|jump|jumped|surge|surged|plunge|plunged)\b`,
    String.raw`\b(?:up|down|higher|lower)\b`,
    // "to nearly double", "more than tripled", "halved".
    String.raw`\b(?:(?:nearly|almost|more than|roughly)\s+)?(?:double|doubled|triple|tripled|halve|halved)\b`,
  ].join('|'),
  'gi',
);

/** The words that ask for a change's drivers ("what drove", "why did") and which way it went ("fall"):
 * never words of a measure. */
export const driverCues = (question: string): [number, number][] => {
  const cues = spansOf(DRIVERS, question);
  return cues.length > 0 ? [...cues, ...spansOf(DIRECTION, question)] : [];
};

/** The kind of a question, and the words that asked for it. */
export function readKind(r: KindInput): KindRead | undefined {
  const q = r.question;
  const topics = new Set(r.analysis.topics.map((t) => t.name));
  if ((topics.has('auditor') || AUDITOR.test(q)) && !FEES.test(q)) return { kind: 'auditor', spans: [] };
  // A count asked ("How many employees") is a figure.
  if (r.count) return undefined;
  const drivers = driverCues(q);
  if (drivers.length > 0) return { kind: 'drivers', spans: drivers };
  const named = r.analysis.items.length + r.analysis.metrics.length > 0 || r.measures.some((m) => m.item || m.metric);
  // (Asked of: "what acquisitions", "did X acquire", "acquisitions did X make"; a fact's label that
  // holds the word, "valuation allowance ... acquisitions dispositions", is no such question.)
  const acquisitions = keySpans(ACQUISITIONS, ACQUISITION_WORDS, q);
  if (acquisitions.length > 0 && ASKS_ACQUISITIONS.test(q) && !AMOUNT.test(q) && !named)
    return { kind: 'acquisitions', spans: acquisitions };
  if (named) return undefined;
  // An operation on a measure ("the percentage change in the number of employees") is a figure,
  // whatever words it shares with a change in the business ("How did Nordson's operating segments
  // change" asks what changed; "by how much" asks a figure).
  const op = r.operation.kind;
  if (r.figure && r.measures.length > 0 && ((op !== 'value' && op !== 'change') || (op === 'change' && /\bhow much\b/i.test(q))))
    return undefined;
  // One named risk, however asked, before a change or a list ("How would a change in rates affect it").
  if (NAMED_RISK.test(q) || affectsCompany(q, r.companies ?? [])) return { kind: 'risk', spans: [] };
  if (CHANGE.test(q) && r.analysis.topics.length + r.analysis.terms.length > 0) return { kind: 'change', spans: [] };
  if (ANNOUNCE.test(q)) return { kind: 'announcement', spans: [] };
  if (RISKS.test(q) && RISK_LIST.test(q) && r.analysis.topics.length === 0) return { kind: 'risks', spans: [] };
  if (RISKS.test(q)) return { kind: 'risk', spans: [] };
  if (SEGMENTS.test(q) && topics.has('segments')) return { kind: 'segments', spans: [] };
  // A company's name asks for no list: the "Products" of "Air Products" (its words blanked, offsets kept).
  const bare = (r.companies ?? []).reduce(
    (t, c) => t.replace(new RegExp(String.raw`\b${escapeRegExp(c)}`, 'gi'), (m) => ' '.repeat(m.length)),
    q,
  );
  const products = keySpans(PRODUCTS, PRODUCT_WORDS, bare);
  if (products.length > 0) return { kind: 'products', spans: products };
  const hq = keySpans(HEADQUARTERS, HEADQUARTERS_WORDS, bare);
  if (hq.length > 0) return { kind: 'headquarters', spans: hq };
  if (r.analysis.overview) return { kind: 'business', spans: [] };
  return undefined;
}
