/**
 * The remote backend: the Backend interface over HTTP, against any service implementing the Filing
 * Evidence Query Service contract (this project's `filings serve`, or the public deployment).
 *
 * Requests: `POST {baseUrl}/query` (JSON, or SSE when the request has `stream: true`) and
 * `GET {baseUrl}/metadata-filters?include_values=true&field=...`. The request is validated locally
 * first; an invalid one throws the contract's ServiceError (422/413) without any network I/O. The API
 * key travels only in the `X-API-Key` header; a base URL with userinfo or a query string is refused
 * (RemoteConfigError), and the key is scrubbed from any server text that reaches a message. With no
 * key the request is still sent: the service answers 401, and the caller decides what to say.
 *
 * Timeouts (DEFAULT_TIMEOUTS): connect 10 s, first byte (response headers) 120 s, idle (no byte while
 * reading a body or a stream) 120 s, each reported as a TimeoutError naming it and its duration. No
 * whole-request timeout: streams may run long, the idle timeout catches a silent one (http.ts).
 *
 * Retries (DEFAULT_RETRIES): up to 3 retries on HTTP 429 and 503 and on connections refused or reset
 * before any response, with full-jitter exponential backoff (random in [0, min(8 s, 0.5 s * 2^n)]).
 * A Retry-After header (seconds or HTTP date) replaces the backoff; above 60 s the client gives up at
 * once instead of sleeping. Timeouts are not retried. Nothing is retried once a response body has
 * started to reach the caller. After the last attempt: the ServiceError (429/503, with retryAfter in
 * seconds) or the NetworkError. Backoff sleeps end early, with AbortedError, when the signal fires.
 *
 * Proxy: when HTTPS_PROXY/HTTP_PROXY (either case) is set, requests go through it (an http:// target in
 * absolute form, an https:// one through a CONNECT tunnel), but for hosts NO_PROXY names (proxy.ts).
 *
 * Errors: HTTP error responses of any shape become a ServiceError with the status kept, the body's
 * code (else HTTP_<status>) and a one-line message (see error-body.ts); transport failures a
 * NetworkError or TimeoutError; the caller's abort an AbortedError at any stage; an SSE `error` event,
 * or a stream that breaks or ends without `final`, a StreamError. A 2xx whose body is not a JSON
 * object is a ServiceError with the status received and code RESPONSE_INVALID: something answered,
 * but not per the contract (a captive portal, a wrong URL); it is neither a transport failure nor a
 * stream. Successful bodies are returned exactly as received: unknown fields are kept, nothing is
 * checked beyond being a JSON object.
 *
 * Content-Type decides how a 2xx is read: an SSE stream even if JSON was asked for, and JSON even if
 * a stream was asked for (then no events are reported; the promise resolves with the response).
 */
import { AbortedError, TimeoutError } from '../backend-errors.js';
import type { Backend, MetadataFiltersOptions, QueryOptions } from '../backend.js';
import { ServiceError } from '../contract/errors.js';
import type { MetadataFiltersResponse, ResearchResponse } from '../contract/types.js';
import { validateRequest } from '../contract/validate.js';
import { checkApiKey, parseBaseUrl } from './base-url.js';
import { bodySnippet, errorFromResponse } from './error-body.js';
import { createTransport, header, isEventStream, readText, send, type Response } from './http.js';
import { parseRetryAfter, resolveRetries, withRetries, type Attempt, type RetryPolicy } from '../retry.js';
import { readEventStream } from './sse.js';
import { resolveTimeouts, type Timeouts } from './timeouts.js';
import { isRetryableConnectionError, toTransportError, type TransportContext } from './transport-errors.js';

export { RemoteConfigError } from './base-url.js';
export { DEFAULT_RETRIES, type RetryPolicy } from '../retry.js';
export { DEFAULT_TIMEOUTS, type Timeouts } from './timeouts.js';

export interface RemoteBackendOptions {
  /** e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500 (version and domain included). */
  baseUrl: string;
  apiKey?: string;
  timeouts?: Partial<Timeouts>;
  retries?: Partial<RetryPolicy>;
  /** Default "filings". */
  userAgent?: string;
  /** Where proxy variables are read (the CLI hands in its environment); none: no proxy. */
  env?: NodeJS.ProcessEnv;
  /** false sends requests as they are, for the service to judge (tests of a server's own validation,
   * a deployment whose rules differ). Default true: nothing invalid leaves the machine. */
  validateLocally?: boolean;
}

