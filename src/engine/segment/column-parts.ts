// Each column's part, where a header line names the parts and no period does: "Life Sciences and Applied
// Markets Diagnostics and Genomics Agilent CrossLab Total" over a goodwill roll-forward, "($ in millions)
// Flexibles Segment Rigid Packaging Segment Total", "Years Operating Leases Finance Leases" as the first
// line of a lease maturity table. The names run together on one line, so a name is one the filing prints
// elsewhere (a row label or group, with or without its "Segment"), or the line repeats a noun that ends
// each ("... Leases ... Leases"). A table named so is read by part; the period its caption states once
// ("as of December 31, 2022", "Year Ended September 30, 2023") is each column's, else the rows' own
// ("Balance as of March 31, 2023"); years inferred for its columns are not theirs.
import type { ColumnPeriod, TableColumn, TableModel } from '../tables/model.js';
import { namesOnOneLine, partLike } from './column-layout.js';
import { splitInto } from './part-names.js';
import { columnsFromHeader, DATE_LINE, PERIOD_LINE, type PeriodContext } from './table-header.js';

// A unit or a row-header word printed before the names on their line.
const LEAD =
  /^(?:\(?(?:\$|dollars|amounts|shares and \$)?\s*in (?:thousands|millions|billions)\)?|in (?:thousands|millions|billions)|years?|periods?)\s+/i;
const AT_DATE = /\b(?:as of|at)\s+([A-Z][a-z]{2,8}\.? \d{1,2}, (?:19|20)\d\d)\b/g;

// The columns segment tables print besides the segments' own.
const STANDARD = ['total', 'consolidated', 'eliminations', 'intersegment eliminations', 'corporate', 'corporate and other', 'other'];

/** A header line without the unit or row-header word printed before its names. */
export function namesLine(line: string): string {
  return line.replace(LEAD, '').trim();
}

/** Names that can be parts, or undefined. */
export function partNames(names: string[] | undefined): string[] | undefined {
  return names?.every(partLike) ? names : undefined;
}

/** The names of `n` columns one line prints, or undefined. */
function namesIn(line: string, n: number, known: Set<string>, guessed = false): string[] | undefined {
  const text = namesLine(line);
  if (!text || /\d/.test(text) || /:$/.test(text)) return undefined;
  return partNames(
    namesOnOneLine(text, n) ??
      splitInto(text, n, new Set([...known, ...STANDARD])) ??
      initialsEach(text, n) ??
      (guessed ? wordEach(text, n) : undefined),
  );
}

/** Over columns whose years were only guessed, a line of one capitalized word a column ending "Total"
 * or "Total Percentage" ("Scores Software Total Percentage"): the words name the columns. */
function wordEach(text: string, n: number): string[] | undefined {
  const ws = text.split(/\s+/);
  const total = ws.findIndex((w) => /^total$/i.test(w));
  const tail = ws.slice(total + 1);
  if (ws.length !== n || total < 1 || !ws.every((w) => /^[A-Z][a-z]+$/.test(w))) return undefined;
  return tail.length === 0 || (tail.length === 1 && /^percent(?:age)?$/i.test(tail[0]!)) ? ws : undefined;
}

/** A line of one word a column, each a part's initials, then "Total" ("CSG EISG Total"). */
function initialsEach(text: string, n: number): string[] | undefined {
  const ws = text.split(/\s+/);
  return ws.length === n && /^Total$/i.test(ws[n - 1]!) && ws.slice(0, -1).every((w) => /^[A-Z][A-Z&]{1,5}$/.test(w)) ? ws : undefined;
}

// One period of a line that spans groups of columns: "Year Ended September 30, 2023".
const SPAN = /(?:(?:fiscal )?years?|quarters?|(?:three|six|nine|twelve|\d{1,2}) (?:months|weeks)) ended\b.*?(?:19|20)\d\d/gi;

/** The periods a caption states over its `n` columns: one for all ("Year Ended September 30, 2023", a
 * single balance date), or one over each equal group ("Year Ended September 30, 2023 Year Ended
 * September 30, 2022" over eight columns); undefined when it states none so. */
function captionPeriods(caption: string, n: number, ctx: PeriodContext): (ColumnPeriod | null)[] | undefined {
  const lines = caption.split(' / ').map((l) => l.trim());
  const line = lines.filter((l) => PERIOD_LINE.test(l) || DATE_LINE.test(l)).pop();
  if (line) {
    const spans = [...line.matchAll(SPAN)].map((m) => m[0]);
    const years = line.match(/\b(?:19|20)\d\d\b/g) ?? [];
    if (years.length === 1) {
      const period = columnsFromHeader([line.replace(/:$/, '')], { ...ctx, caption: line })[0]?.period ?? null;
      return Array.from({ length: n }, () => period);
    }
    if (spans.length < 2 || spans.length !== years.length || n % spans.length !== 0) return undefined;
    const each = spans.map((x) => columnsFromHeader([x], { ...ctx, caption: x })[0]?.period ?? null);
    return Array.from({ length: n }, (_, j) => each[Math.floor(j / (n / spans.length))]!);
  }
  const one = captionPeriod(caption, ctx);
  return one ? Array.from({ length: n }, () => one) : undefined;
}

/** The one balance date a caption states: "... lease liabilities as of December 31, 2022:". */
function captionPeriod(caption: string, ctx: PeriodContext): ColumnPeriod | null {
  // ("... lease liabilities as of December 31, 2022:": one date, a balance's.)
  const dates = [...caption.matchAll(AT_DATE)];
  const date = dates.length === 1 && (caption.match(/\b(?:19|20)\d\d\b/g) ?? []).length === 1 ? dates[0]![1] : undefined;
  return date ? (columnsFromHeader([date], { ...ctx, caption: `as of ${date}` })[0]?.period ?? null) : null;
}

/** Names the columns of tables whose parts a caption line or a first header row names. */
export function nameColumnParts(tables: TableModel[], known: Set<string>, ctx: Omit<PeriodContext, 'caption'>): void {
  for (const t of tables) {
    const n = t.columns.length;
    // (A percentage column beside inferred years is one more column to name: "... Total Percentage".)
    const unnamed = (c: TableColumn) => c.label && !c.part && !(c.label === '%' && !c.period && t.columns.some((o) => o.inferred));
    if (n < 2 || t.statement || t.columns.some((c) => unnamed(c) || (c.period && !c.inferred))) continue;
    if (t.columns.every((c) => c.part)) {
      // (Named already: their caption's one period is theirs.)
      const periods = t.columns.some((c) => c.period) ? undefined : captionPeriods(t.caption, n, { ...ctx, caption: t.caption });
      if (periods) t.columns = t.columns.map((c, j) => ({ ...c, period: periods[j]!, inferred: false }));
      continue;
    }
    let names: string[] | undefined;
    // A header row before the first row of figures ("Years Operating Leases Finance Leases").
    const first = t.rows.findIndex((r) => r.cells.some((c) => c && c.value !== null));
    const heads = t.rows.slice(0, Math.max(0, first)).filter((r) => r.kind === 'header');
    for (const r of heads) if (!names) names = namesIn(r.label, n, known);
    const guessed = t.columns.some((c) => c.inferred);
    for (const line of t.caption.split(' / ').reverse()) if (!names) names = namesIn(line, n, known, guessed);
    if (!names) continue;
    const periods = captionPeriods(t.caption, n, { ...ctx, caption: t.caption });
    t.columns = t.columns.map(
      (c, j): TableColumn => ({
        label: names![j]!,
        part: names![j]!,
        period: periods?.[j] ?? (c.inferred ? null : c.period),
        inferred: false,
      }),
    );
  }
}
