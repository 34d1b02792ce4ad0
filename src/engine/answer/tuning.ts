// The numbers that tune how a figure is found and an answer written, in one place (retrieve/weights.ts's
// habit for ranking): named, each with why it has its value. A change is measured on the answer
// batteries (test/battery/*.jsonl through bench/battery.js), the XBRL and qualitative batteries. The
// weights of the statement row a line item's figure is read from are RANKING.figure (weights.ts).

export interface AnswerTuning {
  /** Two amounts within this share of each other are one figure (printed rounded, or at another
   * scale): half a percent. Rivals and conflicts are told apart by it. */
  sameValue: number;
  /** A per-share cell at or above this is a share count or an amount read from the wrong row. */
  perShareMax: number;
  /** A row candidate of any table (answer/lookup/rows.ts): its score is the product of these. */
  rows: {
    /** A primary statement's row over a note's or the MD&A's. */
    statement: number;
    /** The report of the period asked over a later one's comparative column. */
    ownReport: number;
    /** Each label word the question did not ask for. */
    perExtra: number;
    /** A label naming the measure word for word. */
    exact: number;
    /** A column year inferred in the order the filing's text shows (not printed, not cross-checked). */
    textOrder: number;
    /** A row the evidence already shows. */
    inEvidence: number;
    /** A balance's column when the question said "in 2023" (more often a span's amount), or the reverse. */
    otherPoint: number;
    /** Rivals this close to the best with another value make the answer ambiguous. */
    rivalRatio: number;
  };
  /** How a row reads as the measure asked (answer/lookup/row-match.ts). */
  rowMatch: {
    /** Where the row says the measure's words: its own label or group fully, its table's caption
     * less, a heading above the table least (headings name a topic, not the row). */
    place: { label: number; group: number; caption: number; heading: number };
    /** A row where nothing says the kind of figure the question hints at ("segment", "region"). */
    unhinted: number;
    /** A table whose caption names the asked part with its generic noun ("Walmart U.S. Segment"). */
    partTable: number;
    /** A label whose words the question did not ask reach this share of its own: another measure. */
    maxExtraShare: number;
  };
  /** A fact (inline XBRL) read as asked (answer/lookup/facts.ts, fact-match.ts). */
  facts: {
    /** A fact named by a label the question says outranks any other, whatever their other scores. */
    literal: number;
    /** The period's own report over a later one's comparative: a tie-break only. */
    ownYear: number;
    /** A share count for a question that does not say shares; a balance asked over a span, or the reverse. */
    otherUnit: number;
    otherKind: number;
    /** Candidates this close to the best's score with other values are rivals. */
    rivalMargin: number;
    /** Filings whose facts are kept read (one 10-K's are some thousands). */
    cachedFilings: number;
    /** How much a word said counts by what says it: the row's own label and the members most, the
     * concept's standard label nearly as much, the group less, the lexicon's general names least. */
    place: { own: number; standard: number; group: number; lexicon: number; member: number };
    /** The concept's standard label said: the fact is that concept. */
    standardSaid: number;
    /** Each required word accounted for only by a name not said as a run. */
    weak: number;
    /** Each word of its printed label the question does not say: a narrower fact. */
    extra: number;
    /** Each member the fact's name implies (a default member) that the question does not name. */
    implicitUnnamed: number;
    /** Each word of a group the question does not say (at most `maxUnsaidGroup`): a part, a little less likely. */
    unsaidGroup: number;
    maxUnsaidGroup: number;
    /** Its label said less a word it prints ("deferred revenues" of "Total deferred revenues"). */
    variant: number;
  };
  /** Tables whose column years were inferred, checked against other tables (answer/lookup/columns.ts). */
  columns: {
    /** Values below this agree by chance: only amounts at least this large are compared. */
    minValue: number;
    /** Annual reports this many years either side print some of the same years. */
    nearYears: number;
    /** Values only one reading explains, at least this many, settle the years. */
    votes: number;
  };
  /** Where figures are looked for (answer/lookup/find.ts, tables.ts, resolve.ts). */
  lookup: {
    /** Sentences searched per filing for a figure stated in text. */
    sentences: number;
    /** Sentences searched per filing for a count: a noun as common as "employees" is in hundreds, and
     * the one that counts them all is often long (so ranked low). */
    countSentences: number;
    /** Annual reports after the year asked whose comparative columns may print it. */
    laterYears: number;
    /** Filings whose tables are kept (a 10-K's about 1 MB once every row is decoded, a table's rows only
     * when read): a grid of four companies reads about as many as 24. */
    keptFilings: number;
    /** Filings a line item's statement rows are read from directly, the year's own first. */
    directFilings: number;
    /** A balance read from a column of a span (a statement that prints both) is a little less sure. */
    instantFromDuration: number;
    /** Tokens a measure's words may spread over in a sentence ("renewal rate ... was 90.4%"). */
    sentenceWindow: number;
    /** A sentence's word is the question's when one begins the other, both at least `minChars` long
     * and at most `maxExtra` letters apart ("member" renewal rates for "membership" renewal rate). */
    sameWord: { minChars: number; maxExtra: number };
  };
  /** Characters of text read before a number: for a month and day before a year ("February 7, 2019"),
   * for a currency sign, label or month before an amount, for a sign or name before a count, for the
   * act, limit or site a count is of ("repurchased approximately", "occupied by approximately"), for a
   * capitalised name that narrows a measure stated in a sentence. */
  before: { date: number; figure: number; count: number; countAct: number; name: number };
  /** How a written answer is assembled (answer/extractive.ts, figure-answer.ts). */
  written: {
    /** Most lines one answer states: a question naming many companies, years and measures is summarised. */
    maxLines: number;
    /** Below this best chain relevance the evidence does not answer the question; the closest passages are quoted. */
    direct: number;
    /** Chains this far below the best still supply sentences (never above `direct`). */
    relevantBelowBest: number;
    /** A chain relevant enough to quote as related evidence after an abstention. */
    related: number;
    /** Sentences quoted: an answer, an overview's (more, several from the first chain), the closest passages. */
    claims: number;
    overviewClaims: number;
    overviewPerChain: number;
    shown: number;
    overviewShown: number;
    closest: number;
    /** Rows an ambiguous answer names: enough to say which is meant, few enough to read. */
    rivalsNamed: number;
  };
  /** The analysis beside an answer (answer/analysis.ts): changes and agreements listed at most, and
   * the characters of a claim quoted there. */
  analysis: { items: number; claimChars: number };
  /** A written figure checked against the evidence (answer/check-figures.ts, checked-stream.ts). */
  check: {
    /** A computed figure within this share of one made from the answer's inputs is that figure. */
    computed: number;
    /** Sentences after one whose figure does not check, read before it is marked: a metric is often
     * stated before its inputs ("25.3%. Inputs: net income $9,771 million ...; revenue ..."). */
    lookahead: number;
    /** A figure written without a scale word below this ("$6.42") is compared as printed too; a bare
     * number within `bareTolerance` of a printed one is it. */
    asPrintedBelow: number;
    bareTolerance: number;
  };
  /** Answers read from a filing's words: risks, segments, what a company does, an 8-K, a change
   * (answer/qualitative/). */
  qualitative: {
    /** Risk headings an answer lists at most; the lead line says how many the report has. */
    maxRisks: number;
    /** A risk's heading: `minChars` to `maxChars` characters, a heading of at least `minWords` words;
     * two short sentences that both warn are one heading up to `twoSentences` characters; a heading
     * sentence is explained by a paragraph of at least `bodyChars`. */
    riskHeading: { minChars: number; maxChars: number; minWords: number; twoSentences: number; bodyChars: number };
    /** A heading that groups risks ("Risks Related to Our Business"), or a topic heading over one: short. */
    riskGroup: { maxChars: number; maxWords: number };
    /** Longer sentences are lists or legal text, not a plain statement of segments or of a change. */
    maxSentenceChars: number;
    /** A sentence quoted for what a company does or an 8-K announced: shorter is a fragment or a caption. */
    minSentenceChars: number;
    /** How plainly a sentence names the segments: it counts as many as it names, names them, says
     * "reportable segments" (or only "operating segments"), the company speaks of itself, in Item 1. */
    segments: { counted: number; named: number; reportable: number; operating: number; ownVoice: number; item1: number };
    /** Paragraphs after a sentence introducing the segments, one a segment: looked at within `within`
     * statements, at most `items` when it does not count them. */
    segmentList: { within: number; items: number };
    /** A sentence saying what changed: each word it shares with the question, what it changed to
     * named, the report's year, a count. */
    change: { perWord: number; named: number; year: number; count: number };
    /** What a company does: read in its Item 1's first `item1Statements`, else the notes' and MD&A's
     * first `otherStatements`; `more` sentences after the one that says it. */
    business: { item1Statements: number; otherStatements: number; more: number };
    /** Sentences quoted of each 8-K item. */
    announcedPerItem: number;
    /** The kinds answered by a passage and never by a figure (answer/qualitative/: acquisitions.ts,
     * products.ts, named-risk.ts, drivers.ts, headquarters.ts). */
    kinds: KindTuning;
  };
}

