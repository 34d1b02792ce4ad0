// What one pass of the HTML parser makes of a document: blocks of text and tables in reading order,
// the anchors and internal links (for the table of contents), and the raw inline-XBRL material
// (contexts, units, facts). Pure data; the later steps (layout, items, tables, facts) read only this.

/** A run of visible text ended by a block-level element (a paragraph, a div, a heading line). */
export interface TextBlock {
  kind: 'text';
  text: string;
  /** Share of the block's characters set in bold (font-weight >= 600, <b>, <strong>). */
  boldShare: number;
  /** Largest font size seen in the block, in points (0 when none was stated). */
  fontSize: number;
}

export interface RawCell {
  text: string;
  colspan: number;
  /** Indexes into RawDocument.facts of the ix:nonFraction facts shown in this cell. */
  facts: number[];
  bold: boolean;
  /** The cell is underlined twice (a total) or once on top (a sum line). */
  doubleBorder: boolean;
  topBorder: boolean;
  /** Left padding or text indent of the cell, in points (row hierarchy). */
  indent: number;
}

export interface TableBlock {
  kind: 'table';
  rows: RawCell[][];
  /** Internal links (#id) inside the table, with the row they sit in (index into rows). */
  links: { href: string; row: number }[];
}

/** A page break (CSS page-break-before/after, <hr> with it): page numbers and running heads sit beside it. */
export interface BreakBlock {
  kind: 'break';
}

export type Block = TextBlock | TableBlock | BreakBlock;

export interface RawContext {
  start?: string;
  end: string;
  instant: boolean;
  dimensions: Record<string, string>;
}

export interface RawFact {
  name: string;
  contextRef: string;
  unitRef: string | null;
  decimals: string | null;
  scale: string | null;
  sign: string | null;
  format: string | null;
  nil: boolean;
  /** The displayed text (inner text of the element). */
  text: string;
  /** Block index where the fact sits, and its table row and cell when inside a table; undefined for hidden facts. */
  block?: number;
  row?: number;
  cell?: number;
}

export interface RawDocument {
  blocks: Block[];
  /** Element id (or <a name>) -> index of the first block at or after it. */
  anchors: Map<string, number>;
  contexts: Map<string, RawContext>;
  /** Unit id -> measure ("usd", "usd/shares", "shares", "pure"). */
  units: Map<string, string>;
  facts: RawFact[];
  /** dei: cover facts (ix:nonNumeric and ix:nonFraction), name -> displayed text and context (the first). */
  dei: Map<string, { text: string; contextRef: string }>;
  /** Every dei:EntityCentralIndexKey: a multi-registrant filing (a parent and its subsidiaries) has several. */
  ciks: string[];
  /** True when the document is inline XBRL (has an ix:header). */
  inlineXbrl: boolean;
}
