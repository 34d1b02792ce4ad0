// A figure a filing states only in a sentence, bound to the noun phrase it quantifies: "At December 31,
// 2021, our backlog was $135.4 billion compared with $147.1 billion at December 31, 2020" states the
// backlog at the end of 2021. The measure's words come first, then a verb of being (was, totaled,
// amounted to, of), then the amount, paired with the asked year by the sentence's own order of years.
// An amount that a change verb leads to ("increased $2.1 billion") is the change, not the level.
import type { FilingRow } from '../../index/types.js';
import { nameStems, type Part, partsOf } from '../../text/clauses.js';
import { periodAmounts } from '../../text/period-lists.js';
import { statedFigures } from '../../text/stated-figures.js';
import type { FigureUnit } from '../../../contract/types.js';
import { fiscalPeriodOf } from '../../filing/fiscal.js';
import { stem, stemsOf } from '../../text/words.js';
import { LINE_ITEM } from '../../lexicon/line-items.js';
import { saidOfName } from './item-names.js';
import { labelStems, unhyphen } from './label-words.js';
import type { Asked } from './asked.js';
import { MONTH_START } from '../../text/vocabulary.js';
import { ANSWER_TUNING } from '../tuning.js';

export interface TextFigure {
  /** In units (dollars, or things counted). */
  amount: number;
  /** Money ("$135.4 billion"), a count ("161,000 employees") or a rate ("90.4%", as a fraction); money
   * when none. */
  unit?: Extract<FigureUnit, 'USD' | 'count' | 'percent'>;
  /** As printed: "$135.4 billion". */
  text: string;
  sentence: string;
  statementId: number;
  filing: FilingRow;
  year: number;
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9&'’.-]*/g;
// Between the measure and its amount: being, not changing.
const CHANGE = /\b(?:increas|decreas|grew|grow|declin|rose|rise|fell|fall|drop|improv|reduc|up|down|higher|lower|more|less)\w*\b/i;
const LINK_WORD = [
  'was|were|is|are|of|totaled|totalled|totaling|totalling|amounted|amounting|reached|stood|approximated',
  'approximately|about|to|equaled|equalled|aggregating|aggregated',
].join('|');
const LINK = new RegExp(String.raw`\b(?:${LINK_WORD})\b`, 'i');

/** The word `t` as the question's `w`: the same stem, or the one a longer form of the other ("member"
 * renewal rates for "membership" renewal rate). */
const sameWord = (t: string, w: string) =>
  t === w ||
  (Math.min(t.length, w.length) >= ANSWER_TUNING.lookup.sameWord.minChars &&
    (t.startsWith(w) || w.startsWith(t)) &&
    Math.abs(t.length - w.length) <= ANSWER_TUNING.lookup.sameWord.maxExtra);

/** The smallest window of `toks` holding every stem of `want`, as [start, end) in the sentence. */
function windowOf(toks: { stem: string; at: number; end: number }[], want: string[]): [number, number] | undefined {
  if (want.length === 0) return undefined;
  const hit = (t: string) => want.find((w) => sameWord(t, w));
  for (let i = 0; i < toks.length; i++) {
    if (!hit(toks[i]!.stem)) continue;
    const seen = new Set<string>();
    for (let j = i; j < Math.min(toks.length, i + ANSWER_TUNING.lookup.sentenceWindow); j++) {
      const w = hit(toks[j]!.stem);
      if (w) seen.add(w);
      if (seen.size === want.length) return [toks[i]!.at, toks[j]!.end];
    }
  }
  return undefined;
}

const PERIOD_WORD = new RegExp(`^(?:exit|end|begin|start|fiscal|year|quarter|period|month|week|${MONTH_START})`);
// A phrase after these words is part of another figure's name or its object: "earnings before
// provision for taxes", "gain on sales of businesses", "proceeds from sales", "cost of sales".
const QUALIFIES =
  /\b(?:before|after|excluding|ex|net of|less|other than|on|from|(?<!\b(?:amount|total|level|value|sum|million|billion|thousand) )(?<!\d )of)\s+(?:the\s+)?$/i;
// Words that take out what follows them ("Goodwill, net of impairments recorded": no impairment).
const TAKES_OUT = /\b(?:net of|excluding|exclusive of|other than|except for|without)\s/i;
/** Whether a qualifier the window names is named only after words that take it out. */
const leftOut = (window: string, quals: string[]) => {
  const cut = TAKES_OUT.exec(window);
  if (!cut) return false;
  const before = labelStems(window.slice(0, cut.index));
  const after = labelStems(window.slice(cut.index));
  return quals.some((q) => !before.some((w) => sameWord(w, q)) && after.some((w) => sameWord(w, q)));
};
const PART_OF_YEAR =
  /\b(?:(?:three|six|nine|3|6|9)[\s-]+months?|(?:first|second|third|fourth)[\s-]+(?:fiscal\s+)?(?:quarter|half)|quarter(?:ly)?|year[\s-]+to[\s-]+date)\b/i;
// "92.7% in the U.S. and Canada": a rate of a part, not of the whole.
const OF_PART = /^\s*(?:in|for|at|from)\s+(?:the\s+)?[A-Z]/;

/** The rate `s` states for the measure `a` after its words ("our member renewal rates were 92.7% in
 * the U.S. and Canada and 90.4% worldwide": 90.4%), as a fraction; one not said of a part. */
function statedRate(s: string, span: [number, number], known: (text: string) => boolean): { amount: number; text: string } | undefined {
  const after = s.slice(span[1], span[1] + 120);
  const rates = [...after.matchAll(/(-?\d{1,3}(?:\.\d+)?)\s?%/g)];
  if (rates.length === 0) return undefined;
  const between = after.slice(0, rates[0]!.index);
  if (CHANGE.test(between) || !LINK.test(between) || !known(between)) return undefined;
  const whole = rates.find((r) => !OF_PART.test(after.slice(r.index! + r[0].length)));
  return whole ? { amount: Number(whole[1]) / 100, text: `${whole[1]}%` } : undefined;
}

/** A part named by a noun phrase that says a word the question did not is another figure ("total gross
 * unrecognized tax benefits" for a tax benefit). */
const otherFigure = (a: Asked, p: Part) =>
  !!p.before && !labelStems(p.name).every((w) => a.known.has(w) || [...a.known].some((k) => sameWord(w, k)));

/** The one part of a whole whose own clause and whole's clause together say every word of the measure,
 * a word of it in the part's own ("Finance lease obligations of $1.8 billion, of which $4.6 billion and
 * $586 million, respectively, are expected to be due within the next twelve months": $586 million are
 * the finance lease obligations due within twelve months), of the year asked; null when parts say it
 * but not one of that year; undefined when no part does (the measure may be the whole). */
function boundPart(
  a: Asked,
  s: string,
  year: number,
  filingYear?: number,
  scale?: number,
): { amount: number; text: string } | null | undefined {
  const want = [...new Set([...a.say, ...a.quals])];
  const has = (stems: string[], w: string) => stems.some((t) => sameWord(t, w));
  const fits = partsOf(s)
    .filter((p) => p.money)
    .filter((p) => {
      // (A word the whole's clause says too names the whole: "sales ... totaled $7.9 billion, of which $5.1
      // billion related to export sales" are no part's sales.)
      const own = nameStems(p.name);
      const subject = nameStems(p.subject);
      if (otherFigure(a, p)) return false;
      return want.every((w) => has(own, w) || has(subject, w)) && want.some((w) => has(own, w) && !has(subject, w));
    });
  if (fits.length === 0) return undefined;
  const years = new Set([...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1])));
  // A sentence of no year in the present tense speaks of its filing's date ("are expected to be due");
  // one in the past ("was assigned to ...") of an event the sentence before dates.
  const present = /\b(?:is|are|remains?|has|have)\b/i.test(s) && !/\b(?:was|were|had)\b/i.test(s);
  // (A whole's own clause that names one year dates its part: "reflects $278 million ($264 million of
  // which ...) used to acquire the Codebeamer business in FY'22, compared to $718 million ... in FY21".)
  const own = (p: Part) => {
    const ys = yearsIn(`${p.subject} ${p.name}`);
    return ys.size === 1 ? [...ys][0] : undefined;
  };
  const ofYear = fits.filter((p) =>
    p.year !== undefined
      ? p.year === year
      : own(p) !== undefined
        ? own(p) === year
        : years.size === 0
          ? present && filingYear === year
          : years.size === 1 && years.has(year),
  );
  return ofYear.length === 1 ? inScale(ofYear[0]!, scale) : null;
}

