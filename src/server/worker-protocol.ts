// Messages between the pool (main thread) and a query worker, and errors flattened so they survive
// structured cloning: a ServiceError keeps status, code, body and Retry-After; an index error stays
// recognisable (503); a cancellation stays a cancellation.
import { AbortedError } from '../backend-errors.js';
import { ServiceError } from '../contract/errors.js';
import type { BackendEvent, MetadataFiltersResponse, ResearchResponse } from '../contract/types.js';
import { asServiceError, indexDamaged, indexUnavailable, isAbort, isIndexDamage, isIndexError } from './http-errors.js';

/** What a worker is started with: the backend module to import and the value for its openBackend. */
export interface WorkerInit {
  backendModule: string;
  data: unknown;
  /** Shared with the pool: the id of a job to stop (abort-flag.ts). */
  abortFlag?: Int32Array;
}

export type ToWorker =
  | { type: 'query'; id: number; request: unknown; stream: boolean; requestId?: string }
  | { type: 'filters'; id: number; includeValues?: boolean; field?: string }
  | { type: 'abort'; id: number }
  | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; error: WireError }
  | { type: 'event'; id: number; event: BackendEvent }
  | { type: 'result'; id: number; value: ResearchResponse | MetadataFiltersResponse }
  | { type: 'error'; id: number; error: WireError }
  | { type: 'closed' };

export type WireError =
  | { kind: 'service'; status: number; code: string; message: string; body: unknown; retryAfter?: number }
  | { kind: 'index'; message: string; damaged?: boolean }
  | { kind: 'aborted'; message: string }
  | { kind: 'internal'; name: string; message: string; stack?: string };

export function toWire(e: unknown): WireError {
  const se = asServiceError(e);
  if (se) return { kind: 'service', status: se.status, code: se.code, message: se.message, body: se.body, retryAfter: se.retryAfter };
  if (isIndexError(e)) return { kind: 'index', message: (e as Error).message, ...(isIndexDamage(e) ? { damaged: true } : {}) };
  if (isAbort(e)) return { kind: 'aborted', message: (e as Error).message };
  const err = e instanceof Error ? e : new Error(String(e));
  return { kind: 'internal', name: err.name, message: err.message, stack: err.stack };
}

export function fromWire(w: WireError): Error {
  switch (w.kind) {
    case 'service':
      return asServiceError({ name: 'ServiceError', ...w }) ?? new ServiceError(w.status, w.code, w.message);
    case 'index':
      return w.damaged ? indexDamaged(w.message) : indexUnavailable(w.message);
    case 'aborted':
      return new AbortedError(w.message);
    default: {
      const e = new Error(w.message);
      e.name = w.name;
      if (w.stack) e.stack = w.stack;
      return e;
    }
  }
}
