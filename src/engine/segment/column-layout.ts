// The layout of a table's columns when its header lines did not say it plainly: names printed again
// for each year, names on one line, a maturity schedule's rows run together, names one per line above
// the rows, a caption of one date, and amounts beside their percentage changes (which columns are
// years, which a change). segment/tables.ts builds the model with these.
import { parseUnit } from '../tables/cells.js';
import type { TableColumn } from '../tables/model.js';
import { joinCellTokens } from './table-cells.js';
import { columnsFromHeader, DATE_LINE, inferredColumns, PERIOD_LINE, type PeriodContext } from './table-header.js';
import { MONTH_START } from '../text/vocabulary.js';
import { SEGMENT_TUNING } from './tuning.js';

/** A row as the crawler's lines give it: a label and its cells, before they are parsed. */
export interface RawRow {
  label: string;
  cells: string[];
  text: string;
  offset: number;
}

/** `ws` is one block of `n` words said again and again ("CSG EISG Total CSG EISG Total"), any case. */
const inBlocks = (ws: string[], n: number) =>
  Number.isInteger(n) && n >= 1 && ws.length % n === 0 && ws.every((w, j) => w.toLowerCase() === ws[j % n]!.toLowerCase());

/** The table's first row is label words only, a block of two words or more said two times or more. */
export function repeatedNames(raw: RawRow[]): boolean {
  const first = raw.find((r) => r.label.trim());
  if (!first || first.cells.length > 0) return false;
  const ws = first.label.trim().split(/\s+/);
  for (let n = 2; n * 2 <= ws.length; n++) if (inBlocks(ws, n)) return true;
  return false;
}

