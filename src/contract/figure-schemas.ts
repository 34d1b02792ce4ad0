// Figures as data: every figure an answer states is a record in `analysis.figures`, and a question
// over several companies, years or measures is a grid in `analysis.grid` whose cells point at those
// records. The contract leaves the fields of `analysis` open; these are the project's, the one source
// of their types, their validation in tests and the OpenAPI document.
import * as z from 'zod';

export const FIGURE_UNITS = ['USD', 'USD/share', 'shares', 'percent', 'points', 'ratio', 'times', 'days', 'count'] as const;
export const FIGURE_STATUSES = ['reported', 'derived', 'fact'] as const;
export const FISCAL_PERIODS = ['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', '9M', 'TTM'] as const;
/** Why a figure asked is not stated: the index holds no filing (or company fact) that could print it;
 * the filings held do not state it; rows that read as it differ (the candidates are named); words of the
 * question could not be applied (they are named). */
export const GAP_REASONS = ['not_held', 'not_stated', 'ambiguous', 'words_not_read'] as const;
/** A grid cell's status: its record's, or `missing` with a reason code. */
export const CELL_STATUSES = [...FIGURE_STATUSES, 'missing'] as const;

export const FigureSourceSchema = z.object({
  accession: z.string(),
  form: z.string(),
  /** The filing's fiscal year; null for a company fact (EDGAR names its filing, not the filing's year). */
  fiscal_year: z.int().nullable(),
  /** When the filing was filed (a company fact's). */
  filed: z.string().optional(),
  /** The item the figure is printed in ("10K-Item-8"), when known. */
  item: z.string().nullable(),
  /** A primary statement ("income", "balance", "cash_flow", ...), or null for a note or the MD&A. */
  statement: z.string().nullable(),
  /** The table's caption as printed (its last line), or null. */
  table: z.string().nullable(),
  /** The row's label as printed, or null for a figure stated in a sentence. */
  row_label: z.string().nullable(),
  /** The column's header as printed, or its fiscal year when the text lost it. */
  column: z.string().nullable(),
  /** The sentence that states the figure, when it is stated in prose. */
  sentence: z.string().optional(),
  /** The XBRL concept the figure is tagged with (an inline-XBRL cell or a company fact). */
  concept: z.string().optional(),
  /** The row as the answer reads it, when that is not its printed label: the label without footnote
   * markers, a "Total" with the group it totals, a per-share line with its group. */
  row_read: z.string().optional(),
  /** The filing's EDGAR address. */
  url: z.string().nullable(),
});

/** A row that reads as the figure asked, one of several that differ (an ambiguous figure). */
export const FigureCandidateSchema = z.object({
  value: z.number(),
  unit: z.enum(FIGURE_UNITS),
  printed: z.string().nullable(),
  row_label: z.string(),
  column: z.string().nullable(),
  accession: z.string(),
});

