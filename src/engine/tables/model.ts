// The one table model: what ingest (crawler text or EDGAR HTML / inline XBRL) makes of a table, what
// the index stores, and what evidence, answers and analysis read. Nothing downstream re-parses the
// rendered text of a row: a row travels as its label and its cells, each cell under a column whose
// period is known (or marked inferred).

/** Multiplier of a table's plain amounts: 1e6 for "(in millions)". */
export type Scale = 1 | 1e3 | 1e6 | 1e9;

export interface TableUnit {
  scale: Scale;
  /** ISO 4217 code when the table states or implies a currency ("$", "dollars"); null otherwise. */
  currency: string | null;
  /** "except per share data" / "except per share amounts": per-share cells are not scaled. */
  exceptPerShare: boolean;
  /** "except share data" / "shares in thousands": share counts follow their own scale. */
  exceptShares: boolean;
  /** The unit line as printed, e.g. "(in millions, except per share data)". */
  text: string;
  /** The table states no unit: this is the one the filing's other financial tables state. */
  inferred?: boolean;
}

/** The period a column stands for. */
export interface ColumnPeriod {
  /** 'duration' (a fiscal year, "three months ended"), 'instant' (an as-of date: balance sheets). */
  kind: 'duration' | 'instant';
  /** The fiscal year the period ends in, by the index's rule (see filing/fiscal.ts). */
  fiscalYear: number;
  /** Months a duration covers when stated (3, 6, 9, 12); 12 for a plain year column. */
  months?: number;
  /** The quarter of the fiscal year (1-4) a three-month column stands for, when the header says so. */
  quarter?: number;
  /** ISO dates when known (HTML/XBRL contexts, or a header that prints the date). */
  start?: string;
  end?: string;
}

export interface TableColumn {
  /** The header as printed (multi-line headers joined with a space): "2019", "Three Months Ended
   * June 30, 2023". Empty when the text lost it. */
  label: string;
  /** What the column stands for; null when neither the header nor inference can say. */
  period: ColumnPeriod | null;
  /** The period was inferred (the header was lost), not read from the table or an XBRL context. */
  inferred: boolean;
  /** How an inferred period was set: 'fiscal-year' (the filing's latest years, newest first, by
   * default), 'text' (the order the filing's own sentences and headers show) or 'change' (two years
   * and a change column, ordered by the sign of the change) or 'unhinted' (a table that says no period
   * at all: read only when rows printed with their years elsewhere settle it). */
  basis?: 'fiscal-year' | 'text' | 'change' | 'unhinted';
  /** The part the column stands for when the header names one: a segment, a geography, "Finance
   * Leases", "Total" (from a header line over or under the period's). */
  part?: string;
}

export type RowKind = 'header' | 'data' | 'subtotal' | 'total';

export interface TableCell {
  /** As printed, trimmed, with `$`, `(`, `)` and `%` merged in: "(1,577)", "12.5%", "—". */
  text: string;
  /** The number with its sign ((1,577) -> -1577), before the table's scale; null for a dash. */
  value: number | null;
  /** A percentage cell ("12.5%"). */
  percent?: boolean;
  /** The XBRL concept this cell shows (HTML ingest), e.g. "us-gaap:Revenues". */
  concept?: string;
}

export interface TableRowModel {
  /** The row label as printed, digits kept ("Net income attributable to 3M"). */
  label: string;
  /** One per column, in column order; null where the cell is empty or the text lost it. */
  cells: (TableCell | null)[];
  kind: RowKind;
  /** The header row it sits under ("Walmart U.S.", "Current assets:"): its segment or group. */
  group: string | null;
  /** The headings above the row, outermost first, when its group sits under another heading ("Net
   * revenue" / "MGM China" over "Casino"); absent when the group is the only one. */
  path?: string[];
  /** The balance date the row states when its label ends on one ("Goodwill as of October 31, 2023",
   * "Balance at December 31, 2022"): the period of its cells in a roll-forward whose columns are parts. */
  period?: ColumnPeriod;
  /** False when the row's values could not be placed under columns (the crawler text dropped some
   * cells, so a row has fewer values than the table has columns): its cells are then in printed
   * order from the first column, and no figure is read from it by column. */
  aligned: boolean;
}

/** A primary financial statement, recognised from the caption and the row labels. */
export type StatementType = 'income' | 'comprehensive_income' | 'balance' | 'cash_flow' | 'equity';

export interface TableModel {
  /** Title lines above the table, joined with " / ". */
  caption: string;
  /** Headings the table sits under, outermost first (item title, note title, sub-heading). */
  headingPath: string[];
  unit: TableUnit | null;
  /** In printed order, left to right. */
  columns: TableColumn[];
  rows: TableRowModel[];
  statement: StatementType | null;
}

/** Column headers as one line, e.g. "2019 | 2018 | 2017 (inferred)". */
export function columnsLine(columns: TableColumn[]): string {
  if (columns.length === 0) return '';
  const names = columns.map((c) => columnName(c));
  return `${names.join(' | ')}${columns.some((c) => c.inferred) ? ' (inferred)' : ''}`;
}

/** A short name for a column: its fiscal year ("2019"), "Q2 2023"-like labels as printed, or its label. */
export function columnName(c: TableColumn): string {
  if (!c.period) return c.label || '?';
  const p = c.period;
  if (p.kind === 'duration' && (p.months ?? 12) < 12) return c.label || `${p.months} months to ${p.end ?? `FY${p.fiscalYear}`}`;
  if (p.kind === 'instant' && p.end) return String(p.fiscalYear);
  return String(p.fiscalYear);
}

/** One inline-XBRL fact (`ix:nonFraction`) as HTML ingest reads it. */
export interface XbrlFact {
  /** Qualified concept name, e.g. "us-gaap:Revenues", "aapl:ProductMember"-free company concepts too. */
  concept: string;
  /** The value with `scale` and `sign="-"` applied (millions become units); null for a nil fact. */
  value: number | null;
  /** The unit id's measure, lower-cased: "usd", "usd/shares", "shares", "pure". */
  unit: string | null;
  /** `decimals` as written (-6 for millions); null for "INF" or absent. */
  decimals: number | null;
  /** ISO dates from the fact's context: a duration (start, end) or an instant (end only). */
  start?: string;
  end: string;
  instant: boolean;
  /** Explicit dimensions of the context, axis -> member ("us-gaap:StatementBusinessSegmentsAxis" ->
   * "aapl:AmericasSegmentMember"); empty for the consolidated entity. */
  dimensions: Record<string, string>;
  /** The table cell that shows it, as indexes into the prepared filing's tables, rows and columns. */
  table?: number;
  row?: number;
  column?: number;
}
