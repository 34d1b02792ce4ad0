// A company's segments, as its report lists them: the sentence that names them ("We operate in four
// reportable segments: Beef, Pork, Chicken and Prepared Foods."), or the sentence that introduces them
// and the paragraphs that follow it, one a segment ("We have the following four business units, which
// are our reportable segments:" / "Compute and Networking Business Unit (CNBU): Includes ..."). Item 1
// is read first, then the MD&A and the segment note; the sentence that says most plainly that these
// are the segments wins (the first of equals).
import type { FilingRow, StatementRow } from '../../index/types.js';
import { isBoilerplate } from './boilerplate.js';
import { sectionStatements, type FilingReader } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const Q = ANSWER_TUNING.qualitative;
const W = Q.segments;

export interface SegmentList {
  /** The sentence that names the segments, or introduces them. */
  lead: StatementRow;
  /** The paragraphs that follow an introducing sentence, one a segment. */
  items: StatementRow[];
  /** The segments' names, as far as the text says them. */
  names: string[];
}

const COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const COUNT_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,2})';
// "segments" said of the company's own segments: after a kind, a count, "our" or "the following".
const OWN = new RegExp(
  [
    String.raw`\b(?:(?:reportable|operating|business|reporting|primary|worldwide|geographic)(?:\s+(?:operating|business|reportable))?` +
      String.raw`|${COUNT_WORD}|our|its|the following)\s+` +
      String.raw`(?:(?:reportable|operating|business|reporting|worldwide|geographic|strategically aligned)\s+){0,2}(?:segments|business units|SBUs)\b`,
    String.raw`\b(?:reportable|operating) segments\b`,
  ].join('|'),
  'i',
);
// Where the names begin: a colon, or "consist of", "are", "include" after the word "segments".
const NAMES_AFTER =
  /\b(?:segments?|business units|SBUs)\b[^:;]{0,60}?(?::|\b(?:consists? of|consisting of|comprised of|comprise|are|include|includes|which are)\b)\s+(.+)$/i;
const NOT_SEGMENTS = new RegExp(
  [
    String.raw`\b(?:customer groups|revenue categories|loan portfolio|market segments|reporting units|product categories|end markets)\b`,
    String.raw`\bsegments? of the (?:retail|industry|market)\b`,
  ].join('|'),
  'i',
);
const INTRODUCES = /\b(?:following|below|as follows)\b[^.]*:\s*$/i;

function countOf(text: string): number | undefined {
  const m = new RegExp(
    String.raw`\b(${COUNT_WORD})\s+(?:(?:reportable|operating|business|reporting|worldwide|geographic|strategically aligned|primary)\s+){0,3}` +
      String.raw`(?:segments?|business units|SBUs)\b`,
    'i',
  ).exec(text);
  if (!m) return undefined;
  const w = m[1]!.toLowerCase();
  return COUNT[w] ?? Number(w);
}

/** The names a list sentence gives: its items after the colon or verb, split at semicolons, else
 * after each abbreviation in parentheses ("Commercial Airplanes (BCA), Defense, Space & Security
 * (BDS)"), else at commas and the last "and" ("Entertainment, Sports and Experiences"). */
function namesIn(text: string): string[] {
  const m = NAMES_AFTER.exec(text.replace(/\s+/g, ' ').trim().replace(/\.$/, ''));
  if (!m) return [];
  const list = m[1]!;
  let parts: string[];
  if (list.includes(';')) parts = list.split(/;\s*(?:and\s+)?/);
  else if ((list.match(/\([A-Z&]{2,8}\)/g) ?? []).length >= 2) parts = list.split(/(?<=\([A-Z&]{2,8}\))(?:,\s*(?:and\s+)?|\s+and\s+)/);
  else {
    parts = list.split(/,\s*(?:and\s+)?/);
    const last = parts.pop()!;
    // (After ", and" the last is one name: "Digital Experience, and Publishing and Advertising".)
    const and = /,\s*and\s+[^,]*$/.test(list) ? -1 : last.lastIndexOf(' and ');
    parts.push(...(and > 0 ? [last.slice(0, and), last.slice(and + 5)] : [last]));
  }
  return parts
    .map((s) =>
      s
        .replace(/\([^)]*\)/g, ' ')
        .replace(/^(?:\d\)|\([ivx]+\)|the|our)\s+/i, '')
        // ("North America, which is inclusive of the U.S. and Canada": the name before what it covers.)
        .replace(/,?\s+(?:which|that) (?:is|are|includes?|consists?)\b.*$/i, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.length > 1 && s.length <= 80);
}

const capitalized = (name: string) => /^[A-Z0-9]/.test(name);

/** How plainly a sentence says it names the company's segments: as many as it counts, by name, its
 * reportable segments, the company speaking of itself, in Item 1. */
