// The figures a sentence of a model's answer states: amounts, percentages, per-share amounts,
// multiples and bare numbers of three digits or more, each with its unit, the rounding of its printed
// digits and the year the sentence names nearest it; years, dates, codes ("10-K", "FY2023", "3M"), item
// and note numbers and citations are not figures. Also how the evidence's own sentences are read.
import type { FigureUnit } from '../../contract/types.js';
import { MONTH_START } from '../text/vocabulary.js';
import { ANSWER_TUNING } from './tuning.js';

/** What a number in a sentence is written as: a figure record's unit, or a plain number that says none. */
export type Kind = Extract<FigureUnit, 'USD' | 'percent' | 'USD/share' | 'times'> | 'plain';

/** A figure the model states. */
export interface ModelFigure {
  text: string;
  start: number;
  end: number;
  value: number;
  tol: number;
  kind: Kind;
  /** No unit, no dollar sign: compared with figures as printed too. */
  bare: boolean;
  /** No scale word ("$6.42", "$11.37 per share"): a small amount is compared as printed too, the way
   * per-share amounts and prices stand in a table of millions. */
  unscaled: boolean;
  year?: number;
}

const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
  mm: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
};
const MONTH = new RegExp(String.raw`(?:${MONTH_START})[a-z]*\.?\s*$`, 'i');
const MONTH_DAY = new RegExp(String.raw`(?:${MONTH_START})[a-z]*\.?\s+\d{1,2},?\s*$`, 'i');
const LABEL = /\b(?:item|note|part|tier|level|class|series|section|rule|form|exhibit|phase|no\.|number)\s*$/i;
const FIGURE_UNIT = [
  String.raw`%|percent\b|per cent\b|percentage points?\b|basis points\b|bps\b|trillion\b`,
  String.raw`billion\b|bn\b|million\b|mn\b|mm\b|thousand\b|x\b|times\b|[kmb]\b`,
].join('|');
const FIGURE = new RegExp(
  String.raw`(\$\s?)?\(?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\)?(?:\s*(${FIGURE_UNIT}))?(\s*per (?:diluted |basic |common )?share\b)?`,
  'gi',
);
const YEAR = /\b(?:fiscal(?: year)?\s*|fy\s?'?)?((?:19|20)\d\d)\b|\bfy\s?'?(\d\d)\b/gi;

export function decimalsOf(digits: string): number {
  return digits.includes('.') ? digits.split('.')[1]!.length : 0;
}

/** The years a text names, where: "FY2018", "fiscal 2022", "2021", "FY22". */
export function yearsIn(text: string): { year: number; at: number }[] {
  return [...text.matchAll(YEAR)].map((m) => ({ year: m[1] ? Number(m[1]) : 2000 + Number(m[2]), at: m.index! }));
}

/** The figures a sentence of the model's states, with the year nearest each (when it names any). */
export function sentenceFigures(sentence: string): ModelFigure[] {
  // Citations ("[A]", "[B, C]") blanked, so their letters and digits are not read.
  const text = sentence.replace(/\[[^\]\n]{1,40}\]/g, (m) => ' '.repeat(m.length));
  // A date's year ("filed on February 7, 2019") says when, not which year a figure is of, unless the
  // sentence names no other ("total assets of $X as of December 31, 2022").
  const all = yearsIn(text);
  const plain = all.filter((y) => !MONTH_DAY.test(text.slice(Math.max(0, y.at - ANSWER_TUNING.before.date), y.at)));
  const years = plain.length > 0 ? plain : all;
  const out: ModelFigure[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const start = m.index!;
    const digits = m[2]!;
    const numAt = text.indexOf(digits, start);
    const before = text.slice(Math.max(0, numAt - ANSWER_TUNING.before.figure), numAt);
    const after = text.slice(numAt + digits.length, numAt + digits.length + 3);
    const unit = m[3]?.toLowerCase();
    const dollar = Boolean(m[1]);
    const perShare = Boolean(m[4]);
    // Digits of a name or a code ("10-K", "FY2023", "Q2", "3M", "401(k)"), a date, a label's number.
    if (/[A-Za-z]$/.test(text.slice(0, numAt)) || (!unit && /^[A-Za-z]/.test(after))) continue;
    if (/^\(k\)/i.test(after) || /^-[A-Za-z]/.test(after) || /^(?:st|nd|rd|th)\b/i.test(after)) continue;
    if (MONTH.test(before) || LABEL.test(before)) continue;
    const n = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(n)) continue;
    const scaleWord = unit && SCALE[unit] !== undefined && (unit.length > 1 || dollar) ? SCALE[unit]! : 1;
    const percent = unit === '%' || unit === 'percent' || unit === 'per cent';
    if (unit && /points|bps/.test(unit)) continue; // a change in points is said of a percentage the answer states
    // A year, a small count ("three segments", "2 years") or a bare number of one or two digits says
    // nothing to check.
    const bare = !dollar && !percent && !perShare && scaleWord === 1 && unit !== 'x' && unit !== 'times';
    if (bare && /^(?:19|20)\d\d$/.test(digits)) continue;
    if (bare && !digits.includes(',') && digits.replace(/\D/g, '').replace(/^0+/, '').length < 3) continue;
    const kind: Kind = percent
      ? 'percent'
      : perShare
        ? 'USD/share'
        : unit === 'x' || unit === 'times'
          ? 'times'
          : dollar || scaleWord > 1
            ? 'USD'
            : 'plain';
    const end = start + m[0].length;
    // The year nearest the figure, after it on a tie ("$1,577 million in FY2018").
    let year: number | undefined;
    let best = Infinity;
    for (const y of years) {
      const d = y.at >= end ? y.at - end : start - y.at + 0.5;
      if (d < best) {
        best = d;
        year = y.year;
      }
    }
    out.push({
      text: sentence.slice(start, end).trim(),
      start,
      end,
      value: n * scaleWord,
      tol: (0.5 * scaleWord) / 10 ** decimalsOf(digits),
      kind,
      bare,
      unscaled: scaleWord === 1,
      ...(year !== undefined ? { year } : {}),
    });
  }
  return out;
}
