// One risk asked about by name ("What does FactSet say about cybersecurity risk?", "How dependent is
// Skyworks on Apple?"): the risk factor of Item 1A whose heading (or first sentence) names what was
// asked, quoted by its heading and the sentence of it that names most of the question's words, never
// the list of every heading. A name the risk factor does not hold ("Apple") is looked for in the rest
// of the report first; a market risk (interest rates, currencies) Item 1A does not name is read in
// Item 7A. Nothing that names what was asked: no answer, and the answer declines.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { type Block, type Cite, firstAnswer, fy, nameOf, owner, type QualitativeInput, quote, reportsOf } from './block.js';
import { isBoilerplate } from './boilerplate.js';
import { sectionStatements } from './reader.js';
import { headingText, isGroup, RISK_ITEMS, riskGroups, TITLE } from './risks.js';
import { hitsIn, type Topic, topicOf } from './topic.js';
import { ANSWER_TUNING } from '../tuning.js';

const K = ANSWER_TUNING.qualitative.kinds.risk;

// Words of a market risk, which Item 7A quantifies when Item 1A names none of it.
const MARKET = /^(?:interest|rate|currenc|exchang|foreign|commod|price|inflat|market|hedg|deriv|fx)/;
const ITEM_NAMES: Record<string, string> = {
  '10K-Item-1': 'Item 1',
  '10K-Item-7': 'Item 7 (MD&A)',
  '10K-Item-7A': 'Item 7A',
  '10K-Item-8': 'Item 8 (the notes)',
};

