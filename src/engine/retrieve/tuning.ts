// The caps and fixed weights of retrieval that an engine is not given (the weights it may be given are
// weights.ts's RANKING), in one place: named, each with why it has its value. They bound what each step
// reads, so a cold query stays fast, and order what the steps return before RANKING weighs it.

export interface RetrievalTuning {
  /** More scope ranges than this are searched as one pool (the best `limit x pool` of all of them),
   * fewer each for its own best `limit`: one pass per range costs more than the pool saves. */
  search: { manyRanges: number; pool: number };
  /** A named line item, metric, topic or quoted phrase weighs this many loose words. */
  namedGroup: number;
  /** A sentence shorter than this is mostly a fragment (weighed by RANKING.shortSentence). */
  shortSentenceChars: number;
  /** A company's opening sentences (what it does): the first `statements` of a section, sentences of
   * at least `minChars` (not a heading's run-on), `perSection` of them, from the newest `filings`. */
  opening: { statements: number; minChars: number; perSection: number; filings: number };
  /** Row labels read per filing for a phrase the question names. */
  rowNamesPerFiling: number;
  /** A name no company has ("CooperSurgical") is one company's part when its tables print it in at
   * least `partOwnerMinRows` rows and no other company's rows name it, of the best
   * `partOwnerRowsPerShard` statements of each full-text shard. */
  partOwnerRowsPerShard: number;
  partOwnerMinRows: number;
  /** A line item's rows read straight from the statements: from at most `filings` filings (beyond,
   * the scope is a sector and the search finds them), `cached` filings' tables kept decoded; a row of
   * the item's own statement counts `ownStatement` times another's, and each older filing is ranked
   * `perOlderFiling` lower (a tie-break: the newest report's row first). */
  statementRows: { filings: number; cached: number; ownStatement: number; perOlderFiling: number };
  /** Reciprocal-rank fusion keeps a hit's own score for building chains, scaled from `floor` (last)
   * to 1 + `floor` (first) by its fused rank. */
  fusionFloor: number;
  /** Whether a filing says something like a claim: its `allOf` longest content words (longer than
   * `minWordChars`) searched together, then any of its `keyWords` longest; the best `texts` matches of
   * each, alike when they share `alike` of their words. */
  similar: { allOf: number; keyWords: number; minWordChars: number; texts: number; alike: number };
}

export const RETRIEVAL_TUNING: RetrievalTuning = {
  search: { manyRanges: 8, pool: 4 },
  namedGroup: 2,
  shortSentenceChars: 40,
  opening: { statements: 60, minChars: 60, perSection: 6, filings: 2 },
  rowNamesPerFiling: 30,
  // Enough statements a shard that a name other companies print too shows up (a region, a customer),
  // few enough to read in a few milliseconds; two rows, not one stray cell.
  partOwnerRowsPerShard: 200,
  partOwnerMinRows: 2,
  statementRows: { filings: 6, cached: 64, ownStatement: 2, perOlderFiling: 0.01 },
  fusionFloor: 0.5,
  similar: { allOf: 3, keyWords: 8, minWordChars: 3, texts: 5, alike: 0.5 },
};