const SCALE_WORD: Record<number, string> = { 1e9: 'billion', 1e6: 'million', 1e3: 'thousand' };

/** A part's amount; one of money printed with no scale word ("$74.9", "$15"; not cents, "$0.32") is in
 * the scale of the filing's statements, and none without it (null). */
function inScale(p: Part, scale?: number): { amount: number; text: string } | null {
  if (!p.money || /(?:billion|million|thousand)$/i.test(p.text)) return { amount: p.value, text: p.text };
  if (!scale || scale === 1 || /\.\d\d/.test(p.text)) return null;
  return { amount: p.value * scale, text: `${p.text} ${SCALE_WORD[scale]}` };
}

/** The years a text names: "2023", and a fiscal year's short form ("FY'22", "FY21"). */
function yearsIn(text: string): Set<number> {
  const full = [...text.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  const short = [...text.matchAll(/\bFY\s?['’]?(\d\d)\b/g)].map((m) => 2000 + Number(m[1]));
  return new Set([...full, ...short]);
}

/** A quarterly report's span asked: the fiscal quarter it ends with, its months, the filing's year end. */
export interface QuarterSpan {
  quarter: number;
  months: number;
  fye: string;
}

/** The amount a "respectively" list after the measure's words states for the span asked ("were $24
 * million and $2 million during the three months ended December 31, 2023 and 2022, respectively, and $52
 * million and $3 million during the six months ..."): the one whose period is the fiscal quarter and
 * months asked, of the year asked. */
function inPeriods(
  s: string,
  span: [number, number],
  year: number,
  q: QuarterSpan,
  rate: boolean,
): { amount: number; text: string; unit?: 'percent' } | undefined {
  // A rate from a list of percentages ("effective income tax rate was 13.8% and 22.1% for the three and
  // six months ..."), an amount from a list of money.
  const listed = periodAmounts(s).filter((x) => x.percent === rate);
  const first = listed[0];
  if (!first || first.at < span[1]) return undefined;
  const between = s.slice(span[1], first.at);
  if (CHANGE.test(between) || !LINK.test(between)) return undefined;
  const fits = listed.filter((x) => {
    const at = fiscalPeriodOf(x.end, q.fye);
    return x.months === q.months && at?.fiscalYear === year && at.quarter === q.quarter;
  });
  const one = fits.length === 1 ? fits[0]! : undefined;
  return one && (rate ? { amount: one.value / 100, text: one.text, unit: 'percent' } : { amount: one.value, text: one.text });
}

/** The amount `s` states for the measure `a` in `year` (in the span `q` of a quarterly report), or
 * undefined; `scale` is the filing's statements' (statedFigures). */
export function stateIn(
  a: Asked,
  s: string,
  year: number,
  filingYear?: number,
  q?: QuarterSpan,
  scale?: number,
): { amount: number; text: string; unit?: 'percent' } | undefined {
  if (!a.rate && !q) {
    const part = boundPart(a, s, year, filingYear, scale);
    if (part !== undefined) return part ?? undefined;
    // An amount asked by what it acts on ("would affect the effective tax rate") is a part that its
    // predicate names, never the whole it is of.
    if (a.measure.amount) return undefined;
  }
  // Words as the question's are read: a hyphen's parts apart ("reach-forward"), a prefix kept.
  const toks = [...unhyphen(s).matchAll(TOKEN)].map((m) => ({
    // (A sentence's full stop is no part of its last word: "equivalents." but "U.S.".)
    stem: stem(
      m[0]
        .toLowerCase()
        .replace(/^([^.]+)\.$/, '$1')
        .replace(/['’]s$/, ''),
    ),
    at: m.index!,
    end: m.index! + m[0].length,
  }));
  // The question's words for it, or (a line item) any label it is printed with; the qualifiers with
  // them, or anywhere in the sentence ("reach-forward losses of $500 million ... on the KC-46A Tanker").
  // ("U.S." is the question's "us".)
  const inSentence = new Set(toks.flatMap((t) => [t.stem, t.stem.replace(/\./g, '')]));
  // A word inside the phrase the question did not use makes it another figure ("Other operating
  // expense (income), net" is not other income (expense), net).
  // Nor is a phrase the sentence names as where another amount sits ("the unrealized gain recorded in
  // Other income (expense), net was $4 million").
  // Between the words and the amount nothing names another figure ("tier 1 leverage ratio of 11.9%"
  // for a tier 1 capital ratio).
  const known = (text: string) =>
    labelStems(text).every(
      (w) => a.known.has(w) || [...a.known].some((k) => sameWord(w, k)) || LINK.test(w) || PERIOD_WORD.test(w) || /^\d/.test(w),
    );
  // Nor one a capitalised name before it narrows ("Small and Medium Business revenues" for business).
  const named = (from: number, to: number) => {
    const before = /([A-Z][\w&'’./-]*)\s+(?:(?:net|total|gross|consolidated)\s+)?$/.exec(
      s.slice(Math.max(0, from - ANSWER_TUNING.before.name), from),
    );
    // (A footnote's verb before the measure and the part asked, "(2)Includes revenue in Germany totaling
    // ...", names nothing; before the measure alone, "(a)Includes card income of ...", the row's part.)
    const footnote =
      !!before &&
      /^Includ(?:es|ed|ing)$/.test(before[1]!) &&
      a.quals.length > 0 &&
      a.quals.every((q) => labelStems(s.slice(from, to)).includes(q));
    return (
      !!before &&
      !footnote &&
      !/^(?:In|At|As|For|The|Our|Its|During|On|By)$/.test(before[1]!) &&
      labelStems(before[1]!).some((w) => !a.known.has(w))
    );
  };
  // Nor one that only qualifies another noun ("earnings before provision for taxes on income").
  // (A word of the item's name the question said, the "net" of net income, is the window's: "our U.S.
  // income before income taxes was $52.9 billion" states no U.S. net income.)
  const mustSay = a.item ? saidOfName(LINE_ITEM.get(a.item)!, a.measure.words, a.say) : [];
  const asAsked = ([from, to]: [number, number]) =>
    mustSay.every((w) => stemsOf(s.slice(from, to)).includes(w)) &&
    labelStems(s.slice(from, to)).every((w) => a.known.has(w) || [...a.known].some((k) => sameWord(w, k))) &&
    !leftOut(s.slice(from, to), a.quals) &&
    !/\b(?:in|within|into|under)\s+(?:the\s+)?$/i.test(s.slice(Math.max(0, from - 12), from)) &&
    !QUALIFIES.test(s.slice(Math.max(0, from - 16), from)) &&
    !named(from, to);
  const head = a.say.filter((w) => !a.quals.includes(w));
  // A free label's first words as the noun the amount follows, its other words anywhere in the
  // sentence ("reach-forward losses of $500 million ... were recorded on the KC-46A Tanker").
  const lead = !a.item && a.say.length > 2 && a.say.every((w) => inSentence.has(w)) ? [a.say.slice(0, 2)] : [];
  const whole = [
    [...a.say, ...a.quals],
    ...a.labels.map((l) => [...l, ...a.quals]),
    ...(head.length > 0 && a.quals.every((q) => inSentence.has(q)) && !leftOut(s, a.quals) ? [head] : []),
  ]
    .map((w) => windowOf(toks, [...new Set(w)]))
    .filter((x) => x !== undefined)
    .filter(asAsked);
  const partial = lead
    .map((w) => windowOf(toks, w))
    .filter((x) => x !== undefined)
    .filter(asAsked);
  const span = [...whole, ...partial].sort((x, y) => x[0] - y[0])[0];
  if (!span) return undefined;
  if (q) return inPeriods(s, span, year, q, !!a.rate);
  // A part of a year ("for the fiscal nine months of 2022") states no year's figure.
  if (PART_OF_YEAR.test(s)) return undefined;
  // "Of Sam's Club's total net sales, approximately $3.6 billion ... related to eCommerce": a part of it.
  if (/^\W*(?:of|out of)\s/i.test(s.slice(0, span[0])) && /^[^,]{0,40},/.test(s.slice(span[1]))) return undefined;
  // A rate is stated as a percentage, in a sentence of one year (the one asked).
  if (a.rate) {
    const years = new Set([...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1])));
    const r = years.size <= 1 && (years.size === 0 || years.has(year)) ? statedRate(s, span, known) : undefined;
    return r ? { ...r, unit: 'percent' } : undefined;
  }
  // A whole and its parts, or a list by place: a part answers only for its own name, the whole never
  // for a part ("$958.1 million of cash ..., of which approximately $201.1 million was held in the
  // United States").
  const parts = partsOf(s).filter((p) => p.money);
  const spanned = new Set(labelStems(s.slice(span[0], span[1])));
  const own = a.quals.filter((q) => !spanned.has(q));
  if (parts.length > 0 && own.length > 0) {
    const naming = parts.filter((p) => own.every((q) => nameStems(p.name).some((w) => sameWord(w, q))) && !otherFigure(a, p));
    const years = new Set([...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1])));
    const one = naming.length === 1 && years.size === 1 && years.has(year) ? naming[0] : undefined;
    return one ? { amount: one.value, text: one.text } : undefined;
  }
  // "$958.1 million of cash and cash equivalents": the amount just before the measure's words.
  // (Not a change: "an increase of $5 million of revenue" is no level.)
  const amountFirst = /\$\s?\d[\d,.]*(?:\s*(?:billion|million|thousand))?\s+of\s+(?:our\s+|its\s+|the\s+)?$/i.exec(s.slice(0, span[0]));
  const before = amountFirst && !CHANGE.test(s.slice(Math.max(0, amountFirst.index - 24), amountFirst.index)) ? amountFirst : null;
  const pairs = statedFigures(s, scale).filter((p) => (before ? p.at === before.index : p.at >= span[1] && p.at - span[1] <= 80));
  // With words left elsewhere in the sentence, only a list of one amount a year is about them all
  // ("losses of $500 million, $378 million and $1,128 million ... in 2018, 2017 and 2016"), not "costs
  // were $1,753 million, including $1,240 million related to the 787 program".
  if (whole.length === 0 && pairs.length > 1 && new Set(pairs.map((p) => p.year)).size !== pairs.length) return undefined;
  const first = pairs[0];
  if (!first) return undefined;
  // A part of a whole the question did not narrow ("$35 million in the U.S." of cash held everywhere).
  if (parts.some((p) => p.at === first.at)) return undefined;
  const between = before ? '' : s.slice(span[1], first.at);
  // Being, not changing: "backlog was $135.4 billion", not "backlog increased $2.1 billion".
  if (!before && (CHANGE.test(between) || !LINK.test(between))) return undefined;
  // "were $771 million, $753 million and $719 million in 2022, 2021 and 2020": the pairs are in order.
  const ofYear = pairs.find((p) => p.year === year);
  return ofYear ? { amount: ofYear.amount, text: ofYear.text } : undefined;
}