export const FigureRecordSchema = z
  .object({
    /** "f1", "f2", ...: what a derived record's `inputs` and a grid's cells point at. */
    id: z.string(),
    /** The company's ticker; a figure of several companies (a difference or ratio between two) joins
     * theirs ("ADI vs SWKS"), never filed under one of them. */
    ticker: z.string(),
    /** A figure of several companies: their tickers, in the order its inputs take them. */
    tickers: z.array(z.string()).optional(),
    cik: z.string().nullable(),
    company: z.string(),
    measure: z.object({
      /** The lexicon's line item ("revenue") or metric ("operating_margin"), or null beyond the lexicon. */
      item: z.string().nullable(),
      /** How the answer names it: "revenue", "revenue (services)", "operating margin". */
      name: z.string(),
      /** The label as the filing prints it ("Net sales"), or null for a derived figure. */
      label: z.string().nullable(),
    }),
    fiscal_year: z.int(),
    fiscal_period: z.enum(FISCAL_PERIODS),
    period: z.object({
      kind: z.enum(['duration', 'instant']),
      start: z.string().nullable(),
      end: z.string().nullable(),
    }),
    /** In units: dollars, shares, a count, or percent points for a percentage (12.5 for 12.5%). */
    value: z.number(),
    unit: z.enum(FIGURE_UNITS),
    /** The cell or phrase as the filing prints it ("(10,705)", "$5.71 billion"); null when derived. */
    printed: z.string().nullable(),
    /** The multiplier the filing prints its amounts at (1e6 for "in millions"); null when derived. */
    scale: z.number().nullable(),
    status: z.enum(FIGURE_STATUSES),
    /** A derived figure: the operation ("pct_change", "operating_margin", "difference") and formula. */
    operation: z.string().optional(),
    formula: z.string().optional(),
    /** A derived figure's inputs: ids of other records. */
    inputs: z.array(z.string()).optional(),
    source: FigureSourceSchema.nullable(),
    /** A count: what it counts as the filing names it ("gallons", "employees"), or "" when the row's label
     * names it. A count is written at its printed scale, never with a currency. */
    counts: z.string().optional(),
    /** A figure a later report restated: the value first reported, its printed scale, where, and the
     * source ids the answer cites it with. */
    originally_reported: z
      .object({
        value: z.number(),
        printed: z.string().nullable(),
        scale: z.number().nullable().optional(),
        source: FigureSourceSchema,
        citation: z.string().nullable().optional(),
      })
      .optional(),
    /** Another row of the same statements that reads as this figure with another value, as the answer
     * states it beside the figure: the row, its printed scale, what it counts, the source ids it is cited
     * with, and how the two relate (one includes noncontrolling interests, one is the part attributable
     * to the company's shareholders, one is a total that includes the other or a part of it), or null
     * when they conflict. */
    also_shown: FigureCandidateSchema.extend({
      row_read: z.string().optional(),
      scale: z.number().nullable(),
      counts: z.string().optional(),
      citation: z.string().nullable(),
      relation: z.enum(['includes_noncontrolling', 'attributable', 'total', 'part']).nullable(),
    }).optional(),
    /** A figure read from a filing's text, checked against the company's XBRL company facts of the same
     * period: they agree, a later report restated it (the later value here), or they disagree. */
    facts_check: z
      .object({
        status: z.enum(['agree', 'restated', 'disagree']),
        value: z.number(),
        concept: z.string(),
        accession: z.string(),
        form: z.string(),
        filed: z.string(),
      })
      .optional(),
    /** The source ids the answer cites it with ("A", "A, B"), or null when the evidence lacks them. */
    citation: z.string().nullable(),
  })
  .register(z.globalRegistry, { id: 'FigureRecord' });

/** A set of companies a spec asks instead of tickers (a screen): a GICS sector, a sub-industry, or
 * every company of the index. */
export const SET_KINDS = ['sector', 'sub_industry', 'index'] as const;

const GridCellSchema = z.object({
  ticker: z.string(),
  measure: z.string(),
  fiscal_year: z.int(),
  /** The record stated for the cell, or null with `reason`. */
  figure: z.string().nullable(),
  /** The record's status, or `missing` (set by this project's engine; absent from older services). */
  status: z.enum(CELL_STATUSES).optional(),
  /** Why the cell is empty: a code and a sentence. */
  reason_code: z.enum(GAP_REASONS).optional(),
  reason: z.string().optional(),
});

/** A figure asked and not stated (`analysis.gaps`, kind `figure`): what it is of, when, and why. */
export const FigureGapSchema = z
  .object({
    kind: z.literal('figure'),
    code: z.enum(GAP_REASONS),
    ticker: z.string(),
    company: z.string(),
    /** How the answer names the measure ("revenue", "operating income change"). */
    measure: z.string(),
    fiscal_year: z.int(),
    fiscal_period: z.enum(FISCAL_PERIODS),
    /** A derived figure asked (a change, a difference between companies): the operation. */
    operation: z.string().optional(),
    message: z.string(),
    /** `ambiguous`: the rows that read as it. */
    candidates: z.array(FigureCandidateSchema).optional(),
    /** `words_not_read`: the question's words that could not be applied. */
    words: z.array(z.string()).optional(),
    /** `not_held`: the command that adds what the index lacks. */
    pull: z.string().optional(),
  })
  .register(z.globalRegistry, { id: 'FigureGap' });

/** A figure derived from a grid's cells. */
const GridDerivedSchema = GridCellSchema.extend({
  operation: z.string(),
  /** The earlier year of a change or growth. */
  from_year: z.int().optional(),
  /** The second company of a difference or ratio between two (`ticker` is the first). */
  other: z.string().optional(),
});

