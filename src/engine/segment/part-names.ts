// Columns of parts over years: "Consumer & Community Banking Corporate & Investment Bank Commercial
// Banking" over "2022 2021 2020 2022 2021 2020 2022 2021 2020". The header prints each part's years;
// the line above names the parts, run together, so only the names the filing prints elsewhere (its
// tables' row labels and groups) say where one ends and the next begins. Each column is then named by
// its part, under the year it was read as.
import type { TableColumn, TableModel } from '../tables/model.js';

const MAX_NAME_WORDS = 6;
const PART_NOUN = /\s+(?:segments?|group|division)$/i;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();

/** The names a filing prints as row labels or groups: short, capitalized, no figures in them. */
export function printedNames(tables: TableModel[]): Set<string> {
  const out = new Set<string>();
  for (const t of tables)
    for (const r of t.rows)
      for (const text of [r.label, r.group ?? '']) {
        const words = text.trim().split(/\s+/);
        if (words.length >= 1 && words.length <= MAX_NAME_WORDS && /^[A-Z]/.test(text) && !/\d|:$/.test(text)) {
          out.add(norm(text));
          // ("Pipeline and Storage Segment" is the part a header prints as "Pipeline and Storage".)
          if (PART_NOUN.test(text.trim())) out.add(norm(text.trim().replace(PART_NOUN, '')));
        }
      }
  return out;
}

/** `text` split into exactly `n` names of `known`, in order, or undefined. */
export function splitInto(text: string, n: number, known: Set<string>): string[] | undefined {
  const words = text.trim().split(/\s+/);
  const go = (at: number, left: number): string[] | undefined => {
    if (left === 0) return at === words.length ? [] : undefined;
    for (let end = Math.min(words.length, at + MAX_NAME_WORDS); end > at; end--) {
      const name = words.slice(at, end).join(' ');
      if (!known.has(norm(name))) continue;
      const rest = go(end, left - 1);
      if (rest) return [name, ...rest];
    }
    return undefined;
  };
  return go(0, n);
}

/** The length of the years' cycle when `columns` are the same run of years said `g` times (g >= 2,
 * every column of a period, none named), or 0. */
function cycle(columns: TableColumn[]): number {
  const years = columns.map((c) => (c.period && /^\s*(?:19|20)\d\d\s*$/.test(c.label) ? c.period.fiscalYear : undefined));
  if (years.some((y) => y === undefined)) return 0;
  for (let k = 1; k * 2 <= years.length; k++) {
    if (years.length % k !== 0 || new Set(years.slice(0, k)).size !== k) continue;
    if (years.every((y, j) => y === years[j % k])) return k;
  }
  return 0;
}

/** Names the columns of tables whose parts' names the caption runs together over their years. */
export function nameColumnsByParts(tables: TableModel[], names?: Set<string>): void {
  let known = names;
  for (const t of tables) {
    const k = cycle(t.columns);
    if (k === 0) continue;
    const parts = t.columns.length / k;
    known ??= printedNames(tables);
    for (const line of joinedLines(t.caption.split(' / ')).reverse()) {
      // (After a unit or a period's words on the same line: "(in millions, except ratios) Consumer & ...".)
      const text = line.replace(/^.*\b(?:millions|thousands|billions|ratios|December \d{1,2},?|ended)\)?\s*/i, '');
      const names = splitInto(text, parts, known);
      if (!names) continue;
      t.columns = t.columns.map((c, j) => ({ ...c, label: names[Math.floor(j / k)]!, part: names[Math.floor(j / k)]! }));
      break;
    }
  }
}

/** Caption lines with a line ending on "&" joined to the next: the names the text broke there
 * ("Consumer &" / "Community Banking Corporate &" / "Investment Bank Commercial Banking"). */
function joinedLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last !== undefined && /\s&$/.test(last)) out[out.length - 1] = `${last} ${line.trim()}`;
    else out.push(line.trim());
  }
  return out;
}
