// What every ingest (crawler JSON text, EDGAR HTML / inline XBRL) makes of one filing before it has
// ids: the index writer stores exactly this. Pure data.
import type { FilingMeta } from './metadata.js';
import type { TableModel, XbrlFact } from '../tables/model.js';

export type StatementKind = 'heading' | 'sentence' | 'caption' | 'header' | 'row';

export interface StatementDraft {
  kind: StatementKind;
  /** The text as read: a sentence, a heading, a caption, or a table row as printed. */
  text: string;
  /** Offset in the filing's text. */
  offset: number;
  /** For caption/header/row statements: index into the filing's `tables`. */
  table?: number;
  /** For header/row statements: index into that table's `rows`. */
  row?: number;
  /** A sentence that opens its paragraph (a line of prose, an HTML paragraph): a paragraph of one
   * sentence before a longer one is a heading the text printed as prose (a risk factor's). */
  opens?: true;
}

/** A section's own fields, as its index row stores them. */
export interface SectionFields {
  ordinal: number;
  item_tag: string;
  title: string;
  heading: string;
  start_char: number;
  end_char: number;
}

/** A section before it has ids: its own fields, and its statements in document order. */
export type PreparedSection = SectionFields & { statements: StatementDraft[] };

/** A table of the filing and the section (ordinal) it sits in. */
export type PreparedTable = TableModel & { section: number };

export interface PreparedFiling {
  meta: FilingMeta;
  content_chars: number;
  sections: PreparedSection[];
  tables: PreparedTable[];
  /** Inline-XBRL facts (HTML ingest); empty for crawler text. */
  facts: XbrlFact[];
}
