// What `filings mcp` hands the server: the backend the CLI would use and the request defaults of the
// configuration. Everything is opened on first use, so the server answers `tools/list` before the
// engine (or the HTTP client) is loaded.
import type { Backend } from '../backend.js';
import type { RequestDefaults } from '../contract/request-defaults.js';
import type { PullProgress, PullResult } from '../edgar/pull.js';

/** What pull_filings asks EDGAR for (the options of `filings corpus pull`). */
export interface PullRequest {
  tickers: string[];
  forms?: string[];
  /** A fiscal year "2024" or a range "2019-2024". */
  years?: string;
  /** Filed on or after, YYYY-MM-DD. */
  since?: string;
  dry_run: boolean;
}

/** One filing of the local index, as list_filings shows it. */
export interface IndexedFiling {
  accession: string;
  sec_ticker: string | null;
  company: string;
  sec_form_type: string;
  sec_fiscal_year: string;
  sec_fiscal_year_end: string;
  period_of_report: string;
  report_filing_date: string;
  sec_gics_sector: string | null;
  sec_gics_sub_industry: string | null;
  items: string[];
  filing_html_index: string | null;
}

export interface McpContext {
  /** The backend, opened on the first call (and again after a failed open: the index may appear). */
  backend(): Promise<Backend>;
  /** The filings of the local index; absent when a remote service is served (list_filings is then
   * not offered: the local index is not what queries read). */
  listFilings?: () => Promise<IndexedFiling[]>;
  /** Fetches filings from EDGAR into the local index (then reopens the backend, so queries see them);
   * absent when a remote service is served. */
  pullFilings?: (
    request: PullRequest,
    signal: AbortSignal,
    onProgress: (p: PullProgress) => void,
  ) => Promise<PullResult & { index: string }>;
  /** Request defaults: the settings' (Settings.request), the ones `filings query` applies. */
  defaults: RequestDefaults;
  /** What is served, for the client's instructions: "the local index /path" or "the service https://...". */
  serving: string;
  /** The package version, reported to the client in serverInfo. */
  version: string;
  /** A diagnostic line for stderr (stdout is the protocol's). */
  log(line: string): void;
}