// A caption line naming the columns and their total ("United States International Total", "CSG EISG
// Total", "Owned Leased Total"): the columns are not years.
export const COLUMN_NAMES = /^(?:\(?\$? ?in (?:millions|thousands|billions)\)\s+)?(?:[A-Z&][\w&.'’-]*\s+){2,7}Total$/;

/** The names of `width` columns printed on one line, a word each and the last of them their total
 * ("CSG EISG Total"), said again for each of `groups` periods ("CSG EISG Total CSG EISG Total" under
 * "2023 2022"); undefined when the line is not that. */
export function oneWordNames(line: string, width: number, groups = 1): string[] | undefined {
  const ws = line
    .replace(/^\(?\$? ?in (?:millions|thousands|billions)\)\s+/i, '')
    .trim()
    .split(/\s+/);
  const k = width / groups;
  if (ws.length !== width || !Number.isInteger(k) || k < 2 || !/^total$/i.test(ws[k - 1]!)) return undefined;
  // (A lone "&" joins two words into one name: joinedNames reads that line.)
  return ws.every((w) => /^[A-Z&][\w&.'’-]*$/.test(w) && w !== '&') && inBlocks(ws, k) ? ws : undefined;
}

/** The names of each of `years` years' columns on one line ("CSG EISG Total CSG EISG Total" under
 * "2023 2022"), or undefined. */
export function namesOver(line: string, years: number): string[] | undefined {
  const n = line.trim().split(/\s+/).length;
  return years >= 1 && n % years === 0 ? (oneWordNames(line, n, years) ?? joinedNames(line, years)) : undefined;
}

// Words that join the words either side into one name: "Products & Systems".
const JOINER = /^(?:&|and)$/i;

/** "Products & Systems Services Total Products & Systems Services Total" under "2023 2022": the same
 * names said for each of `years` years, the last of each block "Total", a name's words joined by "&"
 * or "and" and otherwise one word each; undefined when the line is not that. */
function joinedNames(line: string, years: number): string[] | undefined {
  const ws = line.trim().split(/\s+/);
  if (years < 2 || !inBlocks(ws, ws.length / years) || !ws.some((w) => JOINER.test(w))) return undefined;
  const block = ws.slice(0, ws.length / years);
  if (!/^total$/i.test(block[block.length - 1]!) || !block.every((w) => /^(?:[A-Z][\w.'’-]*|&|and)$/.test(w))) return undefined;
  const names: string[][] = [];
  block.forEach((w, j) => {
    if (j > 0 && (JOINER.test(w) || JOINER.test(block[j - 1]!))) names[names.length - 1]!.push(w);
    else names.push([w]);
  });
  if (names.length < 2 || names.some((p) => JOINER.test(p[0]!) || JOINER.test(p[p.length - 1]!))) return undefined;
  return Array.from({ length: years }, () => names.map((p) => p.join(' '))).flat();
}

/** "Dollars % of Net Revenue Dollars % of Net Revenue" under "2023 2022": the same words said again
 * for each year, heading its columns. */
export function saidForEach(line: string, years: number): boolean {
  const ws = line.trim().split(/\s+/);
  return years >= 2 && !/\d/.test(line) && inBlocks(ws, ws.length / years);
}

/** Column names printed on one line, split where a word repeats as each name's last ("Total Finance
 * Leases Operating Leases": "Total", "Finance Leases", "Operating Leases"), when they make `k`. */
// Words of a header that heads no part: a change, a basis, a piece of a longer heading.
const NOT_PART =
  /\b(?:change|changes|vs\.?|versus|increase|decrease|organic|percent|%)(?:\s|$)|\b(?:and|of|at|to|the|in|for|from|less:?)$/i;

/** A header that can name a part (a segment, a place, "Finance Leases", "Total"): it begins with a
 * capital and heads no change, basis or piece of a longer heading. */
export function partLike(name: string): boolean {
  return /^[A-Z&]/.test(name) && !NOT_PART.test(name) && !/:/.test(name);
}

export function namesOnOneLine(line: string, k: number): string[] | undefined {
  const ws = line.trim().split(/\s+/);
  if (ws.length < k || ws.length > 4 * k || /\d|:$/.test(line)) return undefined;
  const counts = new Map<string, number>();
  for (const w of ws) counts.set(w.toLowerCase(), (counts.get(w.toLowerCase()) ?? 0) + 1);
  for (const [noun, n] of counts) {
    if (n < 2) continue;
    const parts: string[][] = [[]];
    for (const w of ws) {
      parts[parts.length - 1]!.push(w);
      if (w.toLowerCase() === noun) parts.push([]);
    }
    const names = parts.filter((p) => p.length > 0);
    // A leading "Total" is a name of its own.
    if (names.length === k - 1 && /^total$/i.test(names[0]![0]!) && names[0]!.length > 1)
      names.splice(0, 1, [names[0]![0]!], names[0]!.slice(1));
    if (names.length === k) return names.map((p) => p.join(' '));
  }
  return undefined;
}

/** "2024 $ 44,700 $ 3,375 2025 35,635 3,438": groups of one year and the same number of amounts, the
 * years one apart, or undefined. */
export function yearRows(cells: string[]): { year: string; cells: string[] }[] | undefined {
  const isYear = (c: string) => /^(?:19|20)\d\d$/.test(c.trim());
  const at = cells.map((c, j) => (isYear(c) ? j : -1)).filter((j) => j >= 0);
  if (at.length < 2 || at[0] !== 0) return undefined;
  const width = at[1]! - 1;
  if (width < 1 || cells.length !== at.length * (width + 1) || at.some((j, k) => j !== k * (width + 1))) return undefined;
  const ys = at.map((j) => Number(cells[j]));
  if (!ys.every((y, k) => k === 0 || Math.abs(y - ys[k - 1]!) === 1)) return undefined;
  return at.map((j) => ({ year: cells[j]!.trim(), cells: cells.slice(j + 1, j + 1 + width) }));
}

const QUARTER_NAME = /^(?:Q([1-4])|(first|second|third|fourth) quarter)$/i;
const ORDINALS = ['first', 'second', 'third', 'fourth'];
const NOT_A_NAME = /\b(?:statements?|subsidiaries|in (?:millions|thousands|billions)|amounts|dollars|except)\b|:$/i;

/** Column names written one per line above the rows ("Walmart U.S." ... "Consolidated"), all under
 * the period line that follows them, when there are exactly as many as the widest row has cells. */
export function namedColumns(captionLines: string[], widest: number, ctx: PeriodContext): TableColumn[] {
  if (widest < 2) return [];
  const lines = captionLines.map((l) => l.trim());
  let end = lines.length;
  let periodLine: string | undefined;
  if (end > 0 && (PERIOD_LINE.test(lines[end - 1]!) || DATE_LINE.test(lines[end - 1]!))) periodLine = lines[--end];
  const names = lines.slice(Math.max(0, end - widest), end);
  if (
    names.length !== widest ||
    names.some((n) => n.length > 40 || NOT_A_NAME.test(n) || parseUnit(n) || (/\d/.test(n) && !QUARTER_NAME.test(n)))
  ) {
    // "CSG EISG Total / (in millions) / Year ended October 31, 2023:": the names on one line, the
    // period line's period theirs.
    const line = periodLine
      ? lines
          .slice(0, end)
          .filter((l) => !parseUnit(l))
          .pop()
      : undefined;
    const one = line ? oneWordNames(line, widest) : undefined;
    return one ? namesWithPeriod(one, columnsFromHeader([periodLine!], ctx)[0]?.period ?? null) : [];
  }
  const period = periodLine ? (columnsFromHeader([periodLine], ctx)[0]?.period ?? null) : null;
  return namesWithPeriod(names, period);
}

/** Columns named by `names`, of one period: "Q1" ... "Q4" its quarters, any other name (a segment, an
 * entity, "Total") the whole period. */
function namesWithPeriod(names: string[], period: TableColumn['period']): TableColumn[] {
  return names.map((label) => {
    // "Q1" ... "Q4", "First Quarter": a quarter of the period line's fiscal year; "Total" the year.
    const q = QUARTER_NAME.exec(label);
    const n = q ? (q[1] ? Number(q[1]) : ORDINALS.indexOf(q[2]!.toLowerCase()) + 1) : 0;
    if (n && period)
      return { label, period: { kind: 'duration' as const, fiscalYear: period.fiscalYear, months: 3, quarter: n }, inferred: false };
    return { label, ...(partLike(label) ? { part: label } : {}), period, inferred: false };
  });
}

const WHOLE_DATE = new RegExp(String.raw`\b(?:${MONTH_START})[a-z]*\.?\s+\d{1,2},\s+(?:19|20)\d\d\b`, 'i');
/** A caption printing one full date and no other year ("December 31, 2022 Regulatory Minimum"): the
 * table is of that date, its columns something else than years (years lost as digit-only lines would
 * have left no date printed whole). */
export function oneDate(caption: string): boolean {
  const years = caption.match(/\b(?:19|20)\d\d\b/g) ?? [];
  return years.length === 1 && WHOLE_DATE.test(caption) && !/\b(?:and|to|through|ended)\b/i.test(caption);
}

/** Whether the cells past the first `k` are percentages: each such column prints "%" in some row
 * (tables print it on the first and total rows only) and no amount ("$", thousands separators). */
export function percentsAfter(raw: RawRow[], k: number): boolean {
  const wide = raw.map((r) => joinCellTokens(r.cells)).filter((c) => c.length > k);
  if (wide.length === 0) return false;
  const width = wide.reduce((w, c) => Math.max(w, c.length), 0);
  for (let j = k; j < width; j++) if (columnKind(wide, j) !== 'percent') return false;
  return true;
}

/** A column of full rows: amounts (never a "%"), percentages ("%" in some row, no "$" nor thousands
 * separator), or a mix. */
export function columnKind(rows: string[][], j: number): 'amount' | 'percent' | 'mixed' {
  const col = rows.map((c) => c[j]?.trim() ?? '');
  if (!col.some((x) => x.endsWith('%'))) return 'amount';
  return col.some((x) => /\$|\d,\d{3}/.test(x)) ? 'mixed' : 'percent';
}

/** The amount columns of a table of 2 to `most` amount columns, the first of them first, each other
 * column a percentage (a change beside the years), or undefined. */
export function amountColumns(raw: RawRow[], widest: number, most = 3): number[] | undefined {
  const full = raw.map((r) => joinCellTokens(r.cells)).filter((c) => c.length === widest);
  if (full.length < 2 || widest < 3) return undefined;
  const kinds = Array.from({ length: widest }, (_, j) => columnKind(full, j));
  const amounts = kinds.map((k, j) => (k === 'amount' ? j : -1)).filter((j) => j >= 0);
  if (kinds.includes('mixed') || amounts[0] !== 0 || amounts.length < 2 || amounts.length > most || amounts.length === widest)
    return undefined;
  return amounts;
}

/** Whether the third amount column is the first less the second in most rows. */
export function differences(rows: string[][], at: number[]): boolean {
  const num = (x: string | undefined) => {
    const t = (x ?? '').replace(/[$,\s]/g, '');
    const n = Number(t.replace(/^\((.*)\)$/, '-$1'));
    return Number.isFinite(n) && t !== '' ? n : undefined;
  };
  let n = 0;
  let hits = 0;
  for (const r of rows) {
    const [a, b, c] = at.map((j) => num(r[j]));
    if (a === undefined || b === undefined || c === undefined) continue;
    n++;
    if (Math.abs(a - b - c) <= 1 || Math.abs(b - a - c) <= 1) hits++;
  }
  return n > 0 && hits >= SEGMENT_TUNING.tables.differencesShare * n;
}

/** "2023 2022 2021" over "CSG EISG Total CSG EISG Total CSG EISG Total": each year's columns named
 * on one caption line, the same names for each year; undefined when no line names them so. */
export function namesUnderYears(captionLines: string[], years: string[], width: number, ctx: PeriodContext): TableColumn[] | undefined {
  for (const line of captionLines) {
    const names = namesOver(line, years.length);
    if (names?.length !== width) continue;
    const dated = columnsFromHeader(years, ctx);
    const k = width / years.length;
    return names.map((label, j) => ({ label, part: label, period: dated[Math.floor(j / k)]!.period, inferred: false }));
  }
  return undefined;
}

/** The value most of `values` are (the larger on a tie). */
export function mostCommon(values: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
}

/** "2021 2022 Change FX Acq/Div U/L": years printed at the start of a caption line, before words that
 * head other columns, are the years of the columns inferred for them, in that order (a header line the
 * reader did not take whole for its last words). The columns as they were when no line says so. */
export function leadingYears(captionLines: string[], columns: TableColumn[], ctx: PeriodContext): TableColumn[] {
  const at = columns.map((c, j) => (c.inferred && c.period ? j : -1)).filter((j) => j >= 0);
  if (at.length < 2) return columns;
  for (const line of captionLines) {
    const m = /^((?:(?:19|20)\d\d\s+){2,})(?=[A-Za-z%])/.exec(line.trim());
    const years = m?.[1]?.trim().split(/\s+/);
    if (!years || years.length !== at.length) continue;
    const printed = columnsFromHeader(years, ctx);
    return columns.map((c, j) => (at.includes(j) ? printed[at.indexOf(j)]! : c));
  }
  return columns;
}

/** An annual report's table of two or three amounts a row that says no period at all ("Operating income
 * by reportable segment"): the text lost its year headers, or its columns are no years. Read as the
 * filing's latest years, but only once rows its filing or the company's other reports print with their
 * years settle them (answer/lookup/columns.ts): 'unhinted'. Undefined for any other table. */
export function unhintedColumns(
  columns: TableColumn[],
  captionLines: string[],
  width: number,
  annual: boolean,
  ctx: PeriodContext,
): TableColumn[] | undefined {
  if (!annual || width < 2 || width > 3 || columns.some((c) => c.period || c.label)) return undefined;
  if (oneDate(ctx.caption) || captionLines.some((l) => COLUMN_NAMES.test(l.trim()))) return undefined;
  return inferredColumns(width, ctx).map((c) => ({ ...c, basis: 'unhinted' as const }));
}