export interface KindTuning {
  /** A sentence naming an acquisition: longer is a table read as text. At most `maxListed` sentences
   * listed; when none is of the year, at most `maxNamedElsewhere` that name others. A year is read in
   * its own 10-K or one up to `yearsBack` years later. What quoting one
   * costs besides its item's rank (the note 0, the MD&A 1, Item 1 2): the auditor's retelling, a
   * sentence that does not itself say it was completed, no day or month named, each amount. */
  acquisitions: {
    maxChars: number;
    maxListed: number;
    maxNamedElsewhere: number;
    yearsBack: number;
    retold: number;
    notItself: number;
    noDay: number;
    perAmount: number;
  };
  /** Where it is headquartered: a sentence up to `maxChars`; Item 2 scores `items`, each item after it
   * one less; the company's own headquarters `own` more, a regional one `part` less. */
  headquarters: { maxChars: number; items: number; own: number; part: number };
  /** One named risk: a topic heading of at least `minHeadingWords` words starts a risk factor, read to
   * `bodySentences` sentences. A risk factor scores what its heading names times `heading`, its first
   * sentence times `first`, and what the rest names; a proper name asked ("Apple") counts
   * `properWeight` times, and a word named again counts again up to `often` times. Sentences over
   * `maxChars` are tables read as text, under `minChars` fragments. A name no risk factor holds is
   * quoted from up to `elsewhere` other items. */
  /** Brands and products: a statement up to `maxChars` (a list of trademarks is long), a name up to
   * `nameWords` words; a list is `minNames` names or more, `enough` answer alone, else up to `maxLists`
   * lists within `nearBest` of the best; one name a sentence, up to `maxNames` names. A list
   * introduced by a colon is read `listLines` lines on, group headings up to `groupChars`. A statement
   * scores its names (up to `namesCounted`), a brand word (`brandWord`, half when products are asked),
   * a product word when products are asked, `topic` for each other word asked; less `aboutOne` for one
   * brand's acquisition or sale, `rivals` for competitors, `perStatement` for each statement before it. */
  products: {
    maxChars: number;
    nameWords: number;
    minNames: number;
    enough: number;
    maxLists: number;
    nearBest: number;
    maxNames: number;
    listLines: number;
    groupChars: number;
    namesCounted: number;
    brandWord: number;
    productWord: number;
    topic: number;
    aboutOne: number;
    rivals: number;
    perStatement: number;
  };
  /** The drivers of a change: an MD&A sentence of `minChars` to `maxChars` that names the measure
   * (`named`) before a cause. It scores `part` for each part asked it names, `way` for going the way
   * asked (as much less for going the other), `year` for naming the year, less `otherYear` for naming
   * only earlier ones, `subject` for naming the measure in its first `early` characters, less
   * `otherPart` for a part's figure when the whole is asked, `ownName` for naming a metric asked by its
   * own name before the cause (not by an input's label: "operating margin", not "operating income"), less
   * `perStatement` for each sentence
   * before it; under `minScore` it answers nothing. A sentence that ends "due to the following:" is
   * quoted with up to `listed` lines after it. */
  drivers: {
    minChars: number;
    maxChars: number;
    named: number;
    part: number;
    way: number;
    year: number;
    otherYear: number;
    early: number;
    subject: number;
    otherPart: number;
    ownName: number;
    perStatement: number;
    minScore: number;
    listed: number;
  };
  risk: {
    elsewhere: number;
    minHeadingWords: number;
    bodySentences: number;
    properWeight: number;
    heading: number;
    first: number;
    often: number;
    maxChars: number;
    minChars: number;
  };
}

