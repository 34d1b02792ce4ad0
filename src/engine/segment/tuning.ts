// The numbers that tune how a filing's text is cut into lines, headings, sentences and tables, in one
// place (retrieve/weights.ts's habit for ranking): named, each with why it has its value. A change here
// changes what an index holds: an index built before it is rebuilt to see it, and measured as the
// answers are (docs/development.md#tuning).

export interface SegmentTuning {
  /** How a line of text is classified (lines.ts). */
  lines: {
    /** A line this long is a paragraph: rows and headings never are. */
    proseChars: number;
    /** A page footer ("Page 12", "Apple Inc. | 2023 Form 10-K | 31") is a short line. */
    footerChars: number;
    /** A row's label runs to at most this many tokens before its values. */
    rowLabelTokens: number;
    /** A line of at most this many words is short (a heading, a caption, a label); one ending like a
     * sentence is short only up to `sentenceWords`. */
    shortWords: number;
    sentenceWords: number;
  };
  /** A sentence longer than this is cut at a semicolon (else a space) past a third of it: crawled
   * lists and tables read as one run of text otherwise. */
  maxSentence: number;
  /** How an item heading ("Item 7. Management's Discussion...") is recognised (headings.ts). */
  headings: {
    /** A candidate's score: its item's title follows, or not (a bare number at a line's start); a
     * strong form ("Item 7."), a title ending its line, a line's start. */
    score: { titled: number; untitled: number; strong: number; endsLine: number; lineStart: number };
    /** A title that ends its line within this many characters reads as a heading even after "see". */
    endsLineChars: number;
    /** A table of contents' line: at most `letters` letters before the next heading (within
     * `lookahead` characters), a heading text shorter than `textChars`, and the next heading of
     * another item within `gapChars`. */
    toc: { letters: number; lookahead: number; textChars: number; gapChars: number };
  };
  /** Which primary statement a table is (statement-type.ts). */
  statements: {
    /** Caption lines longer than this are prose, not a title. */
    titleChars: number;
    /** A titled table this long is its title's statement whatever its rows say. */
    titledRows: number;
    /** A table this long with a title's statement in it but another statement's rows (at least
     * `otherEvidence` of them, none of its own) is the other: the title came from a list above it. */
    otherRows: number;
    otherEvidence: number;
    /** Without a title, a table this long whose rows are a statement's is that statement (the MD&A's
     * summaries have the same totals in a few rows). */
    untitledRows: number;
  };
  /** Tables whose text lost their year headers (column-order.ts, change-columns.ts). */
  columns: {
    /** A table whose printed years survived counts as this many sentences stating a figure. */
    headerVote: number;
    /** Only figures stated to this share or better vote ("$0.5 billion" matches half a filing's cells). */
    statedTolerance: number;
    /** Most filings print the newest year first: oldest first only on at least `minimum` votes, `margin`
     * times the votes for newest first (one "$5.8 billion" matching a cash balance is no habit). */
    oldestFirst: { minimum: number; margin: number };
    /** A change column: at least `minRows` rows whose values agree, `agreeing` of them, within
     * `tolerance` of the difference (at least 1, rounding). */
    change: { minRows: number; agreeing: number; tolerance: number };
  };
  /** A row printed again under dates dates the columns of a table that lost its header (echoed-periods.ts):
   * at least `minCells` distinct amounts of at least `minAmount` each, the same in the same order (three
   * such amounts matching by chance in one filing is not a risk worth a wrong year; two might be). */
  echo: { minCells: number; minAmount: number };
  /** Tables (tables.ts, column-layout.ts). */
  tables: {
    /** Title lines kept above a table as its caption. */
    maxCaptionLines: number;
    /** Rows that must share the commonest width for it to be the table's width. */
    usualWidthShare: number;
    /** Rows whose last value is the difference of the two before it, for a change column. */
    differencesShare: number;
  };
}

export const SEGMENT_TUNING: SegmentTuning = {
  lines: { proseChars: 500, footerChars: 80, rowLabelTokens: 30, shortWords: 20, sentenceWords: 10 },
  maxSentence: 1500,
  headings: {
    score: { titled: 2, untitled: 0.5, strong: 1, endsLine: 1, lineStart: 0.5 },
    endsLineChars: 110,
    toc: { letters: 3, lookahead: 400, textChars: 160, gapChars: 40 },
  },
  statements: { titleChars: 120, titledRows: 12, otherRows: 15, otherEvidence: 3, untitledRows: 15 },
  columns: {
    headerVote: 10,
    statedTolerance: 0.01,
    oldestFirst: { minimum: 3, margin: 1.5 },
    change: { minRows: 2, agreeing: 0.6, tolerance: 0.005 },
  },
  echo: { minCells: 3, minAmount: 100 },
  tables: { maxCaptionLines: 8, usualWidthShare: 0.6, differencesShare: 0.6 },
};
