// Bounds on the work one query may do, whatever its text: a question of the contract's 4,000
// characters is read, searched and answered in about as much time and memory as a short one. Without
// them a long question became an FTS5 expression of hundreds of terms (one SQLite statement of up to
// 2 s, which nothing can interrupt), an agentic plan of 20 or more sub-queries (8-10 s in all), a
// phrase of thousands of one-character tokens ("1.1.1.1...", 4 s) and a spelling correction of every
// one-edit variant of a 4,000-letter word (70 s and 1.8 GB).

/** Term groups (quoted phrases, concepts, words) searched for; the rest of a long question is not. */
export const MAX_TERM_GROUPS = 24;
/** Line items and metrics a question's search looks for: each is also a search of row labels (or of the
 * statements of every filing in scope), 20 to 50 ms. The batteries' questions name at most 3; a list
 * of all 41 line items took 1.8 s. */
export const MAX_SEARCHED_MEASURES = 8;
/** Sub-queries of an agentic_research plan, the whole question included. */
export const MAX_PLAN_STEPS = 8;
/** Tokens of one phrase searched: a phrase's every token is a doclist FTS5 reads in full for BM25, and
 * "1.1.1.1..." is one word of thousands. The lexicon's longest label ("net cash provided by (used in)
 * operating activities") has 8; a quoted phrase of 80 characters has about 12 words. */
export const MAX_PHRASE_TOKENS = 12;

/** Figures one answer looks for: companies x measures x years (each a search of a company's tables,
 * then its text: 4-8 ms, 1,800 of them 14 s). The batteries ask at most 9; "revenue, net income and
 * operating margin of five companies over five years" is 75. A question asking more is told so. */
export const MAX_FIGURES = 100;

/** Phrases with an "and" in them ("Foods and Sundries") looked up among the row labels of the companies'
 * filings, each a search of every one of their filings: a question's list of names has a few; a
 * question of "X and Y and ..." repeated had 160 (0.5 s). The rest are read as lists. */
export const MAX_NAME_LOOKUPS = 8;

/** What the spelling corrector (question/spelling.ts) may do for one question. Each term it looks for
 * among the index's words costs a look-up in every shard of the index (about 30 µs each, 0.3 ms a
 * term on the sample index of 10 shards), and a word has about 50 one-edit variants a letter. */
export const SPELLING_LIMITS = {
  /** Letters of a word it corrects: the reading's longest word has 14 ("noncontrolling"), the
   * filings' long words 18 to 20 ("telecommunications"); a longer run of letters is no misspelling. */
  wordLetters: 22,
  /** Distinct words of a question it examines (each a look-up in the index and a comparison with the
   * reading's 240 words); the batteries' questions have at most 7. Words after them are read as written. */
  words: 32,
  /** Terms it may look up in the index for one question's misspellings: a word whose one-edit variants
   * would pass this is read as written. The batteries' questions look up at most 675 (two misspelt
   * names); 1,500 is one long word or two short ones, about 0.5 s on the sample index. */
  indexTerms: 1_500,
} as const;