function plainness(t: string, itemTag: string, counted: boolean, named: boolean): number {
  let sc = 1;
  if (counted) sc += W.counted;
  if (named) sc += W.named;
  if (/\breportable\s+(?:operating\s+|business\s+)?segments\b/i.test(t)) sc += W.reportable;
  else if (/\b(?:operating|business|reporting)\s+segments\b/i.test(t)) sc += W.operating;
  // The company speaking of itself ("We operate in ...", "The Company has ..."), not of a part of it
  // ("Rest of World comprises two operating segments").
  if (/^(?:we|our|the company|the corporation)\b|\b(?:we|the company) (?:operate|have|has|report|manage|conduct)\b|\borganized\b/i.test(t))
    sc += W.ownVoice;
  if (itemTag === '10K-Item-1') sc += W.item1;
  return sc;
}

/** The names a sentence gives and how plainly it gives them; score 0 when it names no segments. */
function score(s: StatementRow, itemTag: string): { score: number; names: string[] } {
  const t = s.text;
  if (s.kind !== 'sentence' || !OWN.test(t) || NOT_SEGMENTS.test(t) || isBoilerplate(t) || t.length > Q.maxSentenceChars)
    return { score: 0, names: [] };
  const names = namesIn(t);
  const named = names.filter(capitalized);
  const count = countOf(t);
  const counted =
    count !== undefined &&
    (count === names.length || (count > 2 && Math.abs(count - names.length) <= 1 && named.length * 2 >= names.length));
  // Names, or as many items as the sentence counts: not "segments are comprised of the components".
  if (names.length < 2 && !(count === 1 && names.length === 1)) return { score: 0, names: [] };
  if (named.length < 2 && !(counted && names.every((n) => n.split(' ').length <= 8)) && !(count === 1 && named.length === 1))
    return { score: 0, names: [] };
  return { score: plainness(t, itemTag, counted, named.length >= 2 || (count === 1 && named.length === 1)), names };
}

/** A sentence that introduces the segments, and the paragraphs after it, one a segment. */
function introduced(all: StatementRow[], i: number): SegmentList | undefined {
  const s = all[i]!;
  if ((s.kind !== 'sentence' && s.kind !== 'heading') || !INTRODUCES.test(s.text) || !OWN.test(s.text) || NOT_SEGMENTS.test(s.text))
    return undefined;
  const count = countOf(s.text);
  const items: StatementRow[] = [];
  for (const next of all.slice(i + 1, i + Q.segmentList.within)) {
    if (next.section_id !== s.section_id || next.kind !== 'sentence') break;
    if (!next.opens && items.length > 0) continue;
    items.push(next);
    if (items.length === (count ?? Q.segmentList.items)) break;
  }
  const named = items.map((it) => /^([A-Z][^:]{1,80}?)(?:\s*\([A-Z&]{2,8}\))?:\s/.exec(it.text)?.[1]?.trim());
  if (items.length < 2 || (count !== undefined && items.length !== count)) return undefined;
  // Without a count, only paragraphs that each open with a segment's name ("Flexibles: Consists of ...").
  if (count === undefined && named.some((n) => !n)) return undefined;
  return { lead: s, items, names: named.map((n, k) => n ?? items[k]!.text.split(/\s+/).slice(0, 4).join(' ')) };
}

const ORDER = ['10K-Item-1', '10K-Item-7', '10K-Item-8', '10Q-Part1-Item-1', '10Q-Part1-Item-2'];

/** The segments a filing lists, or undefined when no sentence of it lists them. */
export function segmentList(reader: FilingReader, filing: FilingRow): SegmentList | undefined {
  let best: { list: SegmentList; score: number } | undefined;
  for (const tag of ORDER) {
    const all = sectionStatements(reader, filing, [tag]).filter((s) => s.kind === 'sentence' || s.kind === 'heading');
    all.forEach((s, i) => {
      const intro = introduced(all, i);
      const introScore = intro ? plainness(intro.lead.text, tag, true, intro.names.every(capitalized)) : 0;
      if (intro && (!best || introScore > best.score)) best = { list: intro, score: introScore };
      const { score: sc, names } = score(s, tag);
      if (sc > 0 && (!best || sc > best.score)) best = { list: { lead: s, items: [], names }, score: sc };
    });
  }
  return best?.list;
}

// Segments said with a word that makes them some of the company's ("The Firm's wholesale business
// segments are ..."): not the whole list.
const SOME_OF = new RegExp(
  String.raw`\b(?!(?:reportable|operating|business|reporting|primary|worldwide|geographic|following|our|its|the|${COUNT_WORD})\b)` +
    String.raw`[a-z]+\s+(?:business\s+)?(?:segments|business units)\b`,
  'i',
);

/** The names of every segment a filing lists, when its sentence lists them all (as many as it counts,
 * none said to be only some of them): what a ranking among the segments compares. */
export function allSegments(reader: FilingReader, filing: FilingRow): string[] | undefined {
  const list = segmentList(reader, filing);
  if (!list || list.names.length < 2 || SOME_OF.test(list.lead.text)) return undefined;
  const count = countOf(list.lead.text);
  return count === undefined || count === list.names.length ? list.names : undefined;
}
