// "How many employees", "how many stores": a number a sentence of the company's evidence puts before
// the asked noun ("approximately 161,000 full-time equivalent employees"). Of several, the one dated
// in the asked year ("to 7,140 stores at August 26, 2023"), not one of a part of the company ("6,300
// stores in the U.S.") unless the question names that part, else the first.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import { sameStems } from '../lexicon/same-words.js';
import { stem } from '../text/words.js';
import { grouped } from '../text/format.js';
import { ANSWER_TUNING } from './tuning.js';
import { EMPLOYED, GENERIC_PART, listedPart, nounPattern, partCount, sentenceStems } from './count-parts.js';

/** A number, up to four words, then a word of the counted noun's stem ("161,000 full-time equivalent
 * employees"). */
const numberBefore = (noun: string) =>
  new RegExp(
    String.raw`\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million|billion))?\s+((?:[a-z-]+\s+){0,4}?)(${nounPattern(noun)})\b`,
    'gi',
  );
const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;

/** "82,500 and 79,000 employees, respectively ... 2022 and 2021": the count of `year`; null when the
 * sentence pairs counts with years but not that year; undefined when it pairs nothing. */
function respectively(
  sentence: string,
  noun: string,
  year: number,
  wanted: Set<string>,
): { count: string; noun: string } | null | undefined {
  // Words between the counts and the noun the question did not say make another count ("model homes").
  const other = (between: string | undefined) =>
    (between ?? '')
      .trim()
      .split(/\s+/)
      .some((w) => w && !wanted.has(stem(w.toLowerCase())));
  const list = new RegExp(
    String.raw`\b(${NUMBER}(?:\s*,\s*${NUMBER})*\s*,?\s*(?:and|&)\s*${NUMBER})(\s+(?:thousand|million|billion))?` +
      String.raw`\s+((?:[a-z-]+\s+){0,4}?)(${noun.replace(/[^a-z-]/g, '')}[a-z]*)\b`,
    'i',
  ).exec(sentence);
  if (list) {
    // The numbers themselves ("82,500 and 79,000": a thousands comma is not a list's).
    const counts = [...list[1]!.matchAll(new RegExp(NUMBER, 'g'))].map((m) => m[0]);
    const years = [...sentence.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
    if (counts.length >= 2 && counts.length === years.length && !other(list[3])) {
      const k = years.indexOf(year);
      return k < 0 ? null : { count: `${counts[k]}${list[2] ?? ''}`, noun: `${list[3] ?? ''}${list[4]}`.trim() };
    }
  }
  // "127,393,378 shares and 128,892,540 shares as of September 30, 2022 and October 1, 2021": each count
  // with its noun, the years after the last of them.
  const each = [...sentence.matchAll(numberBefore(noun))].filter((n) => !/^(?:19|20)\d\d$/.test(n[1]!));
  const years = [...sentence.slice(each[each.length - 1]?.index ?? 0).matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  const counts = each.slice(-years.length);
  if (counts.length < 2 || counts.length !== years.length || counts.some((n) => other(n[3]))) return undefined;
  const k = years.indexOf(year);
  return k < 0 ? null : { count: `${counts[k]![1]}${counts[k]![2] ?? ''}`, noun: `${counts[k]![3] ?? ''}${counts[k]![4]}`.trim() };
}

/** "Total workforce level at December 31, 2018 was approximately 153,000": the count a sentence gives
 * after naming the noun (with "total" or nothing before it, so not "of our total workforce, were union
 * represented"); two counts pair with the sentence's two years in order; one count is of the year the
 * sentence names, or of its report's year when it names none. */
function nounFirst(
  sentence: string,
  noun: string,
  year: number,
  reportYear: number,
  parts: Set<string> = new Set(),
): { count: string; noun: string } | undefined {
  // With parts asked, the noun comes right after them ("the number of paid Disney+ Hotstar subscribers").
  const lead =
    parts.size > 0 ? String.raw`\b((?:[\w+&'’.-]+\s+){0,3}?)` : String.raw`(?:^|[^\w\s]\s*|\b(?:our|its|the|total|worldwide)\s+)()`;
  const re = new RegExp(
    String.raw`${lead}((?:total\s+)?(${nounPattern(noun)})(?:\s+(?:level|count|size))?)\b([^.;%$]{0,60}?)` +
      String.raw`\b(?:was|were|totaled|totalled|numbered|of|reached|stood at)\s+` +
      // ("22.3 billion and 19.3 billion": each count with its scale.)
      String.raw`(?:approximately\s+|about\s+|nearly\s+|roughly\s+|over\s+|more than\s+)?(${NUMBER})` +
      String.raw`(?:(?:\s+(?:million|thousand|billion)(?=\s+and\s+\d))?\s+and\s+(${NUMBER}))?` +
      String.raw`(\s+(?:million|thousand|billion))?(?![\d,]*\s*(?:%|percent))`,
    'gi',
  );
  let m: RegExpExecArray | null = null;
  for (const x of sentence.matchAll(re)) {
    const before = new Set(
      (x[1] ?? '')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((w) => stem(w)),
    );
    if ([...parts].every((p) => before.has(p))) {
      m = x;
      break;
    }
  }
  if (!m || /\d+\s*%/.test(m[4] ?? '')) return undefined;
  m = [m[0], ...m.slice(2)] as unknown as RegExpExecArray;
  const scale = m[6] ? m[6].trim() : '';
  const counts = [m[4]!, ...(m[5] ? [m[5]] : [])].filter((c) => !/^(?:19|20)\d\d$/.test(c)).map((c) => (scale ? `${c} ${scale}` : c));
  const years = [...new Set([...sentence.matchAll(/\b((?:19|20)\d\d)\b/g)].map((y) => Number(y[1])))];
  const k =
    counts.length === 2
      ? years.length === 2
        ? years.indexOf(year)
        : -1
      : years.length === 0
        ? reportYear === year
          ? 0
          : -1
        : years.length === 1 && years[0] === year
          ? 0
          : -1;
  return k >= 0 && counts[k] ? { count: counts[k]!, noun: m[2]!.toLowerCase() } : undefined;
}

// Nouns whose plural is the singular ("5,000 aircraft", "57,500 people").
const INVARIANT = /^(?:aircraft|people|staff|personnel|workforce|headcount|equipment|sheep|fish|deer|moose|series)$/i;

// A sentence that opens with a part's count ("Approximately 38,000 were in the EMEA region").
// Or that opens on the whole ("Of these, our largest representation includes 1,283 (37%) based in ...").
const PART_FIRST = String.raw`(?:approximately\s+|about\s+|over\s+|nearly\s+|some\s+)?\d[\d,]*(?:\.\d+)?\s+(?:were|was|are|is)\s+`;
const PARTS_NEXT = new RegExp(
  String.raw`^\s*(?:${PART_FIRST}(?:located\s+|based\s+)?(?:in|outside|within)\b|Of\s+(?:these|them|those),)`,
  'i',
);

/** A count's sentence with the next when that one gives its parts ("... 90,000 people worldwide.
 * Approximately 38,000 were in the EMEA region, 25,000 were in the Asia-Pacific region"). */
export function withPartsAfter(e: EvidenceEntry, statement: (id: number) => { kind: string; text: string } | undefined): EvidenceEntry {
  const id = e.sources[0]?.statementIds[0];
  const next = id === undefined ? undefined : statement(id + 1);
  if (next?.kind !== 'sentence' || !PARTS_NEXT.test(next.text)) return e;
  return { ...e, consensus: `${e.consensus} ${next.text}` };
}

/** The stems of the noun counted and its other names, and each word of a hyphenated noun
 * ("cards-in-force": card, force), which are no part of what is counted. */
export function nounStems(counted: string): string[] {
  return [...sameStems(stem(counted)), ...hyphened(counted)];
}

/** Whether the measure's stems `say` name the noun counted: its stem, or each word of a hyphenated noun. */
export function countsAsked(counted: string, say: string[]): boolean {
  const words = hyphened(counted);
  return sameStems(stem(counted)).some((w) => say.includes(w)) || (words.length > 0 && words.every((w) => say.includes(w)));
}

/** The stems of a hyphenated noun's words of three letters or more; none for a noun of one word. */
function hyphened(counted: string): string[] {
  const words = counted.toLowerCase().split('-');
  return words.length > 1 ? words.filter((w) => w.length > 2).map((w) => stem(w)) : [];
}

/** The count of `counted` (a noun) a sentence of `ticker`'s evidence states for `year`. `parts` are
 * the words that may narrow it to a part of the company. */
export function countStated(
  chains: EvidenceChain[],
  ticker: string,
  year: number,
  counted: string,
  parts: string[] = [],
): { count: string; noun: string; entry: EvidenceEntry; parts?: string[] } | undefined {
  return countIn(
    chains.flatMap((c) => c.entries),
    ticker,
    year,
    counted,
    parts,
  );
}

// Words that say what state a whole count is in, not which part of it is counted.
const WHOLE_STATE =
  /^(?:open|opened|operat\w*|activ\w*|total|exist\w*|employ\w*|worldwid\w*|global\w*|overal\w*|had|have|end|year-end|current\w*)$/;

/** The same over entries (the evidence's, or sentences found for the question). */
export function countIn(
  entries: EvidenceEntry[],
  ticker: string,
  year: number,
  counted: string,
  parts: string[] = [],
  said: string[] = [],
): { count: string; noun: string; entry: EvidenceEntry; parts?: string[] } | undefined {
  const wanted = new Set(said.map((w) => stem(w.toLowerCase())));
  const noun = stem(counted.toLowerCase());
  const NUMBER_BEFORE = numberBefore(noun);
  const partStems = new Set(parts.map((w) => stem(w.toLowerCase())));
  // The parts that narrow what is counted ("full-time", "U.S."), not the state of all of it ("open").
  const narrowing = [...partStems].filter((w) => !WHOLE_STATE.test(w));
  let best: { score: number; found: { count: string; noun: string; entry: EvidenceEntry }; placed: boolean } | undefined;
  for (const e of entries) {
    const filing = e.sources[0]?.source.filing;
    if (e.row || filing?.sec_ticker !== ticker) continue;
    // A count of the year asked: stated in that year's report, or naming the year.
    if (Number(filing.sec_fiscal_year.slice(3)) !== year && !e.consensus.includes(String(year))) continue;
    // A sentence of other years only ("In 2012, our Board ... authorized") counts nothing of this one.
    const years = [...e.consensus.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
    if (years.length > 0 && !years.includes(year)) continue;
    // A part asked ("full-time employees") that the sentence never names: a count of more than it.
    if (narrowing.length > 0) {
      const said = sentenceStems(e.consensus);
      // Every word of the part asked, the generic nouns of a part and the counted noun's own words aside
      // ("Pork segment": pork; "full-time equivalent headcount": full-time, equivalent), a hyphenated
      // one said whole or in its pieces ("union-represented": "represented by unions").
      const nouns = new Set(sameStems(noun));
      const saidPart = (w: string) =>
        said.has(w) || GENERIC_PART.test(w) || nouns.has(w) || (w.includes('-') && w.split('-').every((p) => !p || said.has(stem(p))));
      if (!narrowing.every(saidPart)) continue;
      // "... 90,000 people worldwide. Approximately 38,000 were in the EMEA region, 25,000 were in the
      // Asia-Pacific region": the count of the clause that names the part.
      const part = partCount(e.consensus, noun, counted, narrowing) ?? listedPart(e.consensus, noun, counted, narrowing);
      if (part) return { ...part, entry: e };
    }
    // "approximately 82,500 and 79,000 employees, respectively" with "As of December 31, 2022 and
    // 2021": the counts and the years pair in order.
    // "Boeing's total workforce was approximately 156,000 and 142,000" after "As of December 31, 2022
    // and 2021": the noun first, then its counts, paired with the sentence's years in order.
    const first = nounFirst(e.consensus, noun, year, Number(filing.sec_fiscal_year.slice(3)), partStems);
    if (first) return { ...first, entry: e };
    if (/\brespectively\b/i.test(e.consensus)) {
      const paired = respectively(e.consensus, noun, year, wanted);
      if (paired) return { ...paired, entry: e };
      // Counts a "respectively" sentence does not pair with its dates are not dated by them.
      continue;
    }
    // "we employed approximately 119,000 AutoZoners": the verb says they are employees, whatever the
    // company calls them.
    const employed = narrowing.length === 0 && sameStems(noun).includes('employe') ? EMPLOYED.exec(e.consensus) : null;
    if (employed && (!best || best.score < 0)) {
      const count = `${employed[1]}${employed[2] ?? ''}`;
      best = { score: years.includes(year) ? 1 : 0, placed: false, found: { count, noun: employed[3]!, entry: e } };
    }
    for (const n of e.consensus.matchAll(NUMBER_BEFORE)) {
      if (!sameStems(noun).includes(stem(n[4]!.toLowerCase())) || /^(?:19|20)\d\d$/.test(n[1]!)) continue;
      // Not a count: an amount of money ("$800 million of employee ..."), a model's number ("iPhone 13
      // and iPhone"), a noun that qualifies another ("employee benefits"), glue between ("13 and").
      const before = e.consensus.slice(Math.max(0, n.index! - ANSWER_TUNING.before.count), n.index!);
      if (/\$\s*$/.test(before) || /[A-Z][\w®]*\s*$/.test(before)) continue;
      // What an act the question did not name did to them is another count: "repurchased 21.3 million
      // shares" are not the shares outstanding ("operated", "employed" say what all of them are).
      const lead = e.consensus.slice(Math.max(0, n.index! - ANSWER_TUNING.before.countAct), n.index!);
      const act = /\b([a-z]+ed)\s+(?:(?:approximately|about|over|nearly|some|more than|a total of)\s+)?$/i.exec(lead)?.[1]?.toLowerCase();
      if (act && !WHOLE_STATE.test(act) && !WHOLE_STATE.test(stem(act)) && !wanted.has(stem(act)) && !partStems.has(stem(act))) continue;
      // A limit is no count: "a share repurchase plan of up to 500 million shares".
      if (/\b(?:up to|as many as|a maximum of|not to exceed|no more than)\s+$/i.test(lead)) continue;
      // ("full- and part-time employees": a pair of words sharing a hyphen is one word.)
      // ("full-time and part-time employees": two such words joined are one.)
      const joined = (n[3] ?? '')
        .replace(/-\s+(?:and|or)\s+/gi, '- ')
        .replace(/\b([a-z]+-[a-z]+)\s+(?:and|or)\s+(?=[a-z]+-[a-z]+\b)/gi, '$1 ');
      if (/\b(?:and|or|of|to|in|the|a)\b/i.test(joined)) continue;
      // A singular noun after a number above one names something else ("15 different Employee Resource
      // Groups"); nouns the same in both numbers aside.
      // (A hyphenated noun's plural is its first word's: "cards-in-force".)
      const head = n[4]!.split('-')[0]!;
      if (Number(n[1]!.replace(/,/g, '')) > 1 && !/s$/i.test(head) && !INVARIANT.test(n[4]!)) continue;
      if (
        /^\s+(?:benefits?|costs?|compensation|expenses?|related|stock|plans?|salar\w*|wages|matters)\b/i.test(
          e.consensus.slice(n.index! + n[0].length),
        )
      )
        continue;
      // Those of one site or activity ("occupied by approximately 12,600 employees engaged in
      // management ..."): a part, not the company's count.
      if (
        /\b(?:occupied by|hous(?:es|ed|ing)|accommodat\w*)\s+(?:(?:approximately|about|over|nearly|some|more than)\s+)?$/i.test(lead) ||
        /^\s+(?:engaged in|who (?:work|are)|working (?:in|at|on|for)|located|based)\b/i.test(e.consensus.slice(n.index! + n[0].length))
      )
        continue;
      const after = e.consensus.slice(n.index! + n[0].length, n.index! + n[0].length + 40);
      const dated = /^,?\s+(?:at|as of|on)\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d\d)/.exec(after);
      const place = /^,?\s+in\s+(?:the\s+)?([A-Z][\w.]*)/.exec(after);
      // A part asked: the whole ("2.2 million employees ("associates") worldwide") is not it.
      // (Unless the count's own words name it: "76.7 million proprietary cards-in-force worldwide".)
      const own = new Set((n[3] ?? '').split(/\s+/).map((w) => stem(w.toLowerCase())));
      const whole = /^\W*(?:\([^)]*\)\s*)?(?:worldwide|globally|in total|in all|overall)\b/i.test(after);
      if (narrowing.length > 0 && whole && !narrowing.every((w) => own.has(w))) continue;
      // "270 warehouses outside of the U.S. (31% of all warehouse locations)": a part, unless asked.
      if (/^,?\s+(?:outside|beyond)\s+(?:of\s+)?(?:the\s+)?[A-Z]/.test(after) && !partStems.has(stem('outside'))) continue;
      // A part asked: a count whose own words name another part is that part's ("3 million Fios video
      // connections" for Fios internet connections).
      const modifiers = joined.trim().split(/\s+/).filter(Boolean);
      if (
        narrowing.length > 0 &&
        modifiers.some(
          (w) => !WHOLE_STATE.test(w.toLowerCase()) && !partStems.has(stem(w.toLowerCase())) && !wanted.has(stem(w.toLowerCase())),
        )
      )
        continue;
      // Words between the number and the noun that the question did not say make another count
      // ("1,800 model homes" is not the homes closed).
      let score = -(n[3] ?? '')
        .trim()
        .split(/\s+/)
        .filter((w) => w && !partStems.has(stem(w.toLowerCase())) && !wanted.has(stem(w.toLowerCase()))).length;
      if (dated) score += Number(dated[1]) === year ? 2 : -2;
      // A sentence that names the year asked ("At September 30, 2023, ... (15,197 homes)") over one that
      // does not ("The assets acquired included ... a sales order backlog of 100 homes").
      if (years.includes(year)) score += 1;
      if (place) score += partStems.has(stem(place[1]!.toLowerCase().replace(/\./g, ''))) ? 2 : -1;
      // "operated 861, 838, and 815 warehouses worldwide at September 3, 2023, August 28, 2022, and
      // August 29, 2021": a list of counts pairs with the sentence's years in order, or says nothing.
      const list = /((?:\b\d{1,3}(?:,\d{3})*\s*,\s*)+(?:and\s+)?)$/.exec(e.consensus.slice(0, n.index!));
      let count = `${n[1]}${n[2] ?? ''}`;
      if (list) {
        const counts = [...list[1]!.matchAll(/\d{1,3}(?:,\d{3})*/g)].map((x) => x[0]).concat(count);
        const k = counts.length === years.length ? years.indexOf(year) : -1;
        if (k < 0) continue;
        count = counts[k]!;
        score += 2;
      }
      if (!best || score > best.score) best = { score, placed: !!place, found: { count, noun: `${n[3] ?? ''}${n[4]}`.trim(), entry: e } };
    }
  }
  // "6,300 stores in the U.S., 740 stores in Mexico and 100 stores in Brazil", no part asked: the whole
  // is their sum, said to be one.
  if (best?.placed && partStems.size === 0) {
    const each = [
      ...best.found.entry.consensus.matchAll(
        /\b(\d{1,3}(?:,\d{3})+|\d+)\s+(?:[a-z-]+\s+){0,3}?([a-z-]+)\s+in\s+(the\s+)?([A-Z][\w.]*(?:\s[A-Z][\w.]*)*)/g,
      ),
    ]
      .filter((p) => stem(p[2]!.toLowerCase()) === noun)
      .map((p) => ({ n: Number(p[1]!.replace(/,/g, '')), text: `${p[1]} in ${p[3] ?? ''}${p[4]!.replace(/(?<![A-Z])\.$/, '')}` }));
    if (each.length >= 2 && new Set(each.map((p) => p.text)).size === each.length) {
      return {
        ...best.found,
        count: grouped(
          each.reduce((t, p) => t + p.n, 0),
          3,
        ),
        parts: each.map((p) => p.text),
      };
    }
  }
  return best?.found;
}
