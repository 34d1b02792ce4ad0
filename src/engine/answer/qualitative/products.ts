// A company's brands or products, as Item 1 of its 10-K lists them: the sentence that names most of them
// ("a complementary portfolio of brands, including Lay's, Doritos, Cheetos, Gatorade ..."), a list the
// filing introduces with a colon ("Significant trademarks by segment ... were:" and the lines under
// it), or, when each product has a sentence of its own ("Our Windchill® PLM application suite ..."),
// those sentences. Never a sentence about one brand's acquisition, sale or impairment, nor a list of
// competitors.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { type Block, type Cite, clause, firstAnswer, fy, nameOf, owner, type QualitativeInput, quote, reportsOf } from './block.js';
import { isBoilerplate } from './boilerplate.js';
import { businessSentences } from './business.js';
import { sectionStatements } from './reader.js';
import { hitsIn, topicOf } from './topic.js';
import { ANSWER_TUNING } from '../tuning.js';
import { kindFacts } from '../../question/derived.js';

const K = ANSWER_TUNING.qualitative.kinds.products;

// Where a list of names begins: "including", "such as", "brands", a colon.
const LIST_CUE = /\b(?:including|includes?|such as|like|namely|brands?|trademarks|names)\b|:/i;
const BRAND_WORD = /\bbrands?\b|\btrademarks?\b|\bbrand names?\b|\bfranchises?\b/i;
const PRODUCT_WORD = /\bproducts?\b|\bportfolio\b|\bofferings?\b|\bsolutions?\b|\bplatforms?\b|\bsuites?\b|\blines?\b/i;
// One brand's news, or the names of others: no list of the company's own.
// (Or a definition of the words the filing uses: "Trademark Coca-Cola means ...".)
const ABOUT_ONE =
  /\b(?:acquired|acquisitions?|sold|sale of|divest\w*|impair\w*|licensed from|expired|exit\w*|means|when we use|refers? to)\b/i;
const RIVALS = /\bcompet\w*\b/i;
const COMPANY_NAME = /\b(?:Inc|Corporation|Corp|Company|Ltd|LLC|plc|S\.A)\b\.?/g;
const MARK = /[®™]/g;

interface Listed {
  /** The statement that says it, and the lines of a list it introduces. */
  s: StatementRow;
  lines: StatementRow[];
  names: number;
  score: number;
}

