// The embedded engine behind the Backend interface: validation (the contract's, as everywhere),
// events, cancellation, and the metadata-filters listing.
import type { Backend, MetadataFiltersOptions, QueryOptions } from '../backend.js';
import { AbortedError } from '../backend-errors.js';
import { ServiceError, validationError, type ErrorResponse } from '../contract/errors.js';
import { describeFilterFields } from '../contract/metadata-filters.js';
import { DEFAULT_DOMAIN } from '../contract/limits.js';
import type { MetadataFiltersResponse, ResearchResponse } from '../contract/types.js';
import { validateRequest } from '../contract/validate.js';
import type { LlmConfig } from './answer/llm-config.js';
import { Engine } from './engine.js';
import { openIndex } from './index/open.js';
import { unknownTickerIssues } from './known-tickers.js';
import { fieldBounds, fieldValues } from './metadata-values.js';
import { newRequestId } from '../request-id.js';

export type { LlmConfig };

export interface EngineBackendOptions {
  indexPath: string;
  domain?: string;
  /** The model that writes answers (the CLI's llm_* settings); none: extractive answers. */
  model?: LlmConfig;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

function errorBody(e: unknown): ErrorResponse {
  if (e instanceof ServiceError) return e.body;
  return { status_code: 500, message: `internal error: ${e instanceof Error ? e.message : String(e)}`, detail: { code: 'INTERNAL_ERROR' } };
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortedError();
}

export async function openEngineBackend(opts: EngineBackendOptions): Promise<Backend & { engine: Engine }> {
  const index = openIndex(opts.indexPath);
  const domain = opts.domain ?? DEFAULT_DOMAIN;
  const engineOptions = { model: opts.model };
  let engine = new Engine(index, domain, engineOptions);
  // The directory knows every ticker: the constituents' and those of filings without one listed.
  let tickers: Set<string> | undefined;
  const knownTickers = () => (tickers ??= new Set(engine.directory.byTicker.keys()));
  /** A writer added or removed filings in place (WAL): the directory is built again, once. */
  const refresh = () => {
    if (!index.refresh()) return;
    engine = new Engine(index, domain, engineOptions);
    backend.engine = engine;
    tickers = undefined;
  };
  const backend = {
    engine,
    async query(request: unknown, options: QueryOptions = {}): Promise<ResearchResponse> {
      refresh();
      const checked = validateRequest(request);
      if (!checked.ok) throw checked.error;
      const unknown = unknownTickerIssues(checked.value.filters, knownTickers());
      if (unknown.length > 0) throw validationError(unknown);
      const { signal, onEvent } = options;
      checkAborted(signal);
      await yieldToLoop();
      checkAborted(signal);
      // Once an event went out, a failure is reported as an `error` event too (as a stream would).
      let started = false;
      const emit = onEvent && ((e: Parameters<typeof onEvent>[0]) => ((started = true), onEvent(e)));
      try {
        return await engine.run(checked.value, { requestId: options.requestId ?? newRequestId(), signal, onEvent: emit });
      } catch (e) {
        if (signal?.aborted) throw new AbortedError();
        if (started && onEvent) onEvent({ event: 'error', data: errorBody(e) });
        throw e;
      }
    },
    async listMetadataFilters(o: MetadataFiltersOptions = {}): Promise<MetadataFiltersResponse> {
      refresh();
      const described = describeFilterFields(engine.domain, o.field);
      for (const f of described.fields) {
        const bounds = fieldBounds(index.db, f.name);
        if (bounds) f.bounds = bounds;
        if (o.includeValues && f.name !== 'report_filing_date') f.values = fieldValues(index.db, f.name);
      }
      return described;
    },
    async close() {
      index.close();
    },
  };
  return backend;
}