// A topic heading over a risk factor ("Loss, corruption and misappropriation of data ..."): capitalized,
// words enough, never a page's running footer ("23 | 2023 10-K") or an item of a list ("less
// favorable foreign intellectual property laws").
const isTopic = (text: string) =>
  /^["“(]?[A-Z]/.test(text.trim()) && !/\|/.test(text) && (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).length >= K.minHeadingWords;

interface Unit {
  heading: StatementRow;
  body: StatementRow[];
}

/** Item 1A as risk factors: each heading (a risk's heading sentence, or a topic heading over one) and
 * the sentences under it. */
function unitsOf(statements: StatementRow[]): Unit[] {
  const all = statements.filter((s) => s.kind === 'sentence' || s.kind === 'heading');
  const named = new Set(riskGroups(all).flatMap((g) => g.headings.map((h) => h.id)));
  const starts = all.filter(
    (s) => named.has(s.id) || (s.kind === 'heading' && !isGroup(s) && !TITLE.test(s.text.trim()) && isTopic(s.text)),
  );
  return starts.map((h, k) => {
    const next = starts[k + 1]?.id ?? Infinity;
    return { heading: h, body: all.filter((s) => s.id > h.id && s.id < next && says(s)).slice(0, K.bodySentences) };
  });
}

/** How much a text says of what was asked: each idea as often as it names it, up to `often` times,
 * and each proper name asked again `properWeight` times. */
const weigh = (text: string, topic: Topic) => {
  const h = hitsIn(text, topic, K.often);
  return h.often + K.properWeight * h.proper;
};
// A cross-reference ("See Business - The Company.") or a fragment says nothing of the risk.
const says = (s: StatementRow) => s.kind === 'sentence' && s.text.length >= K.minChars && !/^\s*(?:see|refer to)\b/i.test(s.text);

/** The unit whose heading and first sentence name most of the ideas asked ("foreign currency": the one
 * naming both, not a workforce risk of "foreign employment regulations"), then say most of them. */
function bestUnit(units: Unit[], topic: Topic): Unit | undefined {
  let best: { u: Unit; named: number; score: number } | undefined;
  for (const u of units) {
    const head = weigh(u.heading.text, topic);
    const first = u.body[0] ? weigh(u.body[0].text, topic) : 0;
    if (head === 0 && first === 0) continue;
    const named = hitsIn(`${u.heading.text} ${u.body[0]?.text ?? ''}`, topic).ideas;
    const score = K.heading * head + K.first * first + weigh(u.body.map((s) => s.text).join(' '), topic);
    if (!best || named > best.named || (named === best.named && score > best.score)) best = { u, named, score };
  }
  return best?.u;
}

/** The sentence of `body` naming most of what was asked (the first on a tie), and the one after it. */
function leadOf(body: StatementRow[], topic: Topic): StatementRow[] {
  let at = 0;
  let top = -1;
  body.forEach((s, i) => {
    const v = weigh(s.text, topic);
    if (v > top) [at, top] = [i, v];
  });
  return body.slice(at, at + 2);
}

const holdsProper = (text: string, topic: Topic) => hitsIn(text, topic).proper === topic.proper.length;

/** The sentences of Items 1, 7, 7A and 8 that name every proper name asked, the one naming most of the
 * rest first (of equals, the one that lists least: a list of forty customers says nothing of one); at
 * most one of each item. */
function elsewhere(input: QualitativeInput, filing: FilingRow, topic: Topic): { s: StatementRow; tag: string }[] {
  const found: { s: StatementRow; tag: string; v: number; commas: number }[] = [];
  for (const tag of Object.keys(ITEM_NAMES)) {
    let best: (typeof found)[number] | undefined;
    for (const s of sectionStatements(input.reader, filing, [tag])) {
      if (!says(s) || s.text.length > K.maxChars || isBoilerplate(s.text) || !holdsProper(s.text, topic)) continue;
      const h = hitsIn(s.text, topic);
      const v = h.ideas + K.properWeight * h.proper;
      const commas = (s.text.match(/,/g) ?? []).length;
      if (!best || v > best.v || (v === best.v && commas < best.commas)) best = { s, tag, v, commas };
    }
    if (best) found.push(best);
  }
  return found.sort((a, b) => b.v - a.v || a.commas - b.commas).slice(0, K.elsewhere);
}

const unitLine = (u: Unit, lead: StatementRow[], cite: Cite) =>
  `Item 1A, “${headingText(u.heading.text)
    .replace(/\s+/g, ' ')
    .replace(/[.;:]$/, '')}” ${cite(u.heading.id)}: ${lead.map((s) => quote(s, cite)).join(' ')}`;

export function namedRiskBlock(input: QualitativeInput, ticker: string): Block | undefined {
  return firstAnswer(reportsOf(input, ticker, ['10-K']), (filing) => namedRiskIn(input, ticker, filing));
}

function namedRiskIn(input: QualitativeInput, ticker: string, filing: FilingRow): Block | undefined {
  // Companies named besides the one answered are what it is asked about ("on Apple").
  const others = input.reading.companies.filter((c) => c.ticker !== ticker).map((c) => c.text);
  const topic = topicOf(input.reading, others);
  if (topic.ideas.length === 0) return undefined;
  const who = `${owner(nameOf(input, ticker, filing))} ${fy(filing)}`;
  const units = unitsOf(sectionStatements(input.reader, filing, RISK_ITEMS));
  const full = bestUnit(
    units.filter((u) => holdsProper([u.heading, ...u.body].map((s) => s.text).join(' '), topic)),
    topic,
  );
  // A market risk (rates, currencies) no risk factor's heading names is Item 7A's to say.
  const market = topic.ideas.some((i) => MARKET.test(i));
  const quantified = market && (!full || weigh(full.heading.text, topic) === 0) ? marketRisk(input, filing, topic, who) : undefined;
  if (quantified) return quantified;
  if (full) {
    const lead = leadOf(full.body, topic);
    return { picks: [full.heading, ...lead], write: (cite) => `${who}, ${unitLine(full, lead, cite)}` };
  }
  // A name Item 1A does not hold ("Apple" in Skyworks' risk of its customers): where the rest of the
  // report names it. (Which risk factor it belongs to, the words do not say.)
  if (topic.proper.length > 0) {
    const found = elsewhere(input, filing, topic);
    if (found.length === 0) return undefined;
    return {
      picks: found.map((f) => f.s),
      write: (cite) => found.map((f, i) => `${i === 0 ? `${who}, ` : ''}${ITEM_NAMES[f.tag]}: ${quote(f.s, cite)}`).join('\n'),
    };
  }
  return undefined;
}

/** What Item 7A says of a market risk asked about: its sentence naming most of it, and the next. */
function marketRisk(input: QualitativeInput, filing: FilingRow, topic: Topic, who: string): Block | undefined {
  const market = sectionStatements(input.reader, filing, ['10K-Item-7A']).filter(
    (s) => says(s) && s.text.length <= K.maxChars && !isBoilerplate(s.text),
  );
  const lead = leadOf(market, topic);
  if (lead.length === 0 || weigh(lead[0]!.text, topic) === 0) return undefined;
  return { picks: lead, write: (cite) => `${who}, Item 7A: ${lead.map((s) => quote(s, cite)).join(' ')}` };
}
