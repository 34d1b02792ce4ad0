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

// Bounds on what ingest reads of one filing, whatever its size: a filing past one is refused with the
// limit named (IngestLimitError) and the other files of the same `corpus add` go in. The work under
// each limit is linear in what it reads; the limits bound the memory one table takes and the cost of
// the HTML parser's open elements.

/** Rows of one table. The largest table of the 166 sample filings has 224 rows (Johnson & Johnson's
 * FY-2021 10-K), of the documents ingest reads in the recorded EDGAR material 51 (Caterpillar's 8-K
 * press release of April 2022): over forty times the largest. Read whole, a table of 1,000,000 rows
 * (30 MB of HTML) took 1.5 GB. */
export const MAX_TABLE_ROWS = 10_000;

/** Lines of a crawler filing's text read as one block: a run without prose (a table's rows and
 * caption, headings), which is held whole until it ends. The longest run of the 166 sample filings is
 * 2,048 lines (MGM Resorts' FY-2018 10-K); a table within MAX_TABLE_ROWS printed one cell a line takes
 * up to five lines a row. The filing is refused as the run reaches the limit: a run of a million lines,
 * held whole, took 800 MB. */
export const MAX_RUN_LINES = 50_000;

/** Cells of one table row. The widest row of the recorded EDGAR documents has 84 cells (Caterpillar's
 * press release again, a cell for each "$", figure and ")"), the widest table of the sample filings 63
 * columns (Costco's FY-2021 10-K): over ten times the widest. */
export const MAX_ROW_CELLS = 1_000;

/** HTML elements open within one another. The recorded EDGAR documents nest 14 deep at most (27 in
 * Apple's 10-Q of 2000, text whose <TABLE>, <S> and <C> tags are read as HTML); the HTML parser keeps its open elements in an array it shifts and
 * unshifts at every tag, so that every tag costs as much as the depth (100,000 unclosed <div>s took
 * 15 to 25 s): under the limit a tag costs a few microseconds at most. */
export const MAX_ELEMENT_DEPTH = 1_000;

/** A filing crossed one of the limits above: refused, with what was found and the limit. */
export class IngestLimitError extends Error {}

const count = (n: number) => n.toLocaleString('en-US');
const quoted = (text: string) => (text ? ` ("${text.replace(/\s+/g, ' ').trim().slice(0, 60)}")` : '');

/** A table of `rows` rows, `first` its first row's text. */
export const tooManyRows = (rows: number, first: string) =>
  new IngestLimitError(`a table of ${count(rows)} rows${quoted(first)} is over the limit of ${count(MAX_TABLE_ROWS)} rows a table`);

/** A table row of `cells` cells, `label` its label. */
export const tooManyCells = (cells: number, label: string) =>
  new IngestLimitError(`a table row of ${count(cells)} cells${quoted(label)} is over the limit of ${count(MAX_ROW_CELLS)} cells a row`);

/** A run of lines without prose past the limit, `first` its first line. */
export const tooLongRun = (first: string) =>
  new IngestLimitError(
    `a run of more than ${count(MAX_RUN_LINES)} lines of table rows or headings without prose${quoted(first)} is over the limit of ` +
      `${count(MAX_RUN_LINES)} lines a run`,
  );

/** Elements open past the limit at character `at` of an HTML document. */
export const tooDeep = (at: number) =>
  new IngestLimitError(
    `HTML elements nested more than ${count(MAX_ELEMENT_DEPTH)} deep at character ${count(at)} (tags left open, or set within ` +
      `one another): over the limit of ${count(MAX_ELEMENT_DEPTH)}`,
  );

/** Tokens of one phrase searched: a phrase's every token is a doclist FTS5 reads in full for BM25, and
 * "1.1.1.1..." is one word of thousands. The lexicon's longest label ("net cash provided by (used in)
 * operating activities") has 8; a quoted phrase of 80 characters has about 12 words. */
export const MAX_PHRASE_TOKENS = 12;

/** Figures one answer looks for: companies x measures x years (each a search of a company's tables,
 * then its text: 4-8 ms, 1,800 of them 14 s). The batteries ask at most 9; "revenue, net income and
 * operating margin of five companies over five years" is 75. A question asking more is told so. */
export const MAX_FIGURES = 100;

/** Members one screen looks at (a set of companies: a sector, a company's peers, the whole index). A
 * screen asks one measure of one year of each member (a margin's inputs and a growth's year before
 * included), found as the member's single question is: 4-8 ms a member from the filings' text, well
 * under 1 ms from its company facts. The S&P 500 has 503 constituents; the sample index's constituents
 * file 505 (two former members): the bound lets a screen take the whole index twice over, and stops
 * an index of some other list (10,000 companies: a minute of work) at about 5 s. A screen of several
 * measures or years is bounded by MAX_FIGURES, as any grid. */
export const MAX_SCREEN_MEMBERS = 1_000;

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
