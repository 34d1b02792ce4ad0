// How a company names its fiscal years against the corpus labels (fiscal.ts). The corpus labels a year
// by the calendar year it ends in; Ulta calls the year ended January 28, 2023 "fiscal 2022" (offset
// -1), Walmart the year ended January 31, 2019 "fiscal 2019" (offset 0). Read from the filing's own
// sentences that tie a named fiscal year to a date in it. Pure.
import { MONTH_WORD, monthNumber } from '../text/vocabulary.js';
import { fiscalYearOf } from './fiscal.js';

const MONTH = `(${MONTH_WORD})`;
// "January 28, 2023", "Jan. 28, 2023", "January, 28, 2023" (a stray comma of the crawler's text).
const DATE = `${MONTH}\\.?,?\\s+(\\d{1,2}),?\\s+((?:19|20)\\d\\d)`;
const NAME = `fiscal\\s+(?:year\\s+)?((?:19|20)\\d\\d)`;
const Q = `["“”']?`;

/** "fiscal years ended January 28, 2023 (fiscal 2022)", "January 31, 2019 ("fiscal 2019")"; not a
 * date a year begins on ("effective November 1, 2023 (fiscal 2024)"): a year end's slack would
 * take it for the year before. */
const DATE_THEN_NAME = new RegExp(
  `(?<!\\b(?:effective|beginning|begins|began|starting|starts|started|commencing|from|after)\\s+)\\b${DATE}\\s*\\(\\s*${Q}${NAME}${Q}\\s*\\)`,
  'gi',
);
/** "fiscal 2022, which ended January 28, 2023", "the third quarter in fiscal 2023 and 2022 ended on
 * October 28, 2023 and October 29, 2022", "fiscal 2023 was a 53-week year ending February 3, 2024", "fiscal 2022 includes 52 weeks ended January 29, 2023". */
const WEEKS = String.raw`(?:(?:was|is|will\s+be|includes?|included)\s+(?:an?\s+)?5[23][- ]weeks?\s+(?:(?:fiscal\s+)?(?:year|period)\s+)?(?:that\s+)?)?`;
const NAME_THEN_DATE = new RegExp(
  String.raw`${NAME}(?:\s+and\s+((?:19|20)\d\d))?,?\s+(?:(?:which|that)\s+)?${WEEKS}` +
    String.raw`(?:ended|ends|ending|will\s+end)\s+(?:on\s+)?${DATE}(?:,?\s+and\s+${DATE})?`,
  'gi',
);

const iso = (month: string, day: string, year: string) => `${year}-${String(monthNumber(month)).padStart(2, '0')}-${day.padStart(2, '0')}`;

/** The offset of each (named year, date) pair the text states: the named year minus the corpus label of
 * the fiscal year the date falls in, by the filing's year end `fye` (MM-DD). */
export function fiscalNameVotes(text: string, fye: string): number[] {
  const nominal = { m: Number(fye.slice(0, 2)), d: Number(fye.slice(3, 5)) };
  const votes: number[] = [];
  const vote = (named: string | undefined, month: string | undefined, day: string | undefined, year: string | undefined) => {
    if (!named || !month || !day || !year || Number(day) > 31) return;
    const offset = Number(named) - fiscalYearOf(iso(month, day, year), nominal);
    // Any other difference is a sentence read wrong, not a naming.
    if (Math.abs(offset) <= 1) votes.push(offset);
  };
  for (const m of text.matchAll(DATE_THEN_NAME)) vote(m[4], m[1], m[2], m[3]);
  for (const m of text.matchAll(NAME_THEN_DATE)) {
    vote(m[1], m[3], m[4], m[5]);
    vote(m[2], m[6], m[7], m[8]);
  }
  return votes;
}

/** The most common offset of the votes (0 wins a tie: the corpus's own naming); null with none. */
export function majorityOffset(votes: number[]): number | null {
  if (votes.length === 0) return null;
  const counts = new Map<number, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || Math.abs(a[0]) - Math.abs(b[0]))[0]![0];
}

/** A filing's naming offset: its text's, else the inline XBRL's dei:DocumentFiscalYearFocus against the
 * filing's label year; null when neither says. */
export function fiscalNameOffset(text: string, fye: string, labelYear: number, fiscalYearFocus?: string): number | null {
  const fromText = majorityOffset(fiscalNameVotes(text, fye));
  if (fromText !== null) return fromText;
  const focus = /^\s*((?:19|20)\d\d)\s*$/.exec(fiscalYearFocus ?? '')?.[1];
  const offset = focus ? Number(focus) - labelYear : NaN;
  return Math.abs(offset) <= 1 ? offset : null;
}
