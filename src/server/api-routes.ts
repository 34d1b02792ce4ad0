// The two operations of the contract: POST /query (JSON or SSE) and GET /metadata-filters.
import type { Backend } from '../backend.js';
import { validationError, type ServiceError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import type { BackendEvent } from '../contract/types.js';
import { tooLarge, validateRawBody } from '../contract/validate.js';
import type { Admission } from './admission.js';
import { declaredTooLarge, readBoundedBody } from './body.js';
import { deadlineFor, type Deadline } from './deadline.js';
import { sendError, sendErrorAndClose, sendJson, type Exchange } from './exchange.js';
import { deadlineExceeded, shuttingDown, toHttpFailure, unsupportedMediaType } from './http-errors.js';
import { createSseWriter } from './sse.js';

export interface ApiContext {
  backend: Backend;
  heartbeatMs: number;
  /** True once shutdown began: work aborted then is answered with a 503 (or an SSE error event). */
  isShuttingDown(): boolean;
  /** Who runs when: per-key concurrency and fair queueing in front of the backend. */
  admission: Admission;
  /** Per-request deadline from arrival, queueing included (0: none). */
  deadlineMs: number;
}

/** Runs backend work under the request's deadline, once admission gives it a slot. */
async function admitted<T>(ex: Exchange, ctx: ApiContext, deadline: Deadline, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const release = await ctx.admission.acquire(ex.client ?? '', deadline.signal);
  ex.ran = true;
  try {
    return await work(deadline.signal);
  } finally {
    release();
  }
}

/** Retry-After of a DEADLINE_EXCEEDED: soon when the query never reached a worker (the server was busy
 * for a moment); later when it ran out of time itself (a costly query: the workers go to others first). */
const DEADLINE_RETRY_QUEUED_S = 1;
const DEADLINE_RETRY_RAN_S = 5;

/** A refusal for the request's own content: it does not count against the key's rate. */
function refuseContent(ex: Exchange, send: () => void): void {
  ex.refund?.();
  send();
}

/** The contract's 413, exactly as validation reports it. */
function tooLargeError(bytes: number): ServiceError {
  const v = tooLarge(bytes);
  return v.ok ? validationError([]) : v.error;
}

/** JSON media types: application/json and any application/*+json; parameters (charset) are ignored. */
export function isJsonContentType(value: string): boolean {
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/** Content-Type policy: a JSON type, or none at all (lenient: some clients send none); anything else
 * (form posts, text/plain: what a browser can send cross-site without preflight) or a compressed
 * body is a 415. */
function mediaTypeProblem(ex: Exchange): string | undefined {
  const ct = ex.req.headers['content-type'];
  if (ct !== undefined && ct.trim() !== '' && !isJsonContentType(ct)) return ct;
  const enc = ex.req.headers['content-encoding'];
  if (enc !== undefined && enc.trim().toLowerCase() !== 'identity') return `${ct ?? ''} (Content-Encoding: ${enc})`;
  return undefined;
}

/** The backend's failure as an ErrorResponse: a 503 when shutdown or the deadline cut the work short,
 * else by kind. */
function failure(ex: Exchange, ctx: ApiContext, e: unknown, deadline?: Deadline) {
  if (ex.controller.signal.aborted && ctx.isShuttingDown()) return { error: shuttingDown() };
  if (deadline?.expired)
    return { error: deadlineExceeded(Math.round(ctx.deadlineMs / 100) / 10, ex.ran ? DEADLINE_RETRY_RAN_S : DEADLINE_RETRY_QUEUED_S) };
  const f = toHttpFailure(e, ex.id);
  ex.internal = f.internal;
  // The backend's validation (an unknown field) refuses the content: no rate token spent.
  if (f.error.status === 422) ex.refund?.();
  return f;
}

export async function handleQuery(ex: Exchange, ctx: ApiContext): Promise<void> {
  const badType = mediaTypeProblem(ex);
  if (badType !== undefined) return refuseContent(ex, () => sendErrorAndClose(ex, unsupportedMediaType(badType)));
  const declared = declaredTooLarge(ex.req, LIMITS.max_body_bytes);
  if (declared !== undefined) return refuseContent(ex, () => sendErrorAndClose(ex, tooLargeError(declared)));
  const body = await readBoundedBody(ex.req, LIMITS.max_body_bytes);
  if (!body.ok) {
    if (body.reason === 'too_large') refuseContent(ex, () => sendErrorAndClose(ex, tooLargeError(body.bytes)));
    return;
  }
  const v = validateRawBody(body.body);
  if (!v.ok) return refuseContent(ex, () => sendError(ex, v.error));
  const deadline = deadlineFor(ex.controller.signal, ex.started, ctx.deadlineMs);
  try {
    if (v.value.stream) return await streamQuery(ex, ctx, v.value.request, deadline);
    const result = await admitted(ex, ctx, deadline, (signal) => ctx.backend.query(v.value.request, { signal, requestId: ex.id }));
    sendJson(ex, 200, { ...result, request_id: ex.id });
  } catch (e) {
    if (ex.res.destroyed) return;
    sendError(ex, failure(ex, ctx, e, deadline).error);
  } finally {
    deadline.clear();
  }
}

/** The server's request id (sent in X-Request-Id) in a payload, for backends that ignore `requestId`. */
function withRequestId<T>(data: T, id: string): T {
  return data && typeof data === 'object' && 'request_id' in data ? { ...data, request_id: id } : data;
}

/** SSE: the stream opens with the first event (or heartbeat), so a failure before it (503: no index)
 * is still a plain HTTP error; `final` is the resolved response, exactly what the JSON reply would be. */
async function streamQuery(ex: Exchange, ctx: ApiContext, request: unknown, deadline: Deadline): Promise<void> {
  const sse = createSseWriter(ex.res, {
    heartbeatMs: ctx.heartbeatMs,
    headers: { 'x-request-id': ex.id },
    onBytes: (n) => (ex.bytes += n),
    onOpen: () => ex.onSending?.(),
  });
  const onEvent = (e: BackendEvent) => {
    if (e.event === 'final' || e.event === 'error') return;
    sse.send(e.event, withRequestId(e.data, ex.id));
  };
  try {
    const result = await admitted(ex, ctx, deadline, (signal) => ctx.backend.query(request, { signal, onEvent, requestId: ex.id }));
    sse.send('final', { ...result, request_id: ex.id });
    sse.end();
  } catch (e) {
    if (ex.res.destroyed) return;
    const f = failure(ex, ctx, e, deadline);
    if (!sse.opened) return sendError(ex, f.error);
    sse.send('error', f.error.body);
    sse.end();
  }
}

function booleanParam(values: string[], name: string): boolean | undefined {
  const v = values[0];
  if (v === undefined) return undefined;
  const t = v.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0' || t === '') return false;
  throw validationError([
    { code: 'bool_type', loc: ['query', name], message: `${name} must be true or false; got ${JSON.stringify(v.slice(0, 100))}` },
  ]);
}

export async function handleMetadataFilters(ex: Exchange, ctx: ApiContext, search: URLSearchParams): Promise<void> {
  let includeValues: boolean | undefined;
  try {
    includeValues = booleanParam(search.getAll('include_values'), 'include_values');
  } catch (e) {
    return sendError(ex, failure(ex, ctx, e).error);
  }
  const field = search.get('field') ?? undefined;
  const deadline = deadlineFor(ex.controller.signal, ex.started, ctx.deadlineMs);
  try {
    const result = await admitted(ex, ctx, deadline, (signal) => ctx.backend.listMetadataFilters({ includeValues, field, signal }));
    sendJson(ex, 200, result);
  } catch (e) {
    if (ex.res.destroyed) return;
    sendError(ex, failure(ex, ctx, e, deadline).error);
  } finally {
    deadline.clear();
  }
}
