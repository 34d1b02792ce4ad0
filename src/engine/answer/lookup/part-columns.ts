// Tables with several columns of one period: a segment note printing each segment as a column
// ("CSG EISG Total", "Activision Blizzard King Total" under "Year Ended December 31, 2019"), or each
// year's amount beside its percentage of revenue. The column of a part is read when the question
// names that part (by its words or its initials: "EISG" for the Electronic Industrial Solutions
// Group); the total's when the question names a part the row carries ("Americas" revenue); an amount's
// or a percentage's as the question asks one or the other.
import type { FilingRow } from '../../index/types.js';
import type { ColumnPeriod, TableCell, TableColumn, TableModel } from '../../tables/model.js';
import { fiscalQuarterOf } from '../../filing/fiscal.js';
import type { PeriodAsk } from './columns.js';
import { GENERIC, labelStems, shortPlaces } from './label-words.js';
import type { Asked } from './asked.js';

export interface ColumnFit {
  c: TableColumn;
  j: number;
}

/** Which of a period's columns answers: a named column (a part's, or the total's), or each row's by
 * the kind of its cell. */
export type PartColumn = { j: number; part: boolean; rest?: string[] } | 'by-kind' | undefined;

// Generic last words an acronym may end with beyond the part's own words ("EISG": "... Solutions
// Group"; "CSG").
const ACRONYM_TAIL = /^[gsdb]?$/;

/** The column label names every qualifier of `a`, by its words or as their initials. */
function namesPart(label: string, a: Asked): boolean {
  if (a.quals.length === 0) return false;
  const own = labelStems(shortPlaces(label)).filter((w) => !GENERIC.has(w));
  if (own.length > 0 && a.quals.every((q) => own.includes(q)) && own.every((w) => a.quals.includes(w) || a.known.has(w))) return true;
  if (!/^[A-Z]{2,6}$/.test(label.trim())) return false;
  const printed = label.trim().toLowerCase();
  // (The question writes the initials themselves, alone or beside the name: "Electronic Industrial
  // Solutions Group (EISG)"; with other words, "QTL foreign currency translation adjustment", the row
  // names those.)
  if (a.quals.includes(printed)) return a.quals.length === 1 || a.acronyms.includes(printed);
  return a.acronyms.some((x) => printed.startsWith(x) && ACRONYM_TAIL.test(printed.slice(x.length)));
}

/** The qualifiers of `a` a part's column names when it names some but not all of them: by its words
 * ("Diagnostics and Genomics"), or as the initials of a run of them ("CSG" for Communications Solutions
 * Group); empty otherwise. */
function namesSome(part: string, a: Asked): string[] {
  if (a.quals.length < 2) return [];
  const own = labelStems(shortPlaces(part)).filter((w) => !GENERIC.has(w));
  if (own.length > 0 && own.every((w) => a.quals.includes(w))) return own.length < a.quals.length ? [...new Set(own)] : [];
  if (!/^[A-Z]{2,6}$/.test(part.trim())) return [];
  const printed = part.trim().toLowerCase();
  for (let i = 0; i < a.quals.length; i++)
    for (let k = i + 2; k < a.quals.length; k++) {
      const run = a.quals.slice(i, k);
      const initials = run.map((w) => w[0]).join('');
      if (printed.startsWith(initials) && ACRONYM_TAIL.test(printed.slice(initials.length))) return run;
    }
  return [];
}

/** How to read a table with several columns of the period asked (`fits`, two or more). */
export function partColumn(fits: ColumnFit[], a: Asked): PartColumn {
  if (fits.length < 2) return undefined;
  const named = fits.filter(({ c }) => namesPart(c.part ?? c.label, a));
  if (named.length === 1) return { j: named[0]!.j, part: true };
  if (named.length > 1) return undefined;
  // A table of parts of two kinds, one a column ("CSG EISG Total" under each year), the other a row
  // ("Americas", "Europe"): the column of the one part of the period that names some qualifiers; the
  // row must name the rest (`rest`) by its label or group.
  const some = fits.filter(({ c }) => c.part).map((f) => ({ f, s: namesSome(f.c.part!, a) }));
  const split = some.filter((x) => x.s.length > 0);
  if (split.length === 1) return { j: split[0]!.f.j, part: true, rest: a.quals.filter((q) => !split[0]!.s.includes(q)) };
  if (split.length > 1) return undefined;
  // A part the row names, in a table of parts by segment column: the total column's.
  const total = fits.filter(({ c }) => /^total$/i.test(c.label.trim()));
  if (a.quals.length > 0 && total.length === 1 && fits.every(({ c }) => c.label.trim() && !/^\d{4}$/.test(c.label.trim())))
    return { j: total[0]!.j, part: false };
  return fits.length === 2 ? 'by-kind' : undefined;
}