export const ANSWER_TUNING: AnswerTuning = {
  sameValue: 0.005,
  perShareMax: 1000,
  rows: {
    statement: 1.3,
    ownReport: 1.2,
    perExtra: 0.75,
    exact: 1.15,
    textOrder: 0.85,
    inEvidence: 1.05,
    otherPoint: 0.75,
    rivalRatio: 0.97,
  },
  rowMatch: {
    place: { label: 1, group: 1, caption: 0.85, heading: 0.6 },
    unhinted: 0.8,
    partTable: 1.25,
    maxExtraShare: 0.5,
  },
  facts: {
    literal: 100,
    ownYear: 0.01,
    otherUnit: 0.5,
    otherKind: 0.5,
    rivalMargin: 0.005,
    cachedFilings: 24,
    place: { own: 1, standard: 0.95, group: 0.9, lexicon: 0.8, member: 1 },
    standardSaid: 0.3,
    weak: 0.5,
    extra: 0.75,
    implicitUnnamed: 0.1,
    unsaidGroup: 0.04,
    maxUnsaidGroup: 3,
    variant: 0.2,
  },
  columns: { minValue: 10, nearYears: 2, votes: 2 },
  lookup: {
    sentences: 40,
    countSentences: 250,
    laterYears: 10,
    keptFilings: 24,
    directFilings: 4,
    instantFromDuration: 0.9,
    sentenceWindow: 10,
    sameWord: { minChars: 5, maxExtra: 4 },
  },
  before: { date: 16, figure: 20, count: 12, countAct: 40, name: 30 },
  written: {
    maxLines: 12,
    direct: 4,
    relevantBelowBest: 2,
    related: 5,
    claims: 4,
    overviewClaims: 6,
    overviewPerChain: 4,
    shown: 5,
    overviewShown: 7,
    closest: 2,
    rivalsNamed: 3,
  },
  analysis: { items: 6, claimChars: 160 },
  check: { computed: 0.005, lookahead: 2, asPrintedBelow: 1000, bareTolerance: 0.5 },
  qualitative: {
    maxRisks: 12,
    riskHeading: { minChars: 20, maxChars: 420, minWords: 3, twoSentences: 330, bodyChars: 160 },
    riskGroup: { maxChars: 90, maxWords: 12 },
    maxSentenceChars: 700,
    minSentenceChars: 40,
    segments: { counted: 3, named: 2, reportable: 2, operating: 1, ownVoice: 1, item1: 1 },
    segmentList: { within: 40, items: 8 },
    change: { perWord: 2, named: 2, year: 1, count: 1 },
    business: { item1Statements: 80, otherStatements: 1500, more: 2 },
    announcedPerItem: 3,
    kinds: {
      acquisitions: {
        maxChars: 900,
        maxListed: 8,
        maxNamedElsewhere: 3,
        yearsBack: 2,
        retold: 3,
        notItself: 1.5,
        noDay: 0.5,
        perAmount: 0.25,
      },
      headquarters: { maxChars: 600, items: 5, own: 2, part: 2 },
      products: {
        maxChars: 1500,
        nameWords: 5,
        minNames: 3,
        enough: 6,
        maxLists: 3,
        nearBest: 0.6,
        maxNames: 16,
        listLines: 12,
        groupChars: 40,
        namesCounted: 8,
        brandWord: 3,
        productWord: 1,
        topic: 2,
        aboutOne: 6,
        rivals: 6,
        perStatement: 0.002,
      },
      drivers: {
        minChars: 40,
        maxChars: 900,
        named: 2,
        part: 3,
        way: 1,
        year: 1,
        otherYear: 3,
        early: 80,
        subject: 1,
        otherPart: 2,
        ownName: 1,
        perStatement: 0.001,
        minScore: 1,
        listed: 10,
      },
      risk: {
        elsewhere: 2,
        minHeadingWords: 4,
        bodySentences: 12,
        properWeight: 2,
        heading: 3,
        first: 1,
        often: 3,
        maxChars: 900,
        minChars: 40,
      },
    },
  },
};
