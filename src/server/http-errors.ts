// Every failure to an ErrorResponse (src/contract's ServiceError shape): contract errors as the backend
// raised them, a missing index as 503, anything else as a 500 that says nothing about internals.
import { AbortedError } from '../backend-errors.js';
import { ServiceError, type ErrorResponse } from '../contract/errors.js';

/** ServiceErrors pass through; so do look-alikes from another copy of the module (a worker, dist/). */
export function asServiceError(e: unknown): ServiceError | undefined {
  if (e instanceof ServiceError) return e;
  const o = e as { name?: unknown; status?: unknown; code?: unknown; body?: unknown; retryAfter?: unknown } | null;
  if (o && typeof o === 'object' && o.name === 'ServiceError' && typeof o.status === 'number' && o.body && typeof o.body === 'object') {
    const retry = typeof o.retryAfter === 'number' ? o.retryAfter : undefined;
    return ServiceError.fromBody(o.status, o.body as ErrorResponse, typeof o.code === 'string' ? o.code : undefined, retry);
  }
  return undefined;
}

/** The engine's "no index", "not an index file", "damaged" and "wrong schema version" errors (by
 * name: they may cross a thread). */
export function isIndexError(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'NoIndexError' || name === 'IndexVersionError' || name === 'IndexFileError' || name === 'IndexDamagedError';
}

/** The engine's word that the index is damaged, or the 503 made of it (by name and detail: it crosses a thread). */
export function isIndexDamage(e: unknown): boolean {
  if ((e as { name?: unknown } | null)?.name === 'IndexDamagedError') return true;
  const se = asServiceError(e);
  return se?.code === 'INDEX_UNAVAILABLE' && (se.body.detail as { reason?: unknown } | undefined)?.reason === 'damaged';
}

export function isAbort(e: unknown): boolean {
  return (
    e instanceof AbortedError ||
    (e as { name?: unknown } | null)?.name === 'AbortError' ||
    (e as { name?: unknown } | null)?.name === 'AbortedError'
  );
}

export const indexUnavailable = (message: string, retryAfter = 2) =>
  new ServiceError(503, 'INDEX_UNAVAILABLE', message, undefined, retryAfter);
/** The index is damaged: no query is served until the file is replaced (a load balancer should send
 * them elsewhere; /healthz says so too). */
export const indexDamaged = (message: string) =>
  new ServiceError(503, 'INDEX_UNAVAILABLE', message, { code: 'INDEX_UNAVAILABLE', reason: 'damaged' }, 30);

export interface HttpFailure {
  error: ServiceError;
  /** For the log only (never sent): what an internal error really was. */
  internal?: string;
}

export function toHttpFailure(e: unknown, requestId: string): HttpFailure {
  const se = asServiceError(e);
  if (se) return { error: se };
  if (isIndexError(e)) return { error: isIndexDamage(e) ? indexDamaged((e as Error).message) : indexUnavailable((e as Error).message) };
  const internal = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    error: new ServiceError(500, 'INTERNAL_ERROR', `Internal server error (request ${requestId})`),
    internal,
  };
}

export const notFound = (path: string) => new ServiceError(404, 'NOT_FOUND', `No route for ${path.slice(0, 200)}`);
export const domainUnknown = (domain: string, served: string) =>
  new ServiceError(404, 'DOMAIN_UNKNOWN', `Unknown domain "${domain.slice(0, 100)}"; this server serves "${served}"`);
export const methodNotAllowed = (method: string, allow: string[]) =>
  new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed here; use ${allow.join(', ')}`);
export const unauthorized = (message: string) => new ServiceError(401, 'UNAUTHORIZED', message);
export const rateLimited = (retryAfter: number, message = `Too many requests for this key; retry after ${retryAfter} s`) =>
  new ServiceError(429, 'RATE_LIMITED', message, undefined, retryAfter);
/** A query that did not finish within the server's per-request deadline. */
export const deadlineExceeded = (seconds: number, retryAfter: number) =>
  new ServiceError(
    503,
    'DEADLINE_EXCEEDED',
    `The query did not finish within this server's ${seconds} s limit per request; narrow it (filters, a shorter question, a lower effort)`,
    undefined,
    retryAfter,
  );
export const unsupportedMediaType = (type: string) =>
  new ServiceError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Type "${type.slice(0, 100)}" is not accepted; send Content-Type: application/json`,
  );
export const shuttingDown = () => new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The server is shutting down', undefined, 1);
