// The Reading: one structure made once from a question, read by everything after it (scope, retrieval,
// the answer, the notices). It says which company, which measure (a lexicon item, or label words when
// it is not one) with its qualifiers, which period, which operation, which filing is named as the
// source, and which words it could not read.
import type { LineItemKey } from '../lexicon/line-items.js';
import type { MetricKey } from '../lexicon/metrics.js';
import type { QueryAnalysis } from '../retrieve/analysis.js';
import type { Inferred } from '../retrieve/scope.js';
import type { WrittenDate } from './dates.js';
import type { Correction } from './spelling.js';
import type { OperationKind } from '../operations/table.js';

/** What a word of the question is used for. */
export type Role =
  | 'company'
  | 'set'
  | 'period'
  | 'source'
  | 'operation'
  | 'measure'
  | 'qualifier'
  | 'basis'
  | 'exclusion'
  | 'definition'
  | 'filter'
  | 'search'
  | 'unit'
  | 'framing'
  | 'kind'
  | 'filler'
  | 'unread';

/** Which answer a question that asks no figure wants (kind.ts). */
export type QuestionKind =
  | 'segments'
  | 'risks'
  | 'risk'
  | 'auditor'
  | 'business'
  | 'announcement'
  | 'change'
  | 'acquisitions'
  | 'products'
  | 'drivers'
  | 'headquarters';

export interface WordUse {
  /** The word as compared: its possessive and a trailing dot dropped ("Apple" of "Apple's"). */
  word: string;
  /** The word as the question writes it ("Apple's", "Inc."). */
  text: string;
  start: number;
  end: number;
  role?: Role;
}

/** One quantity the question asks for, or an input of its operation. */
export interface Measure {
  /** The words of the question that name it ("footwear revenues"). */
  text: string;
  /** The lexicon's line item it names, if any. */
  item?: LineItemKey;
  /** The lexicon's metric it names, if any (a computed ratio, margin or amount). */
  metric?: MetricKey;
  /** Content words that name it, lower case: a row's label must hold them when it is no lexicon item. */
  words: string[];
  /** Words narrowing it to a part (segment, product, region, customer) or a basis ("adjusted",
   * "organic"): a figure must name every one of them, in its row, group, caption or XBRL members. */
  qualifiers: string[];
  /** The part's initials, written in parentheses after its name ("GMNS" of "Global Merchant and Network
   * Services (GMNS)"): another name of the part its qualifiers name, which a row, column or caption may
   * print alone; never a word a figure must carry. */
  initials?: string[];
  /** An amount is asked, whatever rate its words name as what the amount acts on ("would affect the
   * effective tax rate"). */
  amount?: boolean;
  /** How an answer names it when not by its item and qualifiers ("percentage change in revenue
   * (comparable)" for a change a row states). */
  label?: string;
}

/** The period a figure is asked for. Years are fiscal years as the index labels them. */
export interface Period {
  /** Newest first. For a change: the years compared; for a range: every year of it. */
  years: number[];
  /** A quarter (1-4); with `months` 6 or 9 the year to date ending with it. */
  quarter?: number;
  months?: number;
  /** The second half of the year: the year less its first half. */
  secondHalf?: boolean;
  /** The twelve months ending with the quarter asked (or the latest): trailing twelve months. */
  trailing?: boolean;
  /** The years are a range or list ("from 2019 to 2021", "2021 and 2022"). */
  range?: boolean;
  /** No year named: the latest the index holds. */
  latest?: boolean;
  /** "The latest quarter": the quarter of the company's newest report. */
  latestQuarter?: boolean;
  /** The year is a row of a schedule of amounts falling due ("scheduled to mature in 2025", "payments
   * ... in fiscal 2026"), after every year the company's filings report: read from the maturity table of
   * its latest annual report, which is the Reading's source. */
  scheduled?: boolean;
  /** A balance at a point ("as of", "at the end of") or an amount over a span ("for the year ended");
   * `sure` when the question says so plainly rather than by "in 2023". */
  at?: { point: 'instant' | 'duration'; sure: boolean };
}

