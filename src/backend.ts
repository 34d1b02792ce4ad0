// The one interface every backend implements: the embedded engine, the remote client, and (behind
// HTTP) the server. The CLI and the contract test suite speak only to this.
import type { BackendEvent, MetadataFiltersResponse, ResearchResponse } from './contract/types.js';

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
  close(): Promise<void>;
}
