// The weights that choose statements, rows and chains, in one place (MiniSearch's and Orama's habit):
// named, each with how it was chosen. Measured on the development questions as written, lower-cased
// and paraphrased (npm run eval) and on the answer battery; a weight that helped only one of them
// stayed at its neutral value. An engine can be given other values (EngineOptions.ranking).

export interface Ranking {
  /** BM25 column weights: a statement's own text (a row's label) and its context (caption, group).
   * Context words are shared by every row of a table, so they count about a third. */
  bm25Body: number;
  bm25Context: number;
  /** score = bm25 x (coverageBase + coverage)^2: a statement that holds all the question's groups
   * beats one with a high BM25 on a single word. 0.4 keeps partial matches in play. */
  coverageBase: number;
  /** A row that matched only through its table's caption says little itself. */
  captionOnly: number;
  /** For a figure question, rows with values are the evidence; text without numbers much less. */
  figureRow: number;
  figureRowNoDigits: number;
  figureSentence: number;
  /** Prose questions prefer sentences to table rows. */
  proseRow: number;
  proseSentence: number;
  /** Short sentences (< 40 characters) are mostly fragments. */
  shortSentence: number;
  /** Headings and captions name a topic in few words, so BM25 loves them; they hold no figure. */
  heading: { figure: number; prose: number };
  caption: { figure: number; prose: number };
  /** A statement in an item the question points to (risk -> 1A, figures -> 8). */
  itemHint: number;
  /** A row of the primary statement the question names or its line item sits in. */
  statementMatch: number;
  /** A row whose label reads exactly as an asked line item. */
  labelExact: number;
  labelPartial: number;
  /** A row under a segment or group heading when the question names no segment: a part, not the total. */
  groupedRow: number;
  /** Chain score: its best statement plus this share of the next four. */
  chainTail: number;
  /** Reciprocal-rank fusion constant (60: the usual value, Cormack et al. 2009). */
  rrfK: number;
  /** Weight of a line-item sub-query's list in the fusion, relative to the whole question's. */
  lineItemList: number;
  /** How the answer chooses the row that states a figure (answer/resolve.ts). A candidate's score is
   * its label's score (1 exact, 0.6 partial) times these; it must reach `figure.accept`. Chosen on
   * the answer battery and the cross-filing consistency check (bench/consistency.js): each factor
   * decides between two real candidates that check found (a segment table's row against the
   * statement's, a later filing's comparative against the year's own). */
  figure: {
    /** A row of the statement the item belongs to (capex: the cash flow statement). */
    ownStatement: number;
    /** A row of another primary statement. */
    otherStatement: number;
    /** A row under a segment's, region's or business's group: a part, not the total. */
    segmentGroup: number;
    /** The filing of the asked year itself, over a later one's comparative column. */
    ownFiling: number;
    /** A column whose year was inferred, ordered by the filing's own text or only by default. */
    inferredFromText: number;
    inferredByDefault: number;
    /** The cell is tagged with one of the item's XBRL concepts (HTML ingest). */
    xbrlConcept: number;
    inEvidence: number;
    /** The table states no unit: its amounts cannot be scaled. */
    noUnit: number;
    /** A statement in Item 8 (or a 10-Q's Part I Item 1), not an MD&A summary of it. */
    financialStatementsItem: number;
    /** "Total revenues" over "Net sales" when one statement prints both. */
    totalRow: number;
    /** Net income attributable to the company, over a consolidated line including others' share. */
    attributable: number;
    consolidated: number;
    /** The least score an answer accepts. */
    accept: number;
  };
}

export const RANKING: Ranking = {
  bm25Body: 1.0,
  bm25Context: 0.35,
  coverageBase: 0.4,
  captionOnly: 0.35,
  figureRow: 1.5,
  figureRowNoDigits: 0.6,
  figureSentence: 0.85,
  proseRow: 0.9,
  proseSentence: 1.2,
  shortSentence: 0.6,
  heading: { figure: 0.3, prose: 0.45 },
  caption: { figure: 0.35, prose: 0.6 },
  itemHint: 1.3,
  statementMatch: 1.6,
  labelExact: 1.8,
  labelPartial: 1.2,
  groupedRow: 0.8,
  chainTail: 0.3,
  rrfK: 60,
  lineItemList: 1.0,
  figure: {
    ownStatement: 3,
    otherStatement: 1.5,
    segmentGroup: 0.4,
    ownFiling: 1.2,
    inferredFromText: 0.95,
    inferredByDefault: 0.85,
    xbrlConcept: 2,
    inEvidence: 1.05,
    noUnit: 0.3,
    financialStatementsItem: 1.2,
    totalRow: 1.1,
    attributable: 1.1,
    consolidated: 0.9,
    accept: 1,
  },
};
