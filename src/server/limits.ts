// The server's limits and their defaults, in one place (the README's server section lists them).
import { DEFAULT_BURST } from './rate-limit.js';

export interface ServerLimits {
  /** Requests per second per key; 0 disables the rate limit. */
  rateLimit: number;
  /** Tokens a key may save up (default 32, or 2 x rateLimit when that is more). */
  rateBurst: number;
  /** How long a request may wait for its key's next token before a 429 (ms). */
  rateWaitMs: number;
  /** Queries one key may run at once (default: every worker but one, at least 1). */
  keyConcurrency: number;
  /** Requests one key may have waiting for a worker; beyond them a 429. */
  keyQueue: number;
  /** Requests waiting for a worker, all keys together; beyond them a 503. */
  queueTotal: number;
  /** Deadline of a request from its arrival, queueing included (ms); past it a 503 or SSE `error`. 0: none. */
  requestTimeoutMs: number;
  /** Time to receive the request headers (ms). */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included (ms). */
  bodyTimeoutMs: number;
  /** A response the client does not read for this long is cut off (ms); 0: never. */
  sendTimeoutMs: number;
  /** Rejected API keys per second per client address, and the burst of them allowed. */
  authFailureRate: number;
  authFailureBurst: number;
}

export const SERVER_DEFAULTS = {
  rateLimit: 10,
  rateWaitMs: 1_000,
  keyQueue: 32,
  queueTotal: 256,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 60_000,
  sendTimeoutMs: 30_000,
  authFailureRate: 1,
  authFailureBurst: 10,
} as const;

/** Leaves one worker to the other keys whenever there are two or more. */
export const defaultKeyConcurrency = (workers: number) => Math.max(1, workers - 1);

export function resolveLimits(given: Partial<ServerLimits>, workers: number): ServerLimits {
  const or = <K extends keyof typeof SERVER_DEFAULTS>(k: K): number => given[k] ?? SERVER_DEFAULTS[k];
  const rateLimit = or('rateLimit');
  return {
    rateLimit,
    rateBurst: given.rateBurst ?? Math.max(DEFAULT_BURST, 2 * rateLimit),
    rateWaitMs: or('rateWaitMs'),
    keyConcurrency: given.keyConcurrency ?? defaultKeyConcurrency(workers),
    keyQueue: or('keyQueue'),
    queueTotal: or('queueTotal'),
    requestTimeoutMs: or('requestTimeoutMs'),
    headersTimeoutMs: or('headersTimeoutMs'),
    bodyTimeoutMs: or('bodyTimeoutMs'),
    sendTimeoutMs: or('sendTimeoutMs'),
    authFailureRate: or('authFailureRate'),
    authFailureBurst: or('authFailureBurst'),
  };
}