export interface Operation {
  kind: OperationKind;
  /** The words that asked for it ("by how much", "sum of"). */
  text?: string;
  /** A change the question calls an increase or a decrease. */
  direction?: 'increase' | 'decrease';
  /** A sum or an average over the years of the period rather than over several measures. */
  overYears?: boolean;
  /** A change or growth at each step of a series ("revenue growth each year from 2019 to 2022"). */
  steps?: boolean;
  /** A difference or ratio between two companies' figures, not between two measures. */
  across?: 'companies';
  /** The figures compared, highest first ('desc': "which had the higher") or lowest first. */
  rank?: { order: 'desc' | 'asc'; text: string };
  /** What is ranked is the company's own parts, its segments ("which 3M segment had the highest
   * operating income"), not companies or years. */
  parts?: boolean;
  /** Only the first N of the ranking are asked ("the top 3", "bottom five", "which two"). */
  top?: number;
}

/** Companies asked as a set rather than one by one (a screen): a GICS sector, one or more
 * sub-industries, a company's peers (its sub-industry), or every company of the index. Its members
 * are the companies of the index's constituents in it whose filings (or company facts) report the
 * period asked; each member's figure is found as its single question finds it. */
export interface CompanySet {
  kind: 'sector' | 'sub_industry' | 'peers' | 'index';
  /** The GICS sector, or the sub-industries (a peers set: the company's); none for the index. */
  names: string[];
  /** The company whose peers are asked (a peers set), itself a member. */
  of?: string;
  /** The words that named it ("consumer discretionary companies", "Nike's peers", "S&P 500"). */
  text: string;
}

/** The filing the question names as its source: "according to its FY2019 10-K", "in its 2022 annual
 * report"; "as originally reported" (the earliest filing printing the period) or "as restated" (the
 * latest). It selects the filing the figures come from; it adds no period. */
export interface Source {
  /** The words that named it; for a year of a maturity schedule (Period.scheduled), the words that said
   * the amount falls due, the source being the company's latest annual report. */
  text: string;
  form?: '10-K' | '10-Q';
  fiscalYear?: number;
  edition?: 'original' | 'restated';
}

/** The one reading of a question: only question/ reads the question's text; the answer and the
 * evidence read these fields (test/reading-only.test.ts holds them to it). */
export interface Reading {
  /** The question as read (misspellings corrected): for the model's prompt and full-text search only. */
  question: string;
  /** Every word with what it was used for. */
  words: WordUse[];
  companies: { ticker: string; text: string }[];
  /** The companies as a set (a sector, sub-industries, a company's peers, the index): a screen. */
  set?: CompanySet;
  measures: Measure[];
  period: Period;
  operation: Operation;
  source?: Source;
  /** "excluding the Activision deal costs": amounts to take out of the figure. */
  exclusions: Measure[];
  /** "How many employees": the noun counted, when a count is asked (a number of things, not money). */
  count?: string;
  /** A figure is wanted (not a passage). */
  figure: boolean;
  /** Which answer a question that asks no figure wants (kind.ts): a list, one risk, the drivers of a
   * change, the auditor, ...; none for a figure or a passage. */
  kind?: QuestionKind;
  /** Words read as other than written: misspellings ("revnue" read as revenue, "Jabill" as Jabil). */
  corrections?: Correction[];
  /** Words as near several companies' names as each other ("a typo of which?"): the answer asks. */
  ambiguousCompanies?: { text: string; tickers: string[] }[];
  /** Words no part of the reading used (and no filler): a figure question with unread words states no
   * figure for a simpler question. */
  unread: string[];
  /** The dates the question writes, in order ("August 30, 2023", "May 2023"): an 8-K is picked by
   * them, a fact's context ends on the one written with its day (dates.ts). */
  dates: WrittenDate[];
  /** It asks for a list ("what are its segments", "list the ..."): a sentence that lists comes first. */
  asksList: boolean;
  /** It says "billions": amounts are also stated in billions. */
  inBillions: boolean;
  /** Its words as a fact's names are compared (text/name-words.ts), the mention of each company that
   * says whose figure is asked left out (cues.ts): a fact whose names are all of them is the one asked. */
  nameWords: string[];
  /** What scope and retrieval read of the question. */
  filters: Inferred;
  /** The companies and years the question names, whether or not they scope the search (basic mode
   * infers no filters, and says what research mode would have used). */
  named: Pick<Inferred, 'links' | 'sec_fiscal_year'>;
  analysis: QueryAnalysis;
}
