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
  /** Open connections from one client address; beyond them a 503 and the connection closed. */
  maxConnectionsPerAddress: number;
  /** Open connections in all (default: 1,000, or fewer when the open-file limit is low); beyond a 503. */
  maxConnections: number;
  /** How long an aborted query's worker may take to stop at its next check before it is terminated (ms). */
  abortGraceMs: number;
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
  maxConnectionsPerAddress: 128,
  maxConnections: 1_000,
  abortGraceMs: 2_000,
} as const;

/** File descriptors kept free of connections: workers, the index, logs and the refusals themselves. */
const FD_RESERVE = 200;

/** The default total: 1,000 connections, fewer when the process may not open that many files. */
export function defaultMaxConnections(openFileLimit: number | undefined): number {
  if (openFileLimit === undefined || !Number.isFinite(openFileLimit)) return SERVER_DEFAULTS.maxConnections;
  return Math.max(16, Math.min(SERVER_DEFAULTS.maxConnections, openFileLimit - FD_RESERVE));
}

/** Leaves one worker to the other keys whenever there are two or more. */
export const defaultKeyConcurrency = (workers: number) => Math.max(1, workers - 1);

export function resolveLimits(given: Partial<ServerLimits>, workers: number, openFileLimit?: number): ServerLimits {
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
    maxConnectionsPerAddress: or('maxConnectionsPerAddress'),
    maxConnections: given.maxConnections ?? defaultMaxConnections(openFileLimit),
    abortGraceMs: or('abortGraceMs'),
  };
}
