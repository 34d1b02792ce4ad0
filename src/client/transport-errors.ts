// What went wrong below HTTP, as the Backend's error classes: the exchange's own timeouts (http.ts)
// and Node's socket errors become a TimeoutError naming the timeout, a NetworkError saying what failed,
// or an AbortedError when the caller's signal fired.
import { AbortedError, NetworkError, TimeoutError } from '../backend-errors.js';
import { formatMs, type Timeouts } from './timeouts.js';

export interface TransportContext {
  /** scheme://host[:port] of the service: never carries credentials. */
  origin: string;
  timeouts: Timeouts;
  signal?: AbortSignal;
}

/** Codes of failures before any response byte that are worth another attempt: the service has no
 * side effects, so a POST that never got an answer can be sent again. */
const RETRYABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EAI_AGAIN']);

const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused; is the service running?',
  ECONNRESET: 'connection reset by the server or a proxy',
  EPIPE: 'connection closed while sending the request',
  ENOTFOUND: 'host name not found (DNS)',
  EAI_AGAIN: 'temporary DNS failure',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not match the host name',
};

/** The error code of a transport failure, looking through AggregateError (several addresses tried)
 * and `cause` chains. */
export function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const o = e as { code?: unknown; errors?: unknown[]; cause?: unknown };
    if (typeof o.code === 'string') return o.code;
    e = Array.isArray(o.errors) && o.errors.length > 0 ? o.errors[0] : o.cause;
  }
  return undefined;
}

export function isRetryableConnectionError(err: unknown): boolean {
  const code = errorCode(err);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/** Maps a failure while connecting or waiting for headers (phase "request") or while reading a body
 * (phase "body"). Already-mapped errors pass through. */
export function toTransportError(err: unknown, ctx: TransportContext, phase: 'request' | 'body'): Error {
  if (ctx.signal?.aborted) return new AbortedError();
  if (err instanceof NetworkError || err instanceof AbortedError) return err;
  const code = errorCode(err);
  const { origin, timeouts } = ctx;
  switch (code) {
    case 'CONNECT_TIMEOUT':
      return new TimeoutError(`Connect timeout: could not connect to ${origin} within ${formatMs(timeouts.connectMs)}`, { cause: err });
    case 'FIRST_BYTE_TIMEOUT':
      return new TimeoutError(`First-byte timeout: ${origin} sent no response within ${formatMs(timeouts.firstByteMs)} of the request`, {
        cause: err,
      });
    case 'IDLE_TIMEOUT':
      return new TimeoutError(`Idle timeout: ${origin} sent no data for ${formatMs(timeouts.idleMs)} while the response was being read`, {
        cause: err,
      });
  }
  const words = (code && CODE_WORDS[code]) ?? firstLine(err);
  const where = phase === 'request' ? `Could not reach ${origin}` : `The connection to ${origin} failed while reading the response`;
  return new NetworkError(`${where}: ${words}${code && !words.includes(code) ? ` (${code})` : ''}`, { cause: err });
}

function firstLine(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return (m.split('\n')[0] ?? '').slice(0, 200) || 'unknown error';
}