export function createRemoteBackend(options: RemoteBackendOptions): Backend {
  const base = parseBaseUrl(options.baseUrl);
  const apiKey = checkApiKey(options.apiKey);
  const timeouts = resolveTimeouts(options.timeouts);
  const retries = resolveRetries(options.retries);
  const userAgent = options.userAgent ?? 'filings';
  const transport = createTransport(options.env ?? {});
  const redact = (s: string): string => (apiKey ? s.split(apiKey).join('[redacted]') : s);
  let closed = false;

  const context = (signal?: AbortSignal): TransportContext => ({
    origin: base.origin,
    timeouts,
    signal,
  });

  /** Sends with retries; resolves with a 2xx response whose body is unread, throws anything else. */
  function exchange(
    method: 'GET' | 'POST',
    path: string,
    accept: string,
    body: string | undefined,
    signal?: AbortSignal,
  ): Promise<Response> {
    const ctx = context(signal);
    const headers: Record<string, string> = { accept, 'user-agent': userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (apiKey) headers['x-api-key'] = apiKey;
    const url = base.href + path;

    return withRetries(retries, signal, async (): Promise<Attempt<Response>> => {
      if (signal?.aborted) throw new AbortedError();
      let res: Response;
      try {
        res = await send({ method, url, headers, body, transport, timeouts, signal });
      } catch (err) {
        const mapped = toTransportError(err, ctx, 'request');
        if (!(mapped instanceof AbortedError) && !(mapped instanceof TimeoutError) && isRetryableConnectionError(err)) {
          return { retry: mapped };
        }
        throw mapped;
      }
      if (res.statusCode >= 200 && res.statusCode < 300) return { done: res };
      const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
      const error = errorFromResponse({
        status: res.statusCode,
        contentType: header(res, 'content-type'),
        text: await readText(res, ctx),
        retryAfterMs,
        location: header(res, 'location'),
        baseHref: base.href,
        keySent: apiKey !== undefined,
        redact,
      });
      if (res.statusCode === 429 || res.statusCode === 503) return { retry: error, retryAfterMs };
      throw error;
    });
  }

  /** A 2xx JSON body, as received. */
  async function readObject(res: Response, ctx: TransportContext): Promise<Record<string, unknown>> {
    const text = await readText(res, ctx);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data as Record<string, unknown>;
    const type = header(res, 'content-type');
    const what =
      text.trim() === ''
        ? 'an empty body'
        : `a body that is not a JSON object (${type ?? 'no content type'}): ${bodySnippet(redact(text), type)}`;
    throw new ServiceError(
      res.statusCode,
      'RESPONSE_INVALID',
      `The service at ${base.href} answered HTTP ${res.statusCode} with ${what}; is the base URL right?`,
    );
  }

  function ensureOpen(): void {
    if (closed) throw new Error('The remote backend is closed');
  }

  return {
    async query(request: unknown, { signal, onEvent }: QueryOptions = {}): Promise<ResearchResponse> {
      ensureOpen();
      let stream = (request as { stream?: unknown } | null)?.stream === true;
      if (options.validateLocally !== false) {
        const checked = validateRequest(request);
        if (!checked.ok) throw checked.error;
        stream = checked.value.stream;
      }
      if (signal?.aborted) throw new AbortedError();
      const accept = stream ? 'text/event-stream' : 'application/json';
      const res = await exchange('POST', '/query', accept, JSON.stringify(request), signal);
      const ctx = context(signal);
      if (isEventStream(res)) {
        return readEventStream(res.body, { onEvent, redact, toError: (err) => toTransportError(err, ctx, 'body') });
      }
      return (await readObject(res, ctx)) as ResearchResponse;
    },

    async listMetadataFilters({ includeValues, field, signal }: MetadataFiltersOptions = {}): Promise<MetadataFiltersResponse> {
      ensureOpen();
      if (signal?.aborted) throw new AbortedError();
      const params = new URLSearchParams();
      if (includeValues) params.set('include_values', 'true');
      if (field !== undefined) params.set('field', field);
      const query = params.toString();
      const res = await exchange('GET', `/metadata-filters${query ? `?${query}` : ''}`, 'application/json', undefined, signal);
      return (await readObject(res, context(signal))) as MetadataFiltersResponse;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      transport.close();
    },
  };
}