// A name the filing marks or calls a brand: "Windchill®", "the Biofinity brand", "our MyDay brand and our
// clariti 1 day brand", "under our Proclear and Biomedics brands".
const MARKED = /([A-Z][\w.&'’-]*(?:\s[A-Z0-9][\w.&'’-]*){0,2})\s?[®™]/g;
const CALLED =
  /\b(?:the|our|its)\s+((?:[A-Za-z][\w.&'’-]*\s){0,2}?[A-Za-z][\w.&'’-]*?)(?:\s+and\s+((?:[A-Z][\w.&'’-]*\s?){1,3}))?\s+brands?\b/g;

/** The names a statement marks or calls a brand, in order. */
export function markedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MARKED)) out.push(`${m[1]!.replace(/^(?:Our|The|Its|Their)\s+/, '')}${text[m.index! + m[0].length - 1]}`);
  for (const m of text.matchAll(CALLED))
    for (const n of [m[1], m[2]])
      if (n && /^[A-Z]|^[a-z]+[A-Z]|^[a-z]+\s\d/.test(n.trim()) && !/^(?:Company|Our|The)$/.test(n.trim())) out.push(n.trim());
  return [...new Set(out)];
}

/** The names a text lists: marked names ("Biofinity®"), or capitalized items after a list's cue. */
function namesIn(text: string, heading: boolean): number {
  const marks = (text.match(MARK) ?? []).length;
  if (heading) return marks;
  const cue = LIST_CUE.exec(text);
  const rest = cue ? text.slice(cue.index + cue[0].length) : text;
  const items = rest
    .split(/,|;|\band\b|\bor\b/)
    .map((x) =>
      x
        .trim()
        .replace(/^[:\s]+/, '')
        .replace(/^(?:as well as|and|or|the|including|includes?|such as|like|namely)\s+/i, ''),
    )
    .filter((x) => /^["“]?[A-Z0-9]/.test(x) && x.split(/\s+/).length <= K.nameWords);
  return Math.max(marks, items.length);
}

/** A line that is only names ("HORMEL, ALWAYS TENDER, APPLEGATE, ...", "Kraft, Oscar Mayer, Heinz"). */
function isNameList(s: StatementRow): boolean {
  const items = s.text.split(/,/).map((x) => x.trim());
  return (
    items.length >= K.minNames &&
    items.filter((x) => /^["“]?[A-Z0-9]/.test(x) && x.split(/\s+/).length <= K.nameWords).length >= items.length * 0.7
  );
}

/** The lines of a list a statement ending in a colon introduces: name lists, and the short headings
 * that group them ("United States", "Canada"). */
function listAfter(all: StatementRow[], i: number): StatementRow[] {
  const out: StatementRow[] = [];
  for (const s of all.slice(i + 1, i + 1 + K.listLines)) {
    if (isNameList(s)) out.push(s);
    else if (s.kind === 'heading' && s.text.length <= K.groupChars) out.push(s);
    else break;
  }
  return out.some(isNameList) ? out : [];
}

function candidates(input: QualitativeInput, filing: FilingRow, brands: boolean, ticker: string): Listed[] {
  const others = input.reading.companies.filter((c) => c.ticker !== ticker).map((c) => c.text);
  const topic = topicOf(input.reading, others);
  const all = sectionStatements(input.reader, filing, ['10K-Item-1']).filter((s) => s.kind === 'sentence' || s.kind === 'heading');
  const out: Listed[] = [];
  all.forEach((s, i) => {
    if (s.text.length > K.maxChars || isBoilerplate(s.text)) return;
    const lines = /:\s*$/.test(s.text) ? listAfter(all, i) : [];
    const text = [s, ...lines].map((x) => x.text).join(', ');
    const names = namesIn(text, s.kind === 'heading' && lines.length === 0);
    // A brand answer says brands (or marks its names); a product answer says products, brands or marks.
    if (names === 0 || !(MARK.test(text) || BRAND_WORD.test(text) || (!brands && PRODUCT_WORD.test(text)) || lines.length > 0)) return;
    const rivals = RIVALS.test(s.text) || (s.text.match(COMPANY_NAME) ?? []).length >= 2;
    const score =
      Math.min(names, K.namesCounted) +
      (BRAND_WORD.test(text) ? (brands ? K.brandWord : K.brandWord / 2) : 0) +
      (PRODUCT_WORD.test(text) && !brands ? K.productWord : 0) +
      K.topic * hitsIn(text, topic).ideas -
      (ABOUT_ONE.test(s.text) ? K.aboutOne : 0) -
      (rivals ? K.rivals : 0) -
      i * K.perStatement;
    out.push({ s, lines, names, score });
  });
  // A line of a list is read with the statement that introduces it.
  const listed = new Set(out.flatMap((c) => c.lines.map((l) => l.id)));
  return out.filter((c) => !listed.has(c.s.id));
}

/** A list's lines as the answer shows them: each name list under the heading that groups it. */
function listLines(c: Listed, cite: Cite): string[] {
  const out: string[] = [];
  let group: string | undefined;
  for (const l of c.lines) {
    if (!isNameList(l)) group = clause(l);
    else out.push(`  - ${group ? `${group}: ` : ''}${clause(l)} ${cite(l.id)}`);
  }
  return out;
}

export function productsBlock(input: QualitativeInput, ticker: string): Block | undefined {
  return firstAnswer(reportsOf(input, ticker, ['10-K']), (filing) => productsIn(input, ticker, filing));
}

function productsIn(input: QualitativeInput, ticker: string, filing: FilingRow): Block | undefined {
  // Brands asked ("brands", "trademarks", "brand names"), or products; or only what it sells ("What
  // does Hormel sell?"), which the company's own account of its business says first.
  const kind = kindFacts(input.reading);
  const brands = kind.brands;
  if (!kind.products) {
    // (Item 1's own words only: what a note or the auditor's report says first is no account of it.)
    const item1 = new Set(
      input.reader
        .sections(filing.id)
        .filter((x) => x.item_tag === '10K-Item-1')
        .map((x) => x.id),
    );
    const own = businessSentences(input.reader, filing, [nameOf(input, ticker, filing)], 1);
    if (own.length > 0 && item1.has(own[0]!.section_id))
      return {
        picks: own,
        write: (cite) => `${owner(nameOf(input, ticker, filing))} ${fy(filing)}, Item 1: ${own.map((s) => quote(s, cite)).join(' ')}`,
      };
  }
  const found = candidates(input, filing, brands, ticker).sort((a, b) => b.score - a.score);
  const best = found[0];
  if (!best || best.score <= 0) return undefined;
  const who = `${owner(nameOf(input, ticker, filing))} ${fy(filing)}, Item 1`;
  const what = brands ? 'these brands' : 'these products';
  if (best.names < K.minNames) {
    // One name a sentence ("Our Windchill® PLM application suite ..."): the names, in the filing's order.
    const named = found
      .filter((c) => c.score > 0)
      .sort((a, b) => a.s.id - b.s.id)
      .map((c) => ({ c, names: markedNames(c.s.text) }))
      .filter((x) => x.names.length > 0);
    const names = [...new Set(named.flatMap((x) => x.names))].slice(0, K.maxNames);
    if (names.length === 0) return undefined;
    const picks = named.filter((x) => x.names.some((n) => names.includes(n))).map((x) => x.c.s);
    return {
      picks,
      write: (cite) => {
        const cites = [...new Set(picks.map((s) => cite(s.id)).filter(Boolean))].join(' ');
        return `${who}, names ${what}: ${names.join(', ')} ${cites}.`;
      },
    };
  }
  // A list of many names answers alone; fewer, the best few lists.
  const shown =
    best.names >= K.enough ? [best] : found.filter((c) => c.names >= K.minNames && c.score >= best.score * K.nearBest).slice(0, K.maxLists);
  return {
    picks: shown.flatMap((c) => [c.s, ...c.lines]),
    write: (cite) =>
      shown.length === 1 && shown[0]!.lines.length === 0
        ? `${who}: ${clause(shown[0]!.s)} ${cite(shown[0]!.s.id)}.`
        : [`${who}, names ${what}:`, ...shown.flatMap((c) => [`- ${clause(c.s)} ${cite(c.s.id)}`, ...listLines(c, cite)])].join('\n'),
  };
}
