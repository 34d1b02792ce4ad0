// Line classes of the crawler's text. Tables were flattened either one row per line ("Net sales $ 298,085
// $ 316,199") or one cell per line ("Net income", "$", "5,363", ...); prose is one paragraph per line.
import { MONTH_WORD } from '../text/vocabulary.js';
import { SEGMENT_TUNING } from './tuning.js';

const L = SEGMENT_TUNING.lines;

export type LineKind = 'blank' | 'values' | 'row' | 'short' | 'prose' | 'noise';

export interface ClassifiedLine {
  kind: LineKind;
  text: string;
  /** Offset of the line in the section text. */
  offset: number;
  /** For 'row': the label and the value cells; for 'values': the cells. */
  label?: string;
  cells?: string[];
}

const NUM = new RegExp(
  String.raw`^(?:[$\u20ac\u00a3\u00a5]|[$\u20ac\u00a3]?\(?[$\u20ac\u00a3]?[-\u2212]?\d[\d,]*(?:\.\d+)?\)?%?\)?` +
    String.raw`|\(?\.\d+\)?%?|[\u2014\u2013-]{1,3}|\)?%\)?|\)|n\/?[am]|nm|\*+|x)$`,
  'i',
);
const HAS_DIGIT_OR_DASH = /[\d\u2014\u2013-]/;
const YEAR = /^(?:19|20)\d{2}$/;
const MONTH_END = new RegExp(String.raw`\b(?:${MONTH_WORD})\.?,?$`, 'i');
const LABEL_YEAR_BEFORE = /^(?:and|or|due|through|thru|until|to)$/i;
const PAGE_FOOTER = /(?:\|\s*\d{1,3}\s*$)|^(?:table of contents|page \d+|\d{1,3})$/i;

/** How many value cells (with a digit) end a row's text: "Repayment of debt (over 90 days) (1,034) (962)" -> 2. */
export function trailingValueCount(text: string): number {
  const tokens = text.split(/\s+/);
  let n = 0;
  for (let k = tokens.length - 1; k >= 0 && NUM.test(tokens[k]!); k--) if (/\d/.test(tokens[k]!)) n++;
  return n;
}

export function isYearToken(t: string): boolean {
  return YEAR.test(t);
}

/** A line of years only ("2023 2022 2021"): a header, not data. */
export const isYearsOnly = (l: ClassifiedLine) => l.kind === 'values' && l.cells!.every((c) => isYearToken(c.replace(/[*,]$/, '')));

function wordCount(s: string): number {
  let n = 0;
  for (const w of s.split(/\s+/)) if (w) n++;
  return n;
}

export function classifyLine(raw: string, offset: number): ClassifiedLine {
  const text = raw.replace(/[\u00a0\u200b\u200c\t]+/g, ' ').trim();
  if (!text) return { kind: 'blank', text, offset };
  // Paragraphs are long; rows and headings never are: skip tokenizing them.
  if (text.length > L.proseChars) return { kind: 'prose', text, offset };
  if (text.length < L.footerChars && PAGE_FOOTER.test(text)) return { kind: 'noise', text, offset };
  const tokens = text.split(/\s+/);
  let k = tokens.length;
  while (k > 0 && NUM.test(tokens[k - 1]!)) k--;
  // "notes due 2019, 2021, 2026, 2028 and 2030 (1) 2,299.9 2,199.9": a year after "and" or "due" ends
  // the label (with its footnote mark), it is not a value.
  while (k > 0 && k < tokens.length - 1 && YEAR.test(tokens[k]!) && LABEL_YEAR_BEFORE.test(tokens[k - 1]!)) {
    k++;
    if (/^\(\d\)$/.test(tokens[k]!) && k < tokens.length - 1) k++;
  }
  const cells = tokens.slice(k);
  const hasValue = cells.some((c) => HAS_DIGIT_OR_DASH.test(c) || c === '$');
  if (k === 0 && hasValue) return { kind: 'values', text, offset, cells };
  const words = wordCount(text);
  const sentenceEnd = /[.!?]["\u201d)]?$/.test(text);
  // "Years ended December 31", "As of September 30, 2023": dates in a caption, not a row of values.
  const dated = MONTH_END.test(tokens.slice(0, k).join(' ')) && cells.every((c) => /^\d{1,2},?$|^(?:19|20)\d{2}$/.test(c));
  // "(in billions) Average AUM 2023 vs. 2022 2022 vs. 2021", "2021 vs. 2020": years compared head
  // columns of changes, a header and not a row of values.
  const compared =
    (k > 0 && /^(?:vs\.?|versus)$/i.test(tokens[k - 1]!) && YEAR.test(cells[0]!)) ||
    // ("Fiscal Year 2021": the year of the block below, a period line.)
    (cells.length === 1 && YEAR.test(cells[0]!) && /^fiscal(?: year)?$/i.test(tokens.slice(0, k).join(' ')));
  if (
    cells.length > 0 &&
    !dated &&
    !compared &&
    cells.some((c) => /\d/.test(c)) &&
    k <= L.rowLabelTokens &&
    !sentenceEnd &&
    text.length < L.proseChars
  ) {
    return { kind: 'row', text, offset, label: tokens.slice(0, k).join(' '), cells };
  }
  if (words <= L.shortWords && !(sentenceEnd && words > L.sentenceWords)) return { kind: 'short', text, offset };
  return { kind: 'prose', text, offset };
}
