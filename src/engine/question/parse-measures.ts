// The operation and its measures, from the words of a question no other part took. A parenthesis
// after a measure either defines it ("total term debt (current plus non-current)": the sum of the two;
// "three North American divisions (FLNA, QFNA and PBNA)": each of them) or narrows it ("(Nike Brand)").
// A name the lexicon knows is never split at its "and" ("research and development"); a list whose parts
// do not each name a quantity is one name ("Search and news advertising", "Defense, Space & Security").
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { matchLexicon, type LexiconHit } from '../lexicon/match.js';
import { METRIC } from '../lexicon/metrics.js';
import { measureOf, shareHead, type MeasureRead } from './measures.js';
import { readOperation } from './operation.js';
import { isFigureWord } from './vocabulary.js';
import { stem, stemsOf } from '../text/words.js';
import { OPERATIONS, type OperationKind } from '../operations/table.js';
import type { Measure, Operation } from './reading.js';

export interface MeasuresRead {
  operation: Operation;
  measures: Measure[];
  /** [start, end) of the words the operation's cue and the measures used. */
  cues: [number, number][];
  used: [number, number][];
}

/** `text` with the separators inside names the lexicon knows made into word characters, so that no
 * pattern splits "research and development" or "property, plant and equipment" (offsets kept). */
function glued(text: string, hits: LexiconHit[], names: [number, number][]): string {
  const chars = text.split('');
  for (const [s, e] of [...hits.map((h) => [h.start!, h.end!] as [number, number]), ...names, ...properNames(text)])
    for (let i = s; i < e; i++) if (!/[A-Za-z0-9]/.test(chars[i]!)) chars[i] = '_';
  return chars.join('');
}

/** Runs of capitalised words inside a question written in lower case otherwise ("operating income
 * for Accenture's Growth Markets segment"): a name, whose words ("Growth") ask no operation. */
