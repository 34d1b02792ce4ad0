// The acquisitions a company completed in a fiscal year, as the year's 10-K names them: the sentences
// of its acquisitions note, then of the MD&A and Item 1, that name a company acquired and date its
// completion in that year ("On July 18, 2022, BD completed the acquisition of Parata Systems",
// "Calspan, which was acquired in the third quarter of fiscal 2023"), one sentence for each company
// at least; or the sentence saying there were none ("The Company did not have any acquisitions during
// fiscal 2022"). Never the goodwill or the price: a name is the answer. An agreement to acquire is not
// an acquisition until the filing says it was completed.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { acquisitionNames } from './acquisition-names.js';
import { type Block, type Cite, clause, fy, nameOf, owner, type QualitativeInput, quote, reportOf, yearName } from './block.js';
import { isBoilerplate } from './boilerplate.js';
import { type FiscalYear, fiscalYearOf, timeRefs, type TimeRef } from './dates.js';
import { sectionStatements } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const K = ANSWER_TUNING.qualitative.kinds.acquisitions;

// Where a 10-K names its acquisitions, the note first.
const ITEMS = ['10K-Item-8', '10K-Item-7', '10K-Item-1'];
const COMPLETED = /\b(?:completed|closed|consummated|acquired|purchased)\b/i;
const AGREED = new RegExp(
  [
    String.raw`\b(?:entered into|signed|executed)\b[^.]{0,80}\bagreement\b|\bagreement to (?:acquire|purchase|merge)\b|\bannounced\b`,
    String.raw`\bplans? to acquire\b|\bpending\b|\bproposed\b|\bwill acquire\b|\bexpected to (?:close|be completed)\b`,
  ].join('|'),
  'i',
);
// "acquired by SAP", "assets acquired and liabilities assumed": no acquisition of the company's.
const NOT_DONE =
  /\bacquired\s+by\b|\b(?:assets|liabilities|net assets|intangibles?|technology|software|goodwill|loans|businesses)\s+(?:\w+\s+)?acquired\b/gi;
const PART_OF = /\b(?:as part of|in connection with|through)\s+(?:our|the|its)\s+(?:\w+\s+)?acquisition of\b/i;
const THEN_COMPLETED = /\b(?:acquisition|transaction|merger)\s+(?:was|has been)\s+(?:completed|closed|consummated)\b/i;
const NONE = new RegExp(
  [
    String.raw`\b(?:did not|didn't)\s+(?:have|make|complete|close|consummate)\s+any\s+(?:material\s+|significant\s+)?(?:business\s+)?acquisitions\b`,
    String.raw`\b(?:no|made no)\s+(?:material\s+|significant\s+)?(?:business\s+)?acquisitions\s+(?:were\s+|was\s+)?(?:made|completed|during|in)\b`,
    String.raw`\bthere were no\s+(?:material\s+|significant\s+)?(?:business\s+)?acquisitions\b`,
  ].join('|'),
  'i',
);
// "During fiscal 2023, the Company completed five acquisitions.", "we invested $2.5 billion across 25
// strategic acquisitions": how many, when some go unnamed.
const HOW_MANY = String.raw`(?:(?<![\d,.$])\b\d{1,3}|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|numerous|various))`;
const COUNTED = new RegExp(String.raw`${HOW_MANY}\s+(?:\w+\s+){0,2}?(?:acquisitions|business combinations)\b`, 'i');
// What NONE and COUNTED both need, found faster than either (a report's sections have thousands of sentences).
const MENTIONS = /acquisitions|business\s+combinations/i;

// The auditor's report on a critical audit matter retells the note ("As described in Note 6 to the
// consolidated financial statements, the Company completed ..."): the note's own words come first.
const RETOLD = /^\s*As (?:described|discussed|disclosed) in Note\b|\bcritical audit matter\b|\bour audit\b/i;
// "Calspan, which was acquired in the third quarter of fiscal 2023", "TriState Capital Bank on June 1,
// 2022": a time said of the name itself, right after it.
const OWN_TIME =
  /^(?:\s*\([^)]{0,80}\))?,?\s+(?:(?:which|that)\s+(?:was|we)\s+)?(?:acquired\s+|completed\s+|closed\s+)?(?:early\s+|late\s+)?(?:in|on|during)\s+(?:the\s+)?$/i;

