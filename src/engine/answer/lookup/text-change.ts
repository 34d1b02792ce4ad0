// A percentage change a sentence states of the measure asked: "Specifically, the DMS segment net revenue
// increased 8% due to: ...". The change verb follows the measure's own words, the clause before it says
// nothing the question did not (another part's "Commercial PS net revenue" is not "net revenue"), and the
// sentence is of the year asked (or of no year, in that year's annual report).
import { labelStems } from './label-words.js';
import type { Asked } from './asked.js';

const VERB = /\b(increased|decreased|grew|declined|rose|fell)\s+(?:by\s+)?(?:approximately\s+|about\s+)?(\d{1,3}(?:\.\d+)?)\s?%/gi;
const DOWN = /^(?:decreased|declined|fell)$/i;
// Words of a clause's subject that name nothing: "Specifically, the DMS segment net revenue".
const FILLER = /^(?:the|our|its|their|total|segment|specifically|overall|consolidated|in|of)$/i;
const YEAR = /\b((?:19|20)\d\d)\b/g;
// A change on another basis than the figures' own: "increased 11% in local currency", "on a
// currency-neutral basis", "organically".
const OTHER_BASIS =
  /^[\s,]*(?:in\s+(?:local|constant)\s+currenc|on\s+an?\s+(?:currency|constant|organic|comparable|adjusted|non-gaap)|organic|excluding|adjusted|on\s+a\s+\d)/i;

/** The change (a signed fraction) `s` states for the measure `a` in `year`, or undefined. */
export function changeIn(a: Asked, s: string, year: number, filingYear: number): { amount: number; text: string } | undefined {
  const want = [...new Set([...a.say, ...a.quals])];
  if (want.length === 0) return undefined;
  const years = new Set([...s.matchAll(YEAR)].map((m) => Number(m[1])));
  if (years.size > 1 || (years.size === 1 ? !years.has(year) : filingYear !== year)) return undefined;
  const fits = [...s.matchAll(VERB)].filter((m) => {
    if (OTHER_BASIS.test(s.slice(m.index! + m[0].length))) return false;
    const before = s.slice(0, m.index);
    const subject = before.slice(Math.max(...[...before.matchAll(/[,;:(]\s*/g)].map((x) => x.index! + x[0].length), 0));
    const said = labelStems(subject).map((w) => w.replace(/\./g, ''));
    return (
      said.length > 0 &&
      want.every((w) => said.includes(w)) &&
      said.every((w) => a.known.has(w) || want.includes(w) || FILLER.test(w) || /^[a-z]$/.test(w))
    );
  });
  const nouns = nounChanges(a, s, want);
  if (fits.length + nouns.length !== 1) return undefined;
  if (nouns.length === 1) return nouns[0]!;
  const m = fits[0]!;
  const sign = DOWN.test(m[1]!) ? -1 : 1;
  return { amount: (sign * Number(m[2])) / 100, text: `${m[1]} ${m[2]}%` };
}

// A change named by a noun: "a decline in units of 15.2%", "a decrease of 10.1% in ASPs", "a 14.5%
// decrease in ... unit volume". Groups: the noun, the thing, the rate (in the order each form prints them).
const PCT = String.raw`(\d{1,3}(?:\.\d+)?)\s?%`;
const NOUN = '(decline|decrease|increase|growth|drop)';
const THING = String.raw`([a-z][\w\s-]{0,40}?)`;
const THING_END = String.raw`(?=\s*[,.;]|\s+(?:due|driven|primarily|partially|and|as|from|compared)\b|$)`;
const NOUN_FORMS: { re: RegExp; noun: number; thing: number; rate: number }[] = [
  { re: new RegExp(String.raw`\ban?\s+${NOUN}\s+in\s+${THING}\s+of\s+${PCT}`, 'gi'), noun: 1, thing: 2, rate: 3 },
  { re: new RegExp(String.raw`\ban?\s+${NOUN}\s+of\s+${PCT}\s+in\s+${THING}${THING_END}`, 'gi'), noun: 1, rate: 2, thing: 3 },
  { re: new RegExp(String.raw`\ban?\s+${PCT}\s+${NOUN}\s+in\s+${THING}${THING_END}`, 'gi'), rate: 1, noun: 2, thing: 3 },
];
// "unit volume" is the units: a volume of the thing counted names no other thing.
const VOLUME = /^volum/;

/** The changes a sentence names by a noun whose thing, with the part the sentence opens on ("Consumer PCs
 * net revenue decreased 23.8% driven by a decline in units of 15.2%"), says every word asked, one of them
 * its own, and nothing the question did not. */
function nounChanges(a: Asked, s: string, want: string[]): { amount: number; text: string }[] {
  const core = want.filter((w) => !VOLUME.test(w));
  const opening = /^[^,;:]*?(?=\s+(?:increased|decreased|grew|declined|rose|fell)\b)/i.exec(s)?.[0] ?? '';
  const subject = new Set(labelStems(opening).map((w) => w.replace(/\./g, '')));
  const out: { amount: number; text: string }[] = [];
  for (const form of NOUN_FORMS) {
    for (const m of s.matchAll(form.re)) {
      const thing = labelStems(m[form.thing]!)
        .map((w) => w.replace(/\./g, ''))
        .filter((w) => !VOLUME.test(w));
      if (thing.length === 0 || !core.some((w) => thing.includes(w) && !subject.has(w))) continue;
      if (!core.every((w) => thing.includes(w) || subject.has(w))) continue;
      if (!thing.every((w) => a.known.has(w) || core.includes(w) || FILLER.test(w))) continue;
      const sign = /^(?:decline|decrease|drop)$/i.test(m[form.noun]!) ? -1 : 1;
      out.push({ amount: (sign * Number(m[form.rate])) / 100, text: m[0].replace(/^an?\s+/i, '') });
    }
  }
  return out;
}

// "Net income in the year ended December 31, 2020 decreased by $123 million": a change of money, with its
// scale word.
const MONEY_VERB =
  /\b(increased|decreased|grew|declined|rose|fell)\s+(?:by\s+)?(?:approximately\s+|about\s+)?\$\s?(\d[\d,]*(?:\.\d+)?)\s*(billion|million|thousand)\b/gi;
const SCALE: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };
// Words of a subject that date it: "in the year ended December 31, 2020".
const DATING =
  /^(?:years?|end|ended|ending|fiscal|months?|quarters?|period|the|in|for|during|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d+)$/i;