export const GridPayloadSchema = z
  .object({
    companies: z.array(z.object({ ticker: z.string(), name: z.string() })),
    measures: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        unit: z.enum(FIGURE_UNITS).nullable(),
        /** The company's part the measure is of, when its parts are ranked ("Health Care"). */
        part: z.string().optional(),
      }),
    ),
    /** Oldest first, as a table reads left to right. */
    fiscal_years: z.array(z.int()),
    fiscal_period: z.enum(FISCAL_PERIODS),
    /** What is asked over the cells: their values, each step's change or growth, a difference or
     * ratio between two companies, and whether they are ranked. */
    operation: z.object({
      kind: z.string(),
      /** How an answer names what is asked of the cells after a measure ("growth", "compound annual
       * growth", "difference"); absent for the values themselves. */
      name: z.string().optional(),
      steps: z.boolean().optional(),
      across: z.literal('companies').optional(),
      rank: z.enum(['desc', 'asc']).optional(),
      /** What is ranked is one company's parts (its segments), each a measure of the grid. */
      parts: z.boolean().optional(),
    }),
    cells: z.array(GridCellSchema),
    /** Figures derived from the cells: each step's change or growth, a difference or ratio between
     * companies (a record each, or null with its reason). */
    derived: z.array(GridDerivedSchema),
    /** A series of values: each row's change from its first stated figure to its last (`from_year`
     * to `fiscal_year`), a derived record: growth (`pct_change`) for amounts, points (`change`) for
     * rates. Absent when no row states two figures. */
    changes: z.array(GridDerivedSchema).optional(),
    /** Which leads: one ranking per year compared (or, for one company, over its years). */
    rankings: z
      .array(
        z.object({
          order: z.enum(['desc', 'asc']),
          measure: z.string(),
          /** What is compared: the cells' values, or each company's change or growth ("pct_change"). */
          operation: z.string(),
          fiscal_year: z.int(),
          /** First to last in the order asked, each with its record, when every figure compared is
           * stated; empty otherwise. */
          ranked: z.array(z.object({ ticker: z.string(), fiscal_year: z.int(), figure: z.string(), measure: z.string().optional() })),
          /** The figures it lacks, when it cannot be stated; of a set's members, those left unranked. */
          missing: z.array(z.object({ ticker: z.string(), fiscal_year: z.int(), reason: z.string(), measure: z.string().optional() })),
          /** Only the first N were asked ("the top 3"): `ranked` holds them. */
          top: z.int().optional(),
        }),
      )
      .optional(),
    /** The scale the grid's money is written at (1e6: millions). */
    scale: z.number(),
    /** The companies are a set's members (a screen): which set ("Consumer Discretionary"; for peers,
     * the company's sub-industry and the company), as the question or spec named it. A ranking of a
     * set is over the members stated; the others are its `missing`. */
    set: z
      .object({
        kind: z.enum([...SET_KINDS, 'peers']),
        names: z.array(z.string()),
        of: z.string().optional(),
        text: z.string(),
      })
      .optional(),
  })
  .register(z.globalRegistry, { id: 'FigureGrid' });

/** What `filings figures` asks: line items of companies over fiscal years, with no question to read. */
export const FigureSpecSchema = z
  .object({
    /** The companies, by ticker; none when a set is asked. */
    tickers: z.array(z.string().min(1)),
    /** The companies as a set: a sector or sub-industry by its GICS name, or the whole index; its
     * members are the companies of the set whose filings or company facts report the years asked. */
    set: z.object({ kind: z.enum(SET_KINDS), name: z.string().min(1).optional() }).optional(),
    /** The lexicon's line items or metrics, by key ("revenue", "operating_margin"). */
    measures: z.array(z.string().min(1)).min(1),
    /** Fiscal years; none asks each company's latest annual report's year (a set's newest). */
    years: z.array(z.int().min(1990).max(2100)).optional(),
    /** The companies ranked by the first measure, highest first ('desc') or lowest first. */
    rank: z.enum(['desc', 'asc']).optional(),
    /** Only the first N of the ranking. */
    top: z.int().min(1).optional(),
  })
  .refine((s) => s.tickers.length > 0 || s.set !== undefined, {
    message: 'name the companies by ticker, or a set of them (a sector, a sub-industry or the index)',
    path: ['tickers'],
  })
  .refine((s) => s.set === undefined || s.set.kind === 'index' || !!s.set.name, {
    message: 'a sector or sub-industry set needs its name',
    path: ['set', 'name'],
  })
  .register(z.globalRegistry, { id: 'FigureSpec' });
