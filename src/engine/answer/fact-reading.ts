// The question read against an inline-XBRL filing's facts, where the reading's words and the facts'
// names disagree on what is one thing: words the reading split into several measures, or took for an
// operation, a period or nothing, that are together one fact's label and members ("cash, cash
// equivalents, restricted cash and restricted cash equivalents", "Increase in deferred revenues",
// "2021 Senior Notes"). Only a fact that accounts for every such word changes the reading.
import { dayAsked } from '../question/dates.js';
import { measureFacts, operationFacts, wordFacts } from '../question/derived.js';
import type { Measure, Reading, WordUse } from '../question/reading.js';
import { nameWords } from '../text/name-words.js';
import type { PeriodAsk } from './lookup/columns.js';
import type { FigureFinder } from './lookup/find.js';
import type { FindContext } from './lookup/found.js';
import type { Point } from './figure-lines.js';

/** The date the question writes when it asks a value of one period: the facts' contexts end on it. */
export function dated(r: Reading, years: number[], value = r.operation.kind === 'value'): { date?: string } {
  const date = value && years.length === 1 && !r.period.range ? dayAsked(r.dates) : undefined;
  return date ? { date } : {};
}

// The roles of the words that say what is asked (not who, when or how).
const ASKING = new Set(['measure', 'qualifier', 'exclusion', 'operation', 'search', 'unread']);
const pointAsk = (r: Reading, year: number): PeriodAsk => ({
  year,
  ...(r.period.quarter !== undefined ? { quarter: r.period.quarter } : {}),
  ...(r.period.quarter !== undefined && r.period.months !== undefined ? { months: r.period.months } : {}),
});

/** The question's words that say what is asked (and `also`), as a measure, when they are wholly the
 * names of one fact of the company for the period asked. */
export function namesFact(
  r: Reading,
  finder: FigureFinder,
  years: number[],
  ctx: FindContext,
  at?: PeriodAsk,
  also?: WordUse,
): Measure | undefined {
  const year = years[0];
  if (year === undefined || r.period.years.length === 0) return undefined;
  // Every word but the company's, filler and period words spare: a label may hold them ("Computed
  // expected tax", "stock issued during period", "expected future benefit payments five fiscal years
  // thereafter").
  const span = r.words.filter((w) => w === also || w.role === 'filler' || w.role === 'period' || ASKING.has(w.role ?? ''));
  const spare = span.map((w) => w !== also && ((w.role === 'filler' && !wordFacts(w).prose) || w.role === 'period'));
  const own = span.filter((_, i) => !spare[i]).map((w) => w.word);
  if (own.length === 0) return undefined;
  if (
    !finder.namesOneFact(
      span.map((w) => wordFacts(w).names),
      at ?? pointAsk(r, year),
      ctx,
      true,
      spare,
    )
  )
    return undefined;
  return { text: own.join(' '), words: own.map((w) => w.toLowerCase()), qualifiers: [] };
}

/** The years asked less those the question writes as part of a fact's name ("2021 Senior Notes",
 * "2040 Notes"), with the reading whose period they leave. */
export function namedYears(r: Reading, finder: FigureFinder, years: number[], ctx: FindContext): { reading: Reading; years: number[] } {
  let rest = years;
  for (const w of r.words) {
    const y = wordFacts(w).year;
    if (w.role !== 'period' || y === undefined || !rest.includes(y) || rest.length < 2) continue;
    const others = rest.filter((x) => x !== y);
    if (namesFact(r, finder, others, ctx, pointAsk(r, others[0]!), w)) rest = others;
  }
  if (rest === years) return { reading: r, years };
  const period = { ...r.period, years: r.period.years.filter((y) => rest.includes(y)), ...(rest.length > 1 ? {} : { range: false }) };
  const named = new Set(years.filter((y) => !rest.includes(y)));
  const wordsUsed = r.words.map((w) => (w.role === 'period' && named.has(wordFacts(w).year ?? 0) ? { ...w, role: 'measure' as const } : w));
  return { reading: { ...r, period, words: wordsUsed }, years: rest };
}

/** The measures and operation as the filing's facts name them: measures the reading split one label
 * into ("cash, cash equivalents, restricted cash and restricted cash equivalents", "U.S. state income
 * taxes, net of federal income tax benefit") are that label, the question's words all its names; an
 * operation of one year whose words and its measures' are a fact's label ("Increase in deferred
 * revenues", "(Increase) decrease in inventories", "Gross profit as a percentage of revenue") is that
 * fact's value. */
export function asOneFact(
  r: Reading,
  finder: FigureFinder,
  ms: Measure[],
  point: Point,
  ctx: FindContext,
  years: number,
): { measures: Measure[]; kind: Reading['operation']['kind'] } {
  const op = r.operation;
  const p = {
    year: point.year,
    ...(point.quarter !== undefined ? { quarter: point.quarter } : {}),
    ...(point.months !== undefined ? { months: point.months } : {}),
  };
  // (Whatever operation the reading saw in them: "restricted stock and performance-based restricted
  // stock units (Restricted Stock and Performance Share Awards)" is one row of one member, no sum.)
  const whole = ms.length > 1 ? namesFact(r, finder, [point.year], ctx, p) : undefined;
  if (whole) return { measures: [whole], kind: 'value' };
  // The operation's words with its measures' one label ("Gross profit as a percentage of revenue").
  if (
    op.kind !== 'value' &&
    years === 1 &&
    op.text &&
    finder.namesOneFact([operationFacts(op).names, ...ms.flatMap((m) => [measureFacts(m).names, ...m.words.map(nameWords)])], p, ctx, false)
  ) {
    return {
      measures: [
        {
          text: [op.text, ...ms.map((m) => m.text)].join(' '),
          words: [...operationFacts(op).tokens, ...ms.flatMap((m) => m.words)],
          qualifiers: [],
        },
      ],
      kind: 'value',
    };
  }
  return { measures: ms, kind: op.kind };
}