/** The change of money `s` states for the measure `a` in `year` ("Net income in the year ended December
 * 31, 2020 decreased by $123 million, or 25%"): the change verb after the measure's own words, the
 * clause saying nothing the question did not; a part asked is named by the clause or by `block`, the
 * caption of the table the sentence follows ("Optical Communications / The following table provides net
 * sales and net income for the Optical Communications segment"). Signed; undefined unless one fits. */
export function amountChangeIn(a: Asked, s: string, year: number, block = ''): { amount: number; text: string } | undefined {
  const want = [...new Set(a.say.filter((w) => !a.quals.includes(w)))];
  if (want.length === 0) return undefined;
  const years = new Set([...s.matchAll(YEAR)].map((m) => Number(m[1])));
  if (!years.has(year) || [...years].some((y) => y !== year && y !== year - 1)) return undefined;
  const named = new Set(labelStems(block).map((w) => w.replace(/\./g, '')));
  const fits = [...s.matchAll(MONEY_VERB)].filter((m) => {
    const before = s.slice(0, m.index);
    const subject = before.slice(Math.max(...[...before.matchAll(/[;:(]\s*|,\s+(?!\d)/g)].map((x) => x.index! + x[0].length), 0));
    const said = labelStems(subject).map((w) => w.replace(/\./g, ''));
    return (
      want.every((w) => said.includes(w)) &&
      a.quals.every((q) => said.includes(q) || named.has(q)) &&
      said.every((w) => a.known.has(w) || want.includes(w) || a.quals.includes(w) || FILLER.test(w) || DATING.test(w))
    );
  });
  if (fits.length !== 1) return undefined;
  const m = fits[0]!;
  const sign = DOWN.test(m[1]!) ? -1 : 1;
  return { amount: sign * Number(m[2]!.replace(/,/g, '')) * SCALE[m[3]!.toLowerCase()]!, text: m[0] };
}