interface Mention {
  s: StatementRow;
  key: string;
  keys: string[];
  completed: boolean;
  /** What quoting it costs: the note before the MD&A and Item 1, the note's words before the auditor's
   * retelling, a sentence that says it was completed, a day named, fewer amounts. */
  cost: number;
  date?: TimeRef;
}

// "... announced an agreement to acquire NI ... and the transaction closed on October 11, 2023": when
// it was completed, whatever else the sentence dates.
const CLOSED_ON = /\b(?:closed|completed|consummated)\s+(?:on|in|during)\s+(?:the\s+)?$/i;

/** The time each name's acquisition is dated by: when the sentence says it closed; else one said of the
 * name itself; else the last before it that no other name has ("On July 18, 2022, BD completed the
 * acquisition of Parata"); else the first after it. */
function datesOf(text: string, refs: TimeRef[], names: { at: number; end: number }[]): (TimeRef | undefined)[] {
  const closed = refs.find((r) => CLOSED_ON.test(text.slice(Math.max(0, r.at - 40), r.at)));
  if (closed) return names.map(() => closed);
  const nextAt = (k: number) => names[k + 1]?.at ?? Infinity;
  const own = names.map((n, k) => refs.find((r) => r.at >= n.end && r.at < nextAt(k) && OWN_TIME.test(text.slice(n.end, r.at))));
  const free = refs.filter((r) => !own.includes(r));
  return names.map(
    (n, k) => own[k] ?? [...free].reverse().find((r) => r.end <= n.at) ?? free.find((r) => r.at >= n.end && r.at < nextAt(k)),
  );
}

function mentionsOf(all: StatementRow[], ranks: number[], filing: FiscalYear, ours: (word: string) => boolean): Mention[] {
  const out: Mention[] = [];
  all.forEach((s, i) => {
    if (s.text.length > K.maxChars) return;
    // Names first: most sentences have none, and the boilerplate's patterns cost more.
    const named = acquisitionNames(s.text, ours);
    if (named.length === 0 || isBoilerplate(s.text)) return;
    // "Chartwell ..., which was acquired ... in connection with our acquisition of TriState Capital":
    // a part of another acquisition is not one of its own.
    const part = PART_OF.exec(s.text);
    const names = named.filter((n) => !part || n.at >= part.index);
    if (names.length === 0) return;
    let refs = timeRefs(s.text, filing);
    const agreed = AGREED.test(s.text) && !/\b(?:completed|closed|consummated)\b/i.test(s.text);
    let completed = COMPLETED.test(s.text.replace(NOT_DONE, '')) && !agreed;
    const itself = completed;
    // "... entered into a definitive agreement to acquire Calspan ..." then "The acquisition was
    // completed on May 8, 2023": dated by the sentence that says it was completed.
    if (agreed)
      for (const next of all.slice(i + 1, i + 3)) {
        if (next.section_id !== s.section_id || !THEN_COMPLETED.test(next.text)) continue;
        completed = true;
        refs = timeRefs(next.text, filing).map((r) => ({ ...r, at: 0, end: 0 }));
        break;
      }
    const amounts = Math.min(2, (s.text.match(/\$\s?\d/g) ?? []).length);
    const dates = datesOf(s.text, refs, names);
    names.forEach((n, k) => {
      const date = dates[k];
      const cost =
        ranks[i]! +
        (RETOLD.test(s.text) ? K.retold : 0) +
        (itself ? 0 : K.notItself) +
        (date?.precise ? 0 : K.noDay) +
        K.perAmount * amounts;
      out.push({ s, key: n.keys[0]!, keys: n.keys, completed, cost, ...(date ? { date } : {}) });
    });
  });
  return out;
}

