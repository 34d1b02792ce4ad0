// What every qualitative answer is made of: the input it reads (the Reading, the filings in scope, a
// reader of their statements), the block of statements one company's answer quotes, and how a block
// quotes them and names the report they come from.
import type { FilingRow, StatementRow } from '../../index/types.js';
import type { Reading } from '../../question/reading.js';
import type { FilingReader } from './reader.js';

export interface QualitativeInput {
  reading: Reading;
  /** The filings in scope. */
  scope: FilingRow[];
  /** Every filing of a company the caller's filters allow (a change is read against the report before). */
  filingsOf: (ticker: string) => FilingRow[];
  reader: FilingReader;
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** Companies that name their fiscal years off the index's labels, and the offset (ULTA -1: its
   * FY-2024 is its "fiscal 2023"). */
  fiscalNaming?: Map<string, number>;
}

/** How a statement is cited: "[A]". */
export type Cite = (statementId: number) => string;

/** One company's answer: the statements it quotes and how it writes them. */
export interface Block {
  picks: StatementRow[];
  write(cite: Cite): string;
}

/** A block's builder: one company's answer, or none when its filings do not say. */
export type BlockOf = (input: QualitativeInput, ticker: string) => Block | undefined;

/** A statement as a clause of the answer: its spaces collapsed, its closing mark dropped. */
export const clause = (s: StatementRow) =>
  s.text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;:]$/, '');
export const quote = (s: StatementRow, cite: Cite) => `${clause(s)} ${cite(s.id)}.`;
/** "Walmart's", "Tyson Foods'". */
export const owner = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);
/** "10-K FY2023". */
export const fy = (f: FilingRow) => `${f.sec_form_type} FY${f.sec_fiscal_year.slice(3)}`;
export const byNewest = (a: FilingRow, b: FilingRow) =>
  a.sec_fiscal_year === b.sec_fiscal_year
    ? a.period_of_report < b.period_of_report
      ? 1
      : -1
    : a.sec_fiscal_year < b.sec_fiscal_year
      ? 1
      : -1;

/** The fiscal year as the company names it, of a year as the index labels it. */
export const yearName = (input: QualitativeInput, ticker: string, label: number) => label + (input.fiscalNaming?.get(ticker) ?? 0);

/** The name an answer calls a company by. */
export const nameOf = (input: QualitativeInput, ticker: string, filing: FilingRow) => input.names.get(ticker) ?? filing.company;

/** The report of a company the answer reads: the newest of the scope's reports of these forms (of the
 * latest year the question names, for a change), else, when the question names no year, the newest
 * the company has (the scope's latest filing may be a 10-Q, which has no Item 1). */
export function reportOf(input: QualitativeInput, ticker: string, forms: string[]): FilingRow | undefined {
  const r = input.reading;
  const ofForm = (f: FilingRow) => f.sec_ticker === ticker && forms.includes(f.sec_form_type);
  const namesYear = !r.period.latest || r.source?.fiscalYear !== undefined;
  const last = namesYear && r.period.years.length > 0 ? `FY-${Math.max(...r.period.years)}` : undefined;
  const inScope = input.scope.filter(ofForm).sort(byNewest);
  return (
    inScope.find((f) => !last || f.sec_fiscal_year <= last) ??
    inScope[0] ??
    (namesYear ? undefined : input.filingsOf(ticker).filter(ofForm).sort(byNewest)[0])
  );
}

/** The report of the year the question names, exactly (an acquisition or a change's drivers are the
 * year's, never the year before's), else the newest when it names none. */
export function reportOfYear(input: QualitativeInput, ticker: string, forms: string[]): FilingRow | undefined {
  const f = reportOf(input, ticker, forms);
  const years = input.reading.period.years;
  if (!f || input.reading.period.latest || years.length === 0) return f;
  return f.sec_fiscal_year === `FY-${Math.max(...years)}` ? f : undefined;
}

/** The reports a block may read, best first: the one `reportOf` gives, then, when the question names
 * no year, the company's older ones (a report whose items were not found, such as General Mills'
 * 2022 10-K without its Item 1, is passed over for the one before). */
export function reportsOf(input: QualitativeInput, ticker: string, forms: string[], more = 2): FilingRow[] {
  const first = reportOf(input, ticker, forms);
  if (!first) return [];
  const r = input.reading;
  if (!r.period.latest || r.source?.fiscalYear !== undefined) return [first];
  const older = input
    .filingsOf(ticker)
    .filter((f) => forms.includes(f.sec_form_type) && f.id !== first.id && f.sec_fiscal_year <= first.sec_fiscal_year)
    .sort(byNewest);
  return [first, ...older.slice(0, more)];
}

/** The first answer a builder gives from the reports a block may read. */
export function firstAnswer(filings: FilingRow[], build: (f: FilingRow) => Block | undefined): Block | undefined {
  for (const f of filings) {
    const b = build(f);
    if (b) return b;
  }
  return undefined;
}