function properNames(text: string): [number, number][] {
  const words = [...text.matchAll(/[A-Za-z][\w&'’.-]*/g)];
  const capital = words.filter((w) => /^[A-Z][a-z]/.test(w[0]));
  if (words.length === 0 || capital.length * 2 > words.length) return [];
  const out: [number, number][] = [];
  for (const m of text.matchAll(/\b[A-Z][a-z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*)+/g))
    if (m.index! > 0) out.push([m.index!, m.index! + m[0].length]);
  return out;
}

const blankOutside = (text: string, s: number, e: number) =>
  text
    .split('')
    .map((c, i) => (i >= s && i < e ? c : ' '))
    .join('');
const blankInside = (text: string, s: number, e: number) =>
  text
    .split('')
    .map((c, i) => (i >= s && i < e ? ' ' : c))
    .join('');
const headed = (m: MeasureRead) => !!(m.measure.item || m.measure.metric);

/** One operation over the operands of `text` (no parenthesis to read). */
function parse(
  text: string,
  hits: LexiconHit[],
  multiYear: boolean,
  names: [number, number][] = [],
  list = false,
): { operation: Operation; read: MeasureRead[]; cues: [number, number][] } {
  // Names the lexicon or the filings know are glued: never split at their "and".
  const g = glued(text, hits, names);
  const op = readOperation(g, multiYear);
  let { operation, operands, cues } = op;
  // "How much more net sales did A generate than B": A's and B's net sales.
  const head = op.head ? measureOf(text, op.head[0], op.head[1], hits) : undefined;
  if (head) {
    const read = operands
      .map(([s, e]) => measureOf(text, s, e, hits))
      .filter((m) => m !== undefined)
      .map((m) => ({ ...m, measure: underHead(m.measure, head.measure), used: [...m.used, ...head.used] }));
    return { operation, read, cues };
  }
  // A cue inside a metric's own name ("debt-to-equity ratio", "asset turnover") is no operation.
  if (cues.some(([s, e]) => hits.some((h) => h.start! < e && h.end! > s))) {
    operation = { kind: 'value' };
    operands = [[0, text.length]];
    cues = [];
  }
  // An operand of nothing but presentation words is the tail of the one before it ("other income
  // (expense), net").
  const merged: [number, number][] = [];
  for (const [s, e] of operands) {
    const last = merged[merged.length - 1];
    if (last && !measureOf(text, s, e, hits)) last[1] = e;
    else merged.push([s, e]);
  }
  let read = merged.map(([s, e]) => measureOf(text, s, e, hits)).filter((m) => m !== undefined);
  // The operand the pattern took named nothing ("the CAGR of ..." written after the measure): the
  // measure is what the words left name.
  if (read.length === 0 && operation.kind !== 'value') {
    let left = text;
    for (const [s, e] of cues) left = blankInside(left, s, e);
    const m = measureOf(left, 0, left.length, hits);
    read = m ? [m] : [];
  }
  // Several operands, not each a quantity of its own: one name with an "and" in it, read whole — for a
  // plain value, and for a sum or average over years of one measure.
  const oneName = !list && (operation.kind === 'value' || (OPERATIONS[operation.kind].overYears && multiYear));
  // (A list that opens with a line item said plainly lists quantities: "net sales and membership fees".)
  // (Joined by "and": a comma may be a date's, "total assets at December 31, 2022 on a pro forma basis".)
  const joined = read.slice(1).every((m, k) => {
    const end = Math.max(...read[k]!.used.map(([, e]) => e));
    const start = Math.min(...m.used.map(([s]) => s));
    return /\band\b|&/.test(text.slice(end, start));
  });
  const quantities =
    read.length > 1 &&
    joined &&
    headed(read[0]!) &&
    read[0]!.measure.qualifiers.length === 0 &&
    read.slice(1).every((m) => m.measure.words.some((w) => !isFigureWord(w)));
  if (oneName && read.length > 1 && !read.every(headed) && !quantities) {
    let whole = text;
    for (const [s, e] of cues) whole = blankInside(whole, s, e);
    const m = measureOf(whole, 0, whole.length, hits);
    read = m ? [m] : read;
    if (operation.kind !== 'value') operation = { ...operation, overYears: true };
  }
  return { operation, read, cues };
}

/** Headless operands take the quantity of the operand that names one: in a list, those before it
 * ("footwear and apparel revenues"); in a share, the part takes the whole's, qualifiers included ("what
 * percentage of QCT revenues came from handsets"). */
function shareHeads(read: MeasureRead[], kind: OperationKind): Measure[] {
  const measures = read.map((m) => m.measure);
  if (measures.length < 2) return measures;
  if (kind === 'share') {
    const [part, whole] = [measures[0]!, measures[1]!];
    const p = shareHead(part, whole);
    // A free label's part names the whole's words too: "Commercial Airplanes" of the backlog.
    const free = !part.item && !part.metric && !whole.item && !whole.metric && part.words.length <= 3;
    if (p === part && free) return [{ ...part, words: [...new Set([...whole.words, ...part.words])] }, whole];
    return [
      p === part
        ? p
        : { ...p, qualifiers: [...new Set([...whole.qualifiers, ...p.qualifiers])], words: [...new Set([...whole.words, ...p.words])] },
      whole,
    ];
  }
  if (kind === 'ratio') return measures;
  const out = [...measures];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.item || m.metric) continue;
    // The quantity named after the list ("iPhone and Mac net sales"), or before it ("net sales of
    // Foods and Sundries and Fresh Foods": the headed operand opens with its quantity).
    const next = out.slice(i + 1).find((x) => x.item || x.metric);
    const before = out
      .slice(0, i)
      .reverse()
      .find((x) => x.item || x.metric);
    const head = next ?? (before && headFirst(before) ? before : undefined);
    if (head && m.words.length <= 4) out[i] = shareHead(m, head);
  }
  return out;
}

/** The measure's text opens with its quantity's words ("net sales of Foods and Sundries"). */
function headFirst(m: Measure): boolean {
  const first = m.text.split(/\s+/)[0]?.toLowerCase() ?? '';
  return m.qualifiers.length > 0 && !m.qualifiers.some((q) => q.toLowerCase() === first) && m.words.some((w) => w.toLowerCase() === first);
}

/** A metric written with only its own inputs besides ("interest coverage (operating income / interest
 * expense)", "capital intensity (capex as a share of revenue)"): the metric is what is asked. */
function definedMetric(read: MeasureRead[]): Measure | undefined {
  const named = read.find((m) => m.measure.metric);
  if (!named) return undefined;
  const def = METRIC.get(named.measure.metric!)!;
  const inputs = new Set<LineItemKey>([
    ...def.needs,
    ...(def.avg ?? []),
    ...(def.optional ?? []),
    ...(def.key === 'gross_margin' ? (['cost_of_revenue', 'gross_profit'] as LineItemKey[]) : []),
  ]);
  const items = read.flatMap((m) => m.items);
  if (read.length < 2 && items.length === 0) return undefined;
  // The other operands are the metric's inputs (line items), never another metric ("products gross
  // margin minus services gross margin" is a difference of two margins).
  if (!items.every((k) => inputs.has(k)) || read.some((m) => m !== named && !m.measure.item)) return undefined;
  // One operand ("footwear sales gross margin", "home sales gross margin"): an input named inside it is
  // the metric's base, and a word naming no input still narrows it (footwear's margin, not the company's).
  // (Only words before the metric's own: a definition's words after it, "define ... less ...", are not.)
  if (read.length === 1) {
    const m = named.measure;
    const text = m.text.toLowerCase();
    const inputWords = new Set([...inputs].flatMap((k) => [LINE_ITEM.get(k)!.name, ...LINE_ITEM.get(k)!.labels].flatMap(stemsOf)));
    const first = Math.min(
      ...m.words
        .filter((w) => !m.qualifiers.includes(w))
        .map((w) => text.indexOf(w.toLowerCase()))
        .filter((i) => i >= 0),
    );
    const before = (q: string) => {
      const at = text.indexOf(q.toLowerCase());
      return at >= 0 && at < first;
    };
    return { ...m, qualifiers: m.qualifiers.filter((q) => before(q) && !inputWords.has(stem(q.toLowerCase()))) };
  }
  return { ...named.measure, qualifiers: [] };
}

/** The measure a definition's operand names, given the measure it defines: "current" of "total term
 * debt" is the current term debt. */
function underHead(m: Measure, head: Measure): Measure {
  if (m.item || m.metric) return m;
  const h = head.metric && head.qualifiers.length > 0 ? { ...head, metric: undefined } : head;
  const own = new Set(m.words.map((w) => w.toLowerCase()));
  const missing = h.words.filter((w) => !own.has(w.toLowerCase()) && !/^(?:total|combined|net)$/i.test(w));
  if (h.item) return shareHead(m, h);
  return { ...m, words: [...missing, ...m.words] };
}

export function readMeasures(text: string, multiYear: boolean, names: [number, number][] = []): MeasuresRead {
  const hits = matchLexicon(text, { repeat: true });
  // A parenthesis inside a label ("income/(expense)", "(loss)") is part of it, not a definition.
  const paren = [...text.matchAll(/\(([^()]*)\)/g)].find(
    (m) =>
      /[A-Za-z]{2,}/.test(m[1]!) &&
      !/\/\s*$/.test(text.slice(0, m.index)) &&
      !/^\s*\//.test(text.slice(m.index! + m[0].length)) &&
      !/^\s*(?:loss|losses|expense|expenses|income|benefit|deficit|gain|gains|charge|credit|net|used in|used)\s*$/i.test(m[1]!),
  );
  let operation: Operation;
  let read: MeasureRead[];
  let cues: [number, number][];
  const used: [number, number][] = [];
  if (paren) {
    const [ps, pe] = [paren.index!, paren.index! + paren[0].length];
    const inside = blankOutside(text, ps + 1, pe - 1);
    const outside = blankInside(text, ps, pe);
    // "three North American divisions (FLNA, QFNA and PBNA)": a list after parts named in the plural
    // is the parts, never one name.
    const parts = /\b(?:segments|divisions|businesses|categories|regions|brands|units|products|franchises)\s*$/i.test(text.slice(0, ps));
    const inner = parse(
      inside,
      hits.filter((h) => h.start! > ps && h.end! < pe),
      false,
      names.filter(([s, e]) => s > ps && e < pe),
      parts,
    );
    const outer = parse(
      outside,
      hits.filter((h) => h.end! <= ps || h.start! >= pe),
      multiYear,
      names.filter(([s, e]) => e <= ps || s >= pe),
    );
    if (inner.operation.kind !== 'value' || inner.read.length >= 2) {
      // A definition: its operands are the measure outside, each as the inside narrows it.
      const head = outer.read.find(headed)?.measure ?? outer.read[0]?.measure;
      const defined = definedMetric([...outer.read, ...inner.read]);
      // "(using total cash dividends paid and net income attributable to shareholders)": which inputs
      // the metric takes, not parts to add; "(operating income / interest expense)": its formula.
      const inputs = /^\s*(?:using|with|based on|from|calculated (?:as|using|with)|computed (?:as|using|with)|defined as|i\.e\.,?)\b/i.test(
        paren[1]!,
      );
      if (defined && (inner.operation.kind !== 'value' || inputs)) {
        return {
          operation: outer.operation,
          measures: [defined],
          cues: [...outer.cues, ...inner.cues, [ps, pe]],
          used: [...outer.read, ...inner.read].flatMap((m) => m.used),
        };
      }
      operation =
        outer.operation.kind !== 'value'
          ? outer.operation
          : inner.operation.kind !== 'value'
            ? inner.operation
            : { kind: 'sum', text: 'the parts listed' };
      const measures = head ? inner.read.map((m) => underHead(m.measure, head)) : inner.read.map((m) => m.measure);
      return { operation, measures, cues: [...outer.cues, ...inner.cues], used: [...outer.read, ...inner.read].flatMap((m) => m.used) };
    }
    // Nothing outside names a quantity ("Which grew faster, HP or HPE (net revenue)?"): the parenthesis
    // names the measure.
    if (outer.read.length === 0 && inner.read.length === 1) {
      return { operation: outer.operation, measures: [inner.read[0]!.measure], cues: outer.cues, used: inner.read[0]!.used };
    }
    // Words that narrow every measure: "(Nike Brand)"; the measure's own name said again ("return on
    // assets (ROA)") narrows nothing.
    const restated =
      inner.read.length === 1 &&
      outer.read.some(
        (o) =>
          (o.measure.metric && o.measure.metric === inner.read[0]!.measure.metric) ||
          (o.measure.item && o.measure.item === inner.read[0]!.measure.item && inner.read[0]!.measure.qualifiers.length === 0),
      );
    const narrow = restated ? [] : inner.read.flatMap((m) => m.measure.words);
    ({ operation, read, cues } = outer);
    // A list of parts of one measure: the parenthesis right after the last part narrows that part alone
    // ("the United States and China (including Hong Kong)").
    const heads = shareHeads(read, operation.kind);
    const last = read.at(-1);
    const ownParen =
      heads.length === read.length &&
      heads.length >= 2 &&
      heads.every(
        (m) => m.qualifiers.length > 0 && !!(m.item ?? m.metric) && (m.item ?? m.metric) === (heads[0]!.item ?? heads[0]!.metric),
      ) &&
      !!last &&
      /^\s*$/.test(text.slice(Math.max(...last.used.map(([, e]) => e)), ps)) &&
      // (After the part's own name, not the measure's: "footwear and apparel revenues (Nike Brand)" are both Nike Brand's.)
      heads.at(-1)!.qualifiers.some((q) => q.toLowerCase() === /([A-Za-z][\w.&'-]*)\s*$/.exec(text.slice(0, ps))?.[1]?.toLowerCase());
    const measures = heads.map((m, k) =>
      ownParen && k < read.length - 1
        ? m
        : {
            ...m,
            words: [...m.words, ...narrow],
            qualifiers: m.item || m.metric ? [...m.qualifiers, ...narrow] : m.qualifiers,
          },
    );
    return { operation, measures, cues, used: [...read, ...inner.read].flatMap((m) => m.used) };
  }
  ({ operation, read, cues } = parse(text, hits, multiYear, names));
  used.push(...read.flatMap((m) => m.used));
  const defined = definedMetric(read);
  if (defined)
    return {
      operation: OPERATIONS[operation.kind].ofMeasures ? { kind: 'value' } : operation,
      measures: [defined],
      cues,
      used,
    };
  return { operation, measures: partOfAll(shareHeads(read, operation.kind), operation.kind), cues, used };
}

// The words that say a qualifier names a part of the company.
const PART_NOUN = /\b(?:segments?|divisions?|business(?:es)?|units?|regions?|geograph(?:y|ies))\b/i;

/** A part named before a list of line items is the part of each: "the Experiences segment's revenue and
 * operating income" asks both of the segment. Only a part said to be one ("segment", "division") is
 * shared: "services revenue and net income" asks the company's net income. */
function partOfAll(measures: Measure[], kind: OperationKind): Measure[] {
  const [first, ...rest] = measures;
  if (!first || rest.length === 0 || kind !== 'value' || !(first.item || first.metric)) return measures;
  if (first.qualifiers.length === 0 || !PART_NOUN.test(first.text)) return measures;
  // The part comes before the item's own words ("Experiences segment revenue").
  if (!first.text.toLowerCase().startsWith(first.qualifiers[0]!.toLowerCase())) return measures;
  if (!rest.every((m) => (m.item || m.metric) && m.qualifiers.length === 0)) return measures;
  return [first, ...rest.map((m) => ({ ...m, qualifiers: [...first.qualifiers], words: [...new Set([...first.qualifiers, ...m.words])] }))];
}
