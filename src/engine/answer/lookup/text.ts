// A figure a filing states only in a sentence, bound to the noun phrase it quantifies: "At December 31,
// 2021, our backlog was $135.4 billion compared with $147.1 billion at December 31, 2020" states the
// backlog at the end of 2021. The measure's words come first, then a verb of being (was, totaled,
// amounted to, of), then the amount, paired with the asked year by the sentence's own order of years.
// An amount that a change verb leads to ("increased $2.1 billion") is the change, not the level.
import type { FilingRow } from '../../index/types.js';
import { statedFigures } from '../../text/stated-figures.js';
import { stem } from '../../text/words.js';
import type { Asked } from './row-match.js';

export interface TextFigure {
  /** In units (dollars, or things counted). */
  amount: number;
  /** Money ("$135.4 billion") or a count ("161,000 employees"). */
  unit?: 'money' | 'number';
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
const LINK = /\b(?:was|were|is|are|of|totaled|totalled|totaling|totalling|amounted|amounting|reached|stood|approximated|approximately|about|to|equaled|equalled|aggregating|aggregated)\b/i;

/** The smallest window of `toks` holding every stem of `want`, as [start, end) in the sentence. */
function windowOf(toks: { stem: string; at: number; end: number }[], want: string[]): [number, number] | undefined {
  if (want.length === 0) return undefined;
  for (let i = 0; i < toks.length; i++) {
    if (!want.includes(toks[i]!.stem)) continue;
    const seen = new Set<string>();
    for (let j = i; j < Math.min(toks.length, i + 10); j++) {
      if (want.includes(toks[j]!.stem)) seen.add(toks[j]!.stem);
      if (seen.size === want.length) return [toks[i]!.at, toks[j]!.end];
    }
  }
  return undefined;
}

/** The amount `s` states for the measure `a` in `year`, or undefined. */
export function stateIn(a: Asked, s: string, year: number): { amount: number; text: string } | undefined {
  const toks = [...s.matchAll(TOKEN)].map((m) => ({ stem: stem(m[0].toLowerCase().replace(/['’]s$/, '')), at: m.index!, end: m.index! + m[0].length }));
  // The question's words for it, or (a line item) any label it is printed with; the qualifiers with
  // them, or anywhere in the sentence ("reach-forward losses of $500 million ... on the KC-46A Tanker").
  const inSentence = new Set(toks.map((t) => t.stem));
  const head = a.say.filter((w) => !a.quals.includes(w));
  // A free label's first words as the noun the amount follows, its other words anywhere in the
  // sentence ("reach-forward losses of $500 million ... were recorded on the KC-46A Tanker").
  const lead = !a.item && a.say.length > 2 && a.say.every((w) => inSentence.has(w)) ? [a.say.slice(0, 2)] : [];
  const whole = [[...a.say, ...a.quals], ...a.labels.map((l) => [...l, ...a.quals]), ...(head.length > 0 && a.quals.every((q) => inSentence.has(q)) ? [head] : [])]
    .map((w) => windowOf(toks, [...new Set(w)]))
    .filter((x) => x !== undefined);
  const partial = lead.map((w) => windowOf(toks, w)).filter((x) => x !== undefined);
  const span = [...whole, ...partial].sort((x, y) => x[0] - y[0])[0];
  if (!span) return undefined;
  const pairs = statedFigures(s).filter((p) => p.at >= span[1] && p.at - span[1] <= 80);
  // With words left elsewhere in the sentence, only a list of one amount a year is about them all
  // ("losses of $500 million, $378 million and $1,128 million ... in 2018, 2017 and 2016"), not "costs
  // were $1,753 million, including $1,240 million related to the 787 program".
  if (whole.length === 0 && pairs.length > 1 && new Set(pairs.map((p) => p.year)).size !== pairs.length) return undefined;
  const first = pairs[0];
  if (!first) return undefined;
  const between = s.slice(span[1], first.at);
  // Being, not changing: "backlog was $135.4 billion", not "backlog increased $2.1 billion".
  if (CHANGE.test(between) || !LINK.test(between)) return undefined;
  // "were $771 million, $753 million and $719 million in 2022, 2021 and 2020": the pairs are in order.
  const ofYear = pairs.find((p) => p.year === year);
  return ofYear ? { amount: ofYear.amount, text: ofYear.text } : undefined;
}
