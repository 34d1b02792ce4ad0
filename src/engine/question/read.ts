// A question read once into a Reading: the filing it names as a source, what it excludes, the company,
// the period and the filters (filters.ts), the search terms (analyze.ts), then the operation and its
// measures from the words left. Every word is accounted for: used by a part, a filler, or unread.
import type { Directory } from '../retrieve/directory.js';
import type { Inferred } from '../retrieve/scope.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import { matchLexicon } from '../lexicon/match.js';
import { METRIC } from '../lexicon/metrics.js';
import { Account } from './account.js';
import { analyzeQuery, askingSentences } from './analyze.js';
import { inferFilters } from './filters.js';
import { measureOf, shareHead } from './measures.js';
import { readOperation } from './operation.js';
import type { Measure, Period, Reading } from './reading.js';
import { readSource } from './source.js';
import { isFiller, UNIT_PHRASES } from './vocabulary.js';

// "excluding the Activision deal costs", "net of divestitures", "ex-FX": amounts the figure leaves out.
// The excluded words end at a period, a comma or the end.
const EXCLUSION = /\b(?:excluding|exclusive of|excluding the (?:impact|effect)s? of|without (?:the )?(?:impact|effect)s? of|net of|ex-)\s+(?:the\s+)?(?:impact\s+of\s+|effects?\s+of\s+)?([^,.;?]+?)(?=\s+(?:in|for|during|at|as of|over|from)\s+(?:the\s+)?(?:fiscal|fy|q[1-4]|(?:19|20)\d\d|first|second|third|fourth|year|quarter)|[,.;?]|$)/gi;
// "the latest year", "the prior year": a period said without a year.
const RELATIVE_PERIOD = /\b(?:(?:the|its|their)\s+)?(?:latest|most recent|last|current|prior|previous|preceding|same)\s+(?:fiscal\s+)?(?:year|quarter|period|fiscal year)(?:'s)?\b|\b(?:year|quarter)[- ]over[- ](?:year|quarter)\b|\byoy\b/gi;
const YEAR_SPAN = /\b(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ](?:fiscal[- ])?years?\b/gi;
// A date written out: "January 28, 2023", "Sept. 30, 2023".
const DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d\b/gi;
// Form and statement names: where to look, not what to find.
const WHERE = /\b(?:(?:in|on|from|within|using|per)\s+)?(?:the\s+|its\s+|their\s+)?(?:consolidated\s+)?(?:(?:statements?|sheets?)\s+of\s+(?:cash\s+flows?|income|operations|earnings|financial\s+position|comprehensive\s+income)|balance\s+sheets?|income\s+statements?|cash\s+flows?\s+statements?|p&l|10-?k|10-?q|8-?k|annual\s+reports?|quarterly\s+reports?|(?:financial\s+)?statements?|filings?)\b/gi;

const NO_FILTERS: Inferred = { spans: [], links: [] };

/** Reads `question`. With `infer` false (basic mode) its filters are left empty for the scope; the rest
 * of the reading is made all the same, for the answer. */
export function readQuestion(question: string, dir: Directory, opts: { infer: boolean } = { infer: true }): Reading {
  const acc = new Account(question);
  // The named source filing and the exclusions come first: their years are not the period, and a
  // company named in an exclusion ("excluding the Activision deal costs") is not one asked about.
  const src = readSource(question);
  for (const [s, e] of src?.spans ?? []) acc.claimRange(s, e, 'source');
  const exclusions: Measure[] = [];
  for (const m of question.matchAll(EXCLUSION)) {
    const start = m.index! + m[0].lastIndexOf(m[1]!);
    const ex = measureOf(question, start, start + m[1]!.length, matchLexicon(m[1]!).map((h) => ({ ...h, start: h.start! + start, end: h.end! + start })));
    if (ex) exclusions.push(ex.measure);
    acc.claimRange(m.index!, m.index! + m[0].length, 'exclusion');
  }
  const masked = maskClaimed(question, acc, ['source', 'exclusion']);

  const found = inferFilters(masked, dir);
  // Sentences that only frame ("Answer in USD millions.", "Assume you are an analyst.").
  for (const [s, e] of askingSentences(question, found.spans).dropped) acc.claimRange(s, e, 'framing');
  const filters = opts.infer ? withSource(found, src?.source, dir) : NO_FILTERS;
  for (const l of found.links) claimCompany(acc, l.text);
  for (const span of found.spans) acc.claimText(span, found.links.some((l) => l.text === span) ? 'company' : 'period');
  for (const span of found.sectionSpans ?? []) acc.claimText(span, 'filter');
  acc.claimMatches(RELATIVE_PERIOD, 'period');
  acc.claimMatches(DATE, 'period');
  for (const re of UNIT_PHRASES) acc.claimMatches(re, 'unit');
  acc.claimMatches(WHERE, 'filter');

  let analysis = analyzeQuery(masked, found.spans);
  if (analysis.items.length + analysis.metrics.length + analysis.terms.length + analysis.topics.length === 0 && found.sectionSpans) {
    // "What are Pfizer's risk factors?": once company and section are filters, the section's own
    // words are all there is to search for.
    analysis = analyzeQuery(masked, found.spans.filter((sp) => !found.sectionSpans!.includes(sp)));
  }
  if (analysis.items.length + analysis.metrics.length + analysis.terms.length + analysis.topics.length === 0 && analysis.overview) analysis = { ...analysis, terms: ['business', 'products', 'services'] };

  // The operation and its measures, from the words no part has taken.
  const rest = acc.remaining();
  const hits = matchLexicon(rest);
  const years = found.sec_fiscal_year?.length ?? 0;
  const op = readOperation(rest, years > 1 || !!found.lastYears, hits.map((h) => [h.start!, h.end!] as [number, number]));
  // A cue inside a metric's own name ("debt-to-equity ratio", "asset turnover") is no operation.
  const cueInName = op.cues.some(([s, e]) => hits.some((h) => h.start! < e && h.end! > s));
  let { operation, operands, cues } = cueInName ? { operation: { kind: 'value' as const }, operands: [[0, rest.length] as [number, number]], cues: [] } : op;
  for (const [s, e] of cues) acc.claimRange(s, e, 'operation');
  // "2 year CAGR", "the three-year average": the span of years the operation runs over.
  if (operation.kind !== 'value') acc.claimMatches(YEAR_SPAN, 'period');
  let read = operands.map(([s, e]) => measureOf(rest, s, e, hits)).filter((m) => m !== undefined);
  // The operand the cue's pattern took named nothing ("the CAGR of ..." read after the cue, the measure
  // written before it): the measure is what the words left name.
  if (read.length === 0 && operation.kind !== 'value') {
    const left = acc.remaining();
    const m = measureOf(left, 0, left.length, hits);
    read = m ? [m] : [];
  }
  for (const m of read) for (const [us, ue] of m.used) acc.claimRange(us, ue, 'measure');
  let measures = shareHeads(read.map((m) => m.measure), operation.kind);
  // A metric written with its definition ("interest coverage (operating income / interest expense)",
  // "capital intensity (capex as a share of revenue)"): the definition's inputs are the metric's own.
  const defined = definedMetric(read);
  if (defined) {
    measures = [defined];
    if (['ratio', 'share', 'difference', 'sum'].includes(operation.kind)) operation = { kind: 'value' };
  }
  // "How much cash did Amazon generate from operations": the cash flow from operations, as the search
  // reads it (analyze.ts), not the cash balance.
  if (analysis.items.includes('operating_cash_flow')) measures = measures.map((m) => (m.item === 'cash' && m.qualifiers.some((q) => /^operat/.test(q)) ? { ...m, item: 'operating_cash_flow' as LineItemKey, qualifiers: m.qualifiers.filter((q) => !/^operat/.test(q)) } : m));
  // The same line item named twice ("total net sales and revenues"), nothing narrowing it: one measure.
  if (measures.length > 1 && measures.every((m) => m.item && m.item === measures[0]!.item && m.qualifiers.length === 0) && operation.kind === 'value') measures = [measures[0]!];
  // A value of two measures that do not each name a quantity is one measure ("sales and marketing").
  if (operation.kind === 'value' && measures.length > 1 && !measures.every((m) => m.item || m.metric)) {
    const m = measureOf(rest, 0, rest.length, hits);
    measures = m ? [m.measure] : measures;
  }

  for (const w of acc.words) if (!w.role && isFiller(w.word)) w.role = 'filler';
  for (const w of acc.words) if (!w.role) w.role = 'unread';
  const period: Period = {
    years: (filters.sec_fiscal_year ?? found.sec_fiscal_year ?? []).map((y) => Number(y.slice(3))),
    ...(found.quarter ? { quarter: found.quarter } : {}),
    ...(found.quarter && found.months ? { months: found.months } : {}),
    ...(found.secondHalf ? { secondHalf: true } : {}),
    ...(found.trailing ? { trailing: true } : {}),
    ...(found.yearRange ? { range: true } : {}),
  };
  if (period.years.length === 0) period.latest = true;
  if (src?.source.fiscalYear !== undefined && period.years.length === 0) period.years = [src.source.fiscalYear];
  return {
    question,
    words: acc.words,
    companies: found.links.map((l) => ({ ticker: l.ticker, text: l.text })),
    measures,
    period,
    operation,
    ...(src ? { source: src.source } : {}),
    exclusions,
    ...countOf(question),
    figure: analysis.figure || measures.some((m) => m.item || m.metric) && operation.kind !== 'value',
    unread: acc.words.filter((w) => w.role === 'unread').map((w) => w.word),
    filters,
    analysis,
  };
}

/** The metric of operands that name a metric and only its inputs besides, read as that metric. */
function definedMetric(read: { measure: Measure; items: LineItemKey[] }[]): Measure | undefined {
  const named = read.find((m) => m.measure.metric);
  if (!named) return undefined;
  const def = METRIC.get(named.measure.metric!)!;
  const inputs = new Set<LineItemKey>([...def.needs, ...(def.avg ?? []), ...(def.optional ?? []), ...(def.key === 'gross_margin' ? ['cost_of_revenue', 'gross_profit'] as LineItemKey[] : [])]);
  const items = read.flatMap((m) => m.items);
  const others = read.filter((m) => m !== named);
  if (read.length < 2 && items.length === 0) return undefined;
  if (!items.every((k) => inputs.has(k)) || others.some((m) => !m.measure.item && !m.measure.metric)) return undefined;
  return { ...named.measure, qualifiers: [] };
}

/** "How many full-time employees", "the number of stores": the noun counted. */
function countOf(question: string): { count?: string } {
  const m = /\b(?:how many|number of)\s+(?:(?:full|part)[- ]time\s+)?(?:[a-z-]+\s+)??([a-z][a-z-]+)/i.exec(question);
  return m ? { count: m[1]!.toLowerCase() } : /\bheadcount\b/i.test(question) ? { count: 'employees' } : {};
}

/** The company's name and the possessive after it. */
function claimCompany(acc: Account, text: string): void {
  acc.claimText(text, 'company');
}

/** The question with the words of the given roles blanked out (offsets kept). */
function maskClaimed(question: string, acc: Account, roles: string[]): string {
  const chars = question.split('');
  for (const w of acc.words) if (w.role && roles.includes(w.role)) for (let i = w.start; i < w.end; i++) chars[i] = ' ';
  return chars.join('');
}

/** The named source filing is the scope's year and form; the period asked is read from it. */
function withSource(found: Inferred, source: Reading['source'], dir: Directory): Inferred {
  if (!source?.fiscalYear) return found;
  const company = found.links.length === 1 ? dir.byTicker.get(found.links[0]!.ticker) : undefined;
  const year = source.fiscalYear - (company?.fiscalNameOffset ?? 0);
  return { ...found, source: { fiscalYear: year, ...(source.form ? { form: source.form } : {}) } };
}

/** Headless operands take the quantity of the operand that names one: in a list, those written before
 * it ("footwear and apparel revenues"); in a share, the part takes the whole's ("what percentage of
 * revenue came from the Americas"). */
function shareHeads(measures: Measure[], kind: Reading['operation']['kind']): Measure[] {
  if (measures.length < 2) return measures;
  if (kind === 'share') return [shareHead(measures[0]!, measures[1]!), measures[1]!];
  if (kind === 'ratio') return measures;
  const out = [...measures];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.item || m.metric) continue;
    const next = out.slice(i + 1).find((x) => x.item || x.metric);
    if (next && m.words.length <= 2) out[i] = shareHead(m, next);
  }
  return out;
}
