// Amounts a filing schedules by the year they fall due: "Maturities of our lease liabilities ... 2026
// 30,340 3,502 26,838" answers "how much in operating lease payments falls due in fiscal 2026, per the
// fiscal 2023 10-K". A year after every year the filing reports is read from a row labelled with it,
// in a table whose caption (or introducing sentence) names the measure's words or says it schedules
// payments, from the column the measure's words name (or the table's only one).
import type { FilingRow } from '../../index/types.js';
import type { Figure } from '../resolve.js';
import { labelStems } from './label-words.js';
import type { Asked } from './asked.js';
import type { IntroducedTable } from './tables.js';

// A caption that schedules amounts by the year they fall due.
const SCHEDULE = /\bmaturit|\bdue\b|\bpayments?\b|\bpayable\b|\bschedul|\bfuture\b|\bcommitments?\b|\bobligations?\b/i;
// Stems of the words any schedule says: "payments", "due", "future minimum", "maturities".
const SCHEDULE_STEM = /^(?:payment|due|futur|minimum|matur|schedul|obligat|commit|amount|total)/;
// Amounts the company receives (a lessor's rentals, lease receipts, payments receivable): never the
// payments it makes, unless the question asks for them.
const RECEIVED = /\b(?:receipts?|receivables?|rentals?|to be received|sublease income)\b/i;
const YEAR_LABEL = (year: number) => new RegExp(`^(?:fiscal(?: year)?\\s+)?${year}\\b\\s*[:*]?$`, 'i');

/** The scheduled amount of `year` for the measure `a` in the filings' tables, or undefined. */
export function scheduledIn(
  a: Asked,
  year: number,
  filings: FilingRow[],
  tables: (filingId: number) => IntroducedTable[],
): Figure | undefined {
  const want = [...a.need, ...a.quals, ...a.say];
  // What is scheduled ("operating lease", "non-recourse debt"), beside the words any schedule says.
  const what = [...new Set(want)].filter((w) => !SCHEDULE_STEM.test(w));
  const received = want.some((w) => /^(?:receipt|receiv|rental|sublease)/.test(w));
  for (const filing of filings) {
    if (Number(filing.sec_fiscal_year.slice(3)) >= year) continue;
    for (const t of tables(filing.id)) {
      const m = t.model;
      const i = m.rows.findIndex((r) => YEAR_LABEL(year).test(r.label.trim()));
      if (i < 0 || !m.unit) continue;
      const row = m.rows[i]!;
      // (A schedule the text ran into another table is captioned by the headings over its rows: "Total
      // remaining lease payments ... is as follows" / "Fiscal Year Operating Leases".)
      const about = `${m.caption} ${t.intro ?? ''} ${(row.path ?? []).join(' ')} ${row.group ?? ''}`;
      if (!SCHEDULE.test(about)) continue;
      if (RECEIVED.test(about) && !received) continue;
      // The caption names the measure: most of its words are in it.
      const aboutStems = new Set(labelStems(about));
      const named = want.filter((w) => aboutStems.has(w)).length;
      if (named * 2 < new Set(want).size) continue;
      // More than half the words of what is scheduled are named by the caption or a column: never a
      // term loan's principal, lease receipts or the recourse debt's schedule for "non-recourse debt".
      const columnStems = new Set(m.columns.flatMap((c) => labelStems(c.label)));
      if (what.filter((w) => aboutStems.has(w) || columnStems.has(w)).length * 2 <= what.length) continue;
      // (A row whose values could not be placed under the columns prints them from the first.)
      const j = columnOf(
        m.columns.map((c) => c.label),
        row.aligned ? row.cells.length : row.cells.filter((c) => c && c.value !== null).length,
        want,
      );
      const cell = j === undefined ? undefined : row.cells[j];
      if (!cell || cell.value === null || cell.percent) continue;
      return {
        unit: 'USD',
        ticker: filing.sec_ticker ?? '',
        year,
        value: cell.value,
        scale: m.unit.scale,
        decimals: /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0,
        label: row.label,
        table: t,
        rowIndex: i,
        column: j!,
        columnLabel: m.columns[j!]?.label || String(year),
        inferred: false,
        filing,
        fromStatement: false,
        score: 1,
      };
    }
  }
  return undefined;
}

/** The column the measure's words name ("Operating Leases"), or the only one; never a guess among
 * several. */
function columnOf(labels: string[], cells: number, want: string[]): number | undefined {
  if (cells === 1) return 0;
  const scores = labels.map((l) => labelStems(l).filter((w) => want.includes(w)).length);
  const best = Math.max(0, ...scores);
  if (best === 0) return undefined;
  const at = scores.flatMap((s, j) => (s === best ? [j] : []));
  return at.length === 1 && at[0]! < cells ? at[0] : undefined;
}