/** Mentions by company: one company under each of its names ("NTT Security AppSec Solutions",
 * "WhiteHat"). */
function byCompany(mentions: Mention[]): Map<string, Mention[]> {
  const byKey = new Map<string, Mention[]>();
  const canon = new Map<string, string>();
  for (const m of mentions) {
    const known = m.keys.map((k) => canon.get(k)).find((k) => k !== undefined) ?? m.key;
    for (const k of m.keys) if (!canon.has(k)) canon.set(k, known);
    byKey.set(known, [...(byKey.get(known) ?? []), m]);
  }
  return byKey;
}

/** The companies acquired in the year: each named in a sentence that says it was completed and dates
 * it in the year, and dated out of it by none more precisely. */
function ofTheYear(mentions: Mention[]): Map<string, Mention[]> {
  const out = new Map<string, Mention[]>();
  for (const [key, ms] of byCompany(mentions)) {
    const dated = ms.filter((m) => m.completed && m.date);
    const precise = dated.filter((m) => m.date!.precise);
    const inYear = (precise.length > 0 ? precise : dated).filter((m) => m.date!.inYear);
    if (inYear.length > 0) out.set(key, inYear);
  }
  return out;
}

/** The fewest sentences naming every company of `year`, each time the one naming most of those not
 * yet named (the cheapest of those), listed cheapest first. */
function cover(year: Map<string, Mention[]>, max: number): StatementRow[] {
  const left = new Set(year.keys());
  const picks: { s: StatementRow; cost: number }[] = [];
  while (left.size > 0 && picks.length < max) {
    const gain = new Map<number, { s: StatementRow; cost: number; keys: Set<string> }>();
    for (const key of left)
      for (const m of year.get(key)!) {
        const g = gain.get(m.s.id) ?? { s: m.s, cost: m.cost, keys: new Set<string>() };
        g.keys.add(key);
        g.cost = Math.min(g.cost, m.cost);
        gain.set(m.s.id, g);
      }
    const best = [...gain.values()].sort((a, b) => b.keys.size - a.keys.size || a.cost - b.cost || a.s.id - b.s.id)[0]!;
    picks.push(best);
    for (const k of best.keys) left.delete(k);
  }
  return picks.sort((a, b) => a.cost - b.cost || a.s.id - b.s.id).map((p) => p.s);
}

/** The 10-K that tells a year's acquisitions (the newest when no year is asked): the year's own, else
 * one of the next two (a report's notes tell the years before it too), and how many years back from it
 * the year is. */
function reportTelling(input: QualitativeInput, ticker: string, year?: number): { filing: FilingRow; back: number } | undefined {
  if (year === undefined) {
    const latest = reportOf(input, ticker, ['10-K']);
    return latest ? { filing: latest, back: 0 } : undefined;
  }
  const tenKs = input.filingsOf(ticker).filter((f) => f.sec_form_type === '10-K');
  for (let back = 0; back <= K.yearsBack; back++) {
    const f = tenKs.find((x) => x.sec_fiscal_year === `FY-${year + back}`);
    if (f) return { filing: f, back };
  }
  return undefined;
}

interface YearAnswer {
  picks: StatementRow[];
  lines(cite: Cite): string[];
}

/** One year's acquisitions from the report that tells them; with `earlier`, the ones of years before
 * it names too (a question that names no year asks what the report names). */
