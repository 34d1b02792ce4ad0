// Words of a table's header lines beside its years: a change ("Change", "%", "vs."), a comparison of two
// years ("2023 vs. 2022"), short column names after the years ("FX Acq/Div U/L"), and the pieces of a
// change column's header broken across lines between dates ("2022 %" / "Change"). segment/table-header.ts
// reads the header with them.

// Words a header line may hold between years: "2023 Change 2022", "2022 2021 % change", "2019 vs. 2018".
export const HEADER_WORD =
  /^(?:%|change|changes|vs\.?|versus|increase|\(?decrease\)?|\/|inc\.?|\(dec\.?\)|variance|\$|percent|-|\u2013|\u2014)$/i;

const BARE_YEAR = /^(?:19|20)\d\d$/;
/** "2023 2022 2023 vs. 2022 % Change": after two years or more, "2023 vs. 2022" heads one column, their
 * change (read as no period), not two more years. */
export function comparisons(labels: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const [a, vs, b] = [labels[i]!, labels[i + 1], labels[i + 2]];
    if (
      BARE_YEAR.test(a) &&
      /^(?:vs\.?|versus)$/i.test(vs ?? '') &&
      BARE_YEAR.test(b ?? '') &&
      out.filter((l) => BARE_YEAR.test(l)).length >= 2
    ) {
      out.push(`${a} ${vs} ${b}`);
      i += 2;
    } else out.push(a);
  }
  return out;
}

// A short column name after the years: "FX", "Acq/Div", "U/L", "Organic" (letters, no figure).
const COLUMN_WORD = /^[A-Za-z%][A-Za-z%/.&-]{0,9}$/;

/** "2022 2023 Change FX Acq/Div U/L": consecutive years first, then a header word and short column
 * names the header words do not know. The years and the header words right after them are the labels
 * read (the columns named otherwise hold changes, never a year). */
export function leadingYears(tokens: string[]): string[] | undefined {
  let k = 0;
  while (k < tokens.length && /^(?:19|20)\d\d$/.test(tokens[k]!)) k++;
  const years = tokens.slice(0, k).map(Number);
  if (k < 2 || years.some((y, i) => i > 0 && Math.abs(y - years[i - 1]!) !== 1)) return undefined;
  const rest = tokens.slice(k);
  if (rest.length === 0 || rest.length > 6 || !rest.every((t) => COLUMN_WORD.test(t) || HEADER_WORD.test(t))) return undefined;
  // A header word right after the years ("Change"): a line of future years before "Thereafter" or
  // "Total" is a maturity schedule's, read elsewhere.
  let w = 0;
  while (w < rest.length && HEADER_WORD.test(rest[w]!)) w++;
  return w > 0 ? [...tokens.slice(0, k), ...rest.slice(0, w)] : undefined;
}

/** A change column's header between date pieces: "2022 %" (a date's year, then "%"), "% Change", "Change". */
function isChangePiece(line: string): boolean {
  return /^(?:(?:19|20)\d\d\s+)?%(?:\s*change)?$|^change$/i.test(line.replace(/\s+/g, ' ').trim());
}
export const YEAR_PERCENT = /^(?:19|20)\d\d\s+%$/;

/** Line `k` is a piece of a change column's header right after a date header's piece (`datePiece`): a
 * date's year and "%" ("2022 %" after "2023 July 3,"), or the "Change" after that. */
export function changeAfterDate(lines: { text: string }[], k: number, datePiece: (line: string) => boolean): boolean {
  const yearPercent = (i: number) => i >= 1 && YEAR_PERCENT.test(lines[i]!.text.trim()) && datePiece(lines[i - 1]!.text);
  return yearPercent(k) || (isChangePiece(lines[k]!.text) && /change/i.test(lines[k]!.text) && yearPercent(k - 1));
}