/** Of two columns of one period, the one whose cell in this row is the kind asked (a percentage for a
 * rate, an amount otherwise), when only one is; -1 otherwise. */
export function kindColumn(cells: (TableCell | null)[], fits: ColumnFit[], a: Asked): number {
  const kinds = fits.map(({ j }) => cells[j]).filter((cell) => cell && cell.value !== null);
  if (kinds.length !== 2) return -1;
  const ok = fits.filter(({ j }) => {
    const cell = cells[j];
    return cell && cell.value !== null && !!cell.percent === a.rate;
  });
  return ok.length === 1 ? ok[0]!.j : -1;
}

/** A table whose columns are parts and whose rows state their balances' dates: no column has a period,
 * a row does. */
export function rowDated(m: TableModel): boolean {
  return m.columns.length > 0 && m.columns.every((c) => !c.period) && m.rows.some((r) => r.period);
}

/** The column of a dated table that answers: the part the question names; else, when it names none,
 * the "Total" column (or the one column). Never a part's column the question did not name. */
export function datedColumn(fits: ColumnFit[], a: Asked): PartColumn {
  if (fits.length === 1) return a.quals.length === 0 ? { j: fits[0]!.j, part: false } : undefined;
  if (fits.some(({ c }) => !(c.part ?? c.label))) return undefined;
  const named = fits.filter(({ c }) => namesPart(c.part ?? c.label, a));
  if (named.length === 1) return { j: named[0]!.j, part: true };
  const total = fits.filter(({ c }) => /^(?:total|consolidated)$/i.test((c.part ?? c.label).trim()));
  // (Not when the measure's own words name another column's part: "QTL goodwill ..." read as a label.)
  const said = (label: string) => {
    const own = labelStems(label).filter((w) => !GENERIC.has(w));
    return (own.length > 0 && own.every((w) => a.need.includes(w))) || a.need.includes(label.trim().toLowerCase());
  };
  const other = fits.some(({ c }) => !total.some((x) => x.c === c) && said(c.part ?? c.label));
  if (a.quals.length === 0 && named.length === 0 && total.length === 1 && !other) return { j: total[0]!.j, part: false };
  if (named.length > 0) return undefined;
  // A part and a movement of it ("Infrastructure Software" and "acquisitions"): the column names some
  // qualifiers, the row must name the rest.
  const split = fits.map(({ j, c }) => ({ j, s: namesSome(c.part ?? c.label, a) })).filter((x) => x.s.length > 0);
  return split.length === 1 ? { j: split[0]!.j, part: true, rest: a.quals.filter((q) => !split[0]!.s.includes(q)) } : undefined;
}

/** Whether row `i` of a dated table is a movement of the year asked: an undated row between a balance
 * row and the next one, which closes at the period asked (a roll-forward prints a block of rows a year,
 * each opening with a dated balance). A quarter's 10-Q prints the year to date, not the quarter. */
export function movementAt(m: TableModel, i: number, p: PeriodAsk, filing: FilingRow): boolean {
  if (m.rows[i]!.period || p.quarter !== undefined || p.at?.point === 'instant') return false;
  if (!m.rows.slice(0, i).some((r) => r.period)) return false;
  const closing = m.rows.slice(i + 1).find((r) => r.period);
  return !!closing?.period && rowAt(closing.period, p, filing);
}

const DAY = 86_400_000;
// How far a printed balance date may lie from the period's end (52/53-week years end near their date).
const NEAR_DAYS = 10;

/** Whether a row's balance date is the period asked: the fiscal year's end, or the quarter's end of
 * the quarterly report that holds it. */
export function rowAt(period: ColumnPeriod, p: PeriodAsk, filing: FilingRow): boolean {
  if (period.fiscalYear !== p.year || !period.end) return false;
  const end = Date.parse(`${period.end}T00:00:00Z`);
  if (p.quarter !== undefined) {
    if (!filing.sec_form_type.startsWith('10-Q') || fiscalQuarterOf(filing.period_of_report, filing.sec_fiscal_year_end) !== p.quarter)
      return false;
    return Math.abs(end - Date.parse(`${filing.period_of_report}T00:00:00Z`)) <= NEAR_DAYS * DAY;
  }
  // The fiscal year's end: its month and day (the index's MM-DD) in the date's year or either beside it.
  const [mm, dd] = filing.sec_fiscal_year_end.split('-').map(Number);
  const y = Number(period.end.slice(0, 4));
  return [y - 1, y, y + 1].some((yy) => Math.abs(end - Date.UTC(yy, mm! - 1, dd!)) <= NEAR_DAYS * DAY);
}
