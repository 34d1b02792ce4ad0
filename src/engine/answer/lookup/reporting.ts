// Which filings report a period asked (its own report, then later annual reports' comparative columns),
// which may answer from their facts, and which rows the evidence shows: what the figure finder
// (find.ts) reads first.
import type { EvidenceChain } from '../../evidence/types.js';
import type { FilingRow } from '../../index/types.js';
import { ANSWER_TUNING } from '../tuning.js';
import type { PeriodAsk } from './columns.js';
import type { FindContext } from './found.js';

const { laterYears: LATER_YEARS } = ANSWER_TUNING.lookup;

/** The filings that report period `p`: its own report first, then later annual reports (whose
 * comparative columns cover it), newest first; a quarter's own 10-Q, and the annual report of its
 * year (its quarterly data). */
export function reportingFilings(filings: FilingRow[], p: PeriodAsk): FilingRow[] {
  const fy = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));
  const annual = (f: FilingRow) => f.sec_form_type.startsWith('10-K');
  const own = filings.filter((f) => fy(f) === p.year && (p.quarter === undefined ? annual(f) : true));
  // Two comparative years in the statements; selected financial data (five years, some ten) besides.
  const later =
    p.quarter === undefined
      ? filings.filter((f) => annual(f) && fy(f) > p.year && fy(f) <= p.year + LATER_YEARS).sort((a, b) => fy(a) - fy(b))
      : [];
  // A quarter: its 10-Q first (the next year's 10-Q prints it as the prior-year column too).
  const quarterly = p.quarter !== undefined ? filings.filter((f) => !annual(f) && fy(f) === p.year + 1) : [];
  return [...own.sort((a, b) => Number(annual(a)) - Number(annual(b))), ...later, ...quarterly].filter((f) => !/8-K/.test(f.sec_form_type));
}

/** The filings whose facts may answer for `p`: those reporting it first, then the company's others
 * (a fact's context says its period exactly: a 10-Q's balance sheet holds the last year end's). */
export function factFilings(ctx: FindContext, p: PeriodAsk): FilingRow[] {
  if (ctx.named) return ctx.filings;
  const first = reportingFilings(ctx.filings, p);
  return [...first, ...ctx.filings.filter((f) => !first.includes(f) && !/8-K/.test(f.sec_form_type))];
}

/** Rows the evidence shows, as "table:row". */
export function shownRows(chains: EvidenceChain[]): Set<string> {
  const out = new Set<string>();
  for (const c of chains) {
    if (c.table) for (const i of c.table.shown) out.add(`${c.table.table.id}:${i}`);
    for (const e of c.entries) if (e.row) out.add(`${e.row.table.id}:${e.row.index}`);
  }
  return out;
}