function yearAnswer(
  input: QualitativeInput,
  ticker: string,
  year: number | undefined,
  earlier: boolean,
  alone: boolean,
): YearAnswer | undefined {
  const told = reportTelling(input, ticker, year);
  if (!told) return undefined;
  const { filing, back } = told;
  const fyear = fiscalYearOf(filing, back);
  const all: StatementRow[] = [];
  const ranks: number[] = [];
  ITEMS.forEach((tag, rank) => {
    for (const s of sectionStatements(input.reader, filing, [tag]))
      if (s.kind === 'sentence' || s.kind === 'heading') {
        all.push(s);
        ranks.push(rank);
      }
  });
  const who = `${owner(nameOf(input, ticker, filing))} ${fy(filing)}`;
  const named = `fiscal ${yearName(input, ticker, fyear.year)}`;
  const inYear = (s: StatementRow) => {
    const refs = timeRefs(s.text, fyear);
    return refs.length > 0 && refs.every((r) => r.inYear);
  };
  const countedOf = () =>
    all.find(
      (s) => s.kind === 'sentence' && MENTIONS.test(s.text) && COUNTED.test(s.text) && inYear(s) && acquisitionNames(s.text).length === 0,
    );
  // The company's own names, as a sentence may call it when it buys ("Visa acquired Tink").
  const own = new Set([ticker, ...nameOf(input, ticker, filing).split(/\s+/), ...filing.company.split(/\s+/)].map((w) => w.toLowerCase()));
  const mentions = mentionsOf(all, ranks, fyear, (w) => own.has(w.toLowerCase()));
  const ofYear = ofTheYear(mentions);
  const picks = cover(ofYear, K.maxListed);
  // Companies it names of other years, each by its best-dated sentence.
  const others = new Map(
    [...byCompany(mentions.filter((m) => !ofYear.has(m.key) && (m.completed || !AGREED.test(m.s.text))))].map(([k, ms]) => [
      k,
      [...ms].sort((a, b) => Number(!!b.date?.precise) - Number(!!a.date?.precise) || a.cost - b.cost).slice(0, 1),
    ]),
  );
  const elsewhere = cover(others, K.maxNamedElsewhere).filter((s) => !picks.includes(s));
  const list = (ss: StatementRow[], cite: Cite) => ss.map((s) => `- ${clause(s)} ${cite(s.id)}`);
  if (picks.length > 0) {
    const counted = countedOf();
    const before = earlier ? elsewhere : [];
    return {
      picks: [...picks, ...(counted ? [counted] : []), ...before],
      lines: (cite) => [
        `${who} names ${picks.length === 1 ? 'this acquisition' : 'these acquisitions'} completed in ${named}:`,
        ...list(picks, cite),
        ...(counted ? [`It also says: ${quote(counted, cite)}`] : []),
        ...(before.length > 0 ? ['Acquisitions of earlier years it names:', ...list(before, cite)] : []),
      ],
    };
  }
  const none = all.find((s) => MENTIONS.test(s.text) && NONE.test(s.text) && timeRefs(s.text, fyear).every((r) => r.inYear));
  if (none) return { picks: [none], lines: (cite) => [`${who} says there were none in ${named}: ${quote(none, cite)}`] };
  // Acquisitions counted but named nowhere ("we invested $2.5 billion across 25 strategic acquisitions").
  const counted = countedOf();
  if (counted) return { picks: [counted], lines: (cite) => [`${who} names none of those of ${named}: ${quote(counted, cite)}`] };
  // None dated in the year: said plainly, with what it does name (when this year is all that was asked).
  if (elsewhere.length === 0) return undefined;
  if (!alone) return { picks: [], lines: () => [`${who} does not report an acquisition completed in ${named} by name and date.`] };
  return {
    picks: elsewhere,
    lines: (cite) => [
      `${who} does not report an acquisition completed in ${named} by name and date. The acquisitions it names:`,
      ...list(elsewhere, cite),
    ],
  };
}

export function acquisitionsBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const p = input.reading.period;
  const years = p.latest || p.years.length === 0 ? [undefined] : [...new Set(p.years)].sort((a, b) => b - a);
  const answers = years.map((y) => ({ y, a: yearAnswer(input, ticker, y, y === undefined, years.length === 1) }));
  if (answers.every((x) => !x.a)) return undefined;
  const who = input.names.get(ticker) ?? ticker;
  return {
    picks: answers.flatMap((x) => x.a?.picks ?? []),
    write: (cite) =>
      answers
        .flatMap((x) =>
          x.a
            ? x.a.lines(cite)
            : [`The filings in the index hold no 10-K that tells ${owner(who)} fiscal ${yearName(input, ticker, x.y!)}.`],
        )
        .join('\n'),
  };
}
