// The one interface every backend implements: the embedded engine, the remote client, and (behind
// HTTP) the server. The CLI and the contract test suite speak only to this.
import type { BackendEvent, FigureSpec, MetadataFiltersResponse, ResearchResponse } from './contract/types.js';

export interface QueryOptions {
  /** Aborting stops the work: retrieval, answer generation, the HTTP request. */
  signal?: AbortSignal;
  /** Called with each event as it happens, in the order of the contract's section 6. */
  onEvent?: (event: BackendEvent) => void;
  /** The request id to use (the server passes the one it sent in X-Request-Id); a backend makes
   * one up when absent. */
  requestId?: string;
}

export interface MetadataFiltersOptions {
  includeValues?: boolean;
  field?: string;
  signal?: AbortSignal;
}

export interface Backend {
  /** Runs one query. `request` is a ResearchRequest body as a client would send it (unvalidated:
   * every backend validates, so they all reject the same things the same way). Rejects with a
   * ServiceError for anything the contract answers with an ErrorResponse. */
  query(request: unknown, options?: QueryOptions): Promise<ResearchResponse>;
  listMetadataFilters(options?: MetadataFiltersOptions): Promise<MetadataFiltersResponse>;
  /** The figures of a spec (`filings figures`) with no question to read: the embedded engine answers
   * it directly; a service, which takes only questions, is asked one (cli/commands/figures). Rejects
   * an unknown ticker or measure with a ServiceError, as `query` rejects an unknown filter value. */
  figures?(spec: FigureSpec, options?: QueryOptions): Promise<ResearchResponse>;
  close(): Promise<void>;
}
