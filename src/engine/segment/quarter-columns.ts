// An annual report's quarterly data table names its columns by quarter under a year printed once, in
// lines the text broke: "2019 Quarters / Fourth / Third / Second / First" (Kraft Heinz, in the caption),
// or "Fiscal 2022 First" / "Quarter Second" / "Quarter Third" / "Quarter Fourth" / "Quarter Annual"
// (Accenture, as header rows above the first figures). Read whole, the line gives each column its
// quarter of that fiscal year; a column of the whole year ("Annual", "Total") keeps no period, the
// year's figure being the statements'. A second such header further down opens another year's block
// under the same columns: its rows are not placed under the first block's quarters.
import type { TableModel } from '../tables/model.js';

const MARKER = /\s*\([a-z]\)/gi;
const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
const SEP = String.raw`(?:\s*/\s*|\s+)`;
const QUARTER = `(first|second|third|fourth)(?:${SEP}quarter)?`;
// A year, optionally "Fiscal" before it and "Quarters" after, then the quarters in any order and an
// optional whole-year column.
const HEADER = new RegExp(
  String.raw`(?:^|/\s*)(?:fiscal\s+)?((?:19|20)\d\d)(?:\s+quarters?)?${SEP}((?:${QUARTER}${SEP}?){4})(annual|total|fiscal year|year)?\s*(?:/|$)`,
  'i',
);
const NEW_BLOCK = /^(?:fiscal\s+)?(?:19|20)\d\d(?:\s+quarters?)?(?:\s+(?:first|second|third|fourth))?$/i;

interface QuarterHeader {
  year: number;
  quarters: number[];
  whole: boolean;
}

function readHeader(text: string): QuarterHeader | undefined {
  // (Footnote markers beside the year or a quarter, "2020 Quarters (a)", "Second (c)", are no words of it.)
  const m = HEADER.exec(text.replace(MARKER, '').replace(/\s+/g, ' ').trim());
  if (!m) return undefined;
  const quarters = [...m[2]!.matchAll(/first|second|third|fourth/gi)].map((q) => ORDINAL[q[0].toLowerCase()]!);
  if (new Set(quarters).size !== 4) return undefined;
  return { year: Number(m[1]), quarters, whole: !!m[4] };
}

// "First Quarter / Second Quarter / Third Quarter / Fourth Quarter" a line each over "Fiscal Year" columns
// whose years the text lost; the sentence introducing them says the years ("for fiscal 2020 and fiscal
// 2019").
const QUARTER_LINES = /(?:^| \/ )first quarter \/ second quarter \/ third quarter \/ fourth quarter(?: \/|$)/i;
const TWO_YEARS = /\bfiscal ((?:19|20)\d\d) and (?:fiscal )?((?:19|20)\d\d)\b/i;
const MIN_AMOUNT = 100;
const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.5, 1e-3 * Math.abs(b));

/** The years of a quarterly table's columns that lost them, two a quarter, in the order its rows' four
 * quarters add up to the year's figure the filing's income statement prints for the same label;
 * undefined when no row says which. */
function yearsByQuarter(t: TableModel, tables: TableModel[]): number[] | undefined {
  const said = TWO_YEARS.exec(t.caption);
  if (t.columns.length !== 8 || !said || !QUARTER_LINES.test(t.caption)) return undefined;
  const years = [Number(said[1]), Number(said[2])];
  const yearly = (label: string, year: number): number | undefined => {
    for (const s of tables) {
      if (s.statement !== 'income') continue;
      const j = s.columns.findIndex((c) => c.period?.fiscalYear === year && (c.period.months ?? 12) === 12);
      // (A label printed twice, "Basic" of earnings per share and of shares, says nothing; nor does a
      // per-share amount, whose quarters need not add up.)
      const rows = s.rows.filter((r) => r.aligned && r.label === label);
      const v = j < 0 || rows.length !== 1 ? undefined : rows[0]!.cells[j]?.value;
      if (v !== undefined && v !== null && Math.abs(v) >= MIN_AMOUNT) return v;
    }
    return undefined;
  };
  for (const order of [years, [...years].reverse()]) {
    let agree = 0;
    let disagree = 0;
    for (const r of t.rows) {
      if (!r.aligned || r.cells.length !== 8 || r.cells.some((c) => !c || c.value === null || c.percent)) continue;
      order.forEach((year, k) => {
        const v = yearly(r.label, year);
        if (v === undefined) return;
        const sum = [0, 2, 4, 6].reduce((n, j) => n + r.cells[j + k]!.value!, 0);
        if (near(sum, v)) agree++;
        else disagree++;
      });
    }
    if (agree >= 2 && disagree === 0) return order;
  }
  return undefined;
}

/** Give the columns of an annual report's quarterly tables their quarters, in place. */
export function nameQuarterColumns(tables: TableModel[], annual: boolean): void {
  if (!annual) return;
  for (const t of tables) {
    if (t.columns.length < 4 || t.columns.some((c) => c.period)) continue;
    const byQuarter = yearsByQuarter(t, tables);
    if (byQuarter) {
      t.columns.forEach((c, j) => {
        const [q, year] = [Math.floor(j / 2) + 1, byQuarter[j % 2]!];
        c.label = `Q${q} fiscal ${year}`;
        c.period = { kind: 'duration', fiscalYear: year, months: 3, quarter: q };
        c.inferred = false;
      });
      continue;
    }
    // The header: the caption's lines, then the header rows above the first figures.
    const first = t.rows.findIndex((r) => r.cells.some((c) => c && c.value !== null));
    if (first < 0) continue;
    const lead = t.rows.slice(0, first).filter((r) => r.kind === 'header' && r.cells.every((c) => !c));
    const h = readHeader(lead.length > 0 ? lead.map((r) => r.label).join(' / ') : t.caption) ?? readHeader(t.caption);
    if (!h || h.quarters.length + (h.whole ? 1 : 0) !== t.columns.length) continue;
    h.quarters.forEach((q, j) => {
      const c = t.columns[j]!;
      c.period = { kind: 'duration', fiscalYear: h.year, months: 3, quarter: q };
      c.inferred = false;
    });
    // Another year's block under the same columns ("2018 Quarters", "Fiscal 2021 First"): not this one's.
    const next = t.rows.findIndex((r, i) => i > first && r.kind === 'header' && NEW_BLOCK.test(r.label.replace(MARKER, '').trim()));
    if (next > 0) for (const r of t.rows.slice(next)) r.aligned = false;
  }
}
