// The embedded engine behind the Backend interface: validation (the contract's, as everywhere),
// events, cancellation, and the metadata-filters listing.
import type { Backend, MetadataFiltersOptions, QueryOptions } from '../backend.js';
import { AbortedError } from '../backend-errors.js';
import { ServiceError, validationError, type ErrorResponse } from '../contract/errors.js';
import { describeFilterFields } from '../contract/metadata-filters.js';
import { DEFAULT_DOMAIN } from '../contract/limits.js';
import type { FigureSpec, MetadataFiltersResponse, ResearchResponse } from '../contract/types.js';
import { validateRequest } from '../contract/validate.js';
import type { LlmConfig } from './answer/llm-config.js';
import { Engine } from './engine.js';
import { damageOf } from './index/check.js';
import { IndexDamagedError } from './index/errors.js';
import { openIndex } from './index/open.js';
import { factCompanies } from './xbrl/index.js';
import { unknownTickerIssues } from './known-tickers.js';
import { fieldBounds, fieldValues } from './metadata-values.js';
import { newRequestId } from '../request-id.js';
import { pacer } from './pace.js';

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
  if (e instanceof IndexDamagedError)
    return { status_code: 503, message: e.message, detail: { code: 'INDEX_UNAVAILABLE', reason: 'damaged' } };
  return { status_code: 500, message: `internal error: ${e instanceof Error ? e.message : String(e)}`, detail: { code: 'INTERNAL_ERROR' } };
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortedError();
}

/** `work`, with SQLite's word that the index is damaged (a malformed page met in the middle of a
 * query) turned into the IndexDamagedError that says what to do. */
function readingIndex<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw damageOf(path, e) ?? e;
  }
}

export async function openEngineBackend(opts: EngineBackendOptions): Promise<Backend & { engine: Engine }> {
  const index = openIndex(opts.indexPath);
  const domain = opts.domain ?? DEFAULT_DOMAIN;
  const engineOptions = { model: opts.model };
  let engine: Engine;
  try {
    engine = readingIndex(opts.indexPath, () => new Engine(index, domain, engineOptions));
  } catch (e) {
    index.close();
    throw e;
  }
  // The directory knows every ticker: the constituents' and those of filings without one listed; and the
  // companies whose XBRL company facts the index holds.
  let tickers: Set<string> | undefined;
  const knownTickers = () =>
    (tickers ??= new Set([...engine.directory.byTicker.keys(), ...factCompanies(index.db).flatMap((c) => (c.ticker ? [c.ticker] : []))]));
  /** A writer added or removed filings in place (WAL): the directory is built again, once. */
  const refresh = () => {
    if (!readingIndex(opts.indexPath, () => index.refresh())) return;
    engine = readingIndex(opts.indexPath, () => new Engine(index, domain, engineOptions));
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
      const emit =
        onEvent &&
        ((e: Parameters<typeof onEvent>[0]) => {
          started = true;
          return onEvent(e);
        });
      try {
        return await engine.run(checked.value, { requestId: options.requestId ?? newRequestId(), signal, onEvent: emit });
      } catch (caught) {
        if (signal?.aborted) throw new AbortedError();
        const e = damageOf(opts.indexPath, caught) ?? caught;
        if (started && onEvent) onEvent({ event: 'error', data: errorBody(e) });
        throw e;
      }
    },
    async figures(spec: FigureSpec, options: QueryOptions = {}): Promise<ResearchResponse> {
      refresh();
      const { specIssues } = await import('./figure-spec-issues.js');
      const issues = specIssues(spec, knownTickers());
      if (issues.length > 0) throw validationError(issues);
      const { signal } = options;
      checkAborted(signal);
      await yieldToLoop();
      checkAborted(signal);
      try {
        return await engine.figureDesk.ofSpec(spec, options.requestId ?? newRequestId(), pacer(signal));
      } catch (caught) {
        throw signal?.aborted ? new AbortedError() : caught;
      }
    },
    async listMetadataFilters(o: MetadataFiltersOptions = {}): Promise<MetadataFiltersResponse> {
      refresh();
      const described = describeFilterFields(engine.domain, o.field);
      readingIndex(opts.indexPath, () => {
        for (const f of described.fields) {
          const bounds = fieldBounds(index.db, f.name);
          if (bounds) f.bounds = bounds;
          if (o.includeValues && f.name !== 'report_filing_date') f.values = fieldValues(index.db, f.name);
        }
      });
      return described;
    },
    async close() {
      index.close();
    },
  };
  return backend;
}
