// Retries with full-jitter exponential backoff (a random wait in [0, min(maxMs, baseMs * 2^n)]), so
// that many clients rejected together do not come back together. Retry-After is honoured when the
// service sends it, up to a cap: beyond it we give up at once rather than sleep for minutes.
import { setTimeout as sleepFor } from 'node:timers/promises';
import { AbortedError } from './backend-errors.js';

export interface RetryPolicy {
  /** Retries after the first attempt (0 disables retrying). */
  max: number;
  baseMs: number;
  maxMs: number;
  /** The longest Retry-After the client is willing to wait. */
  retryAfterCapMs: number;
}

export const DEFAULT_RETRIES: RetryPolicy = { max: 3, baseMs: 500, maxMs: 8_000, retryAfterCapMs: 60_000 };

export function resolveRetries(given: Partial<RetryPolicy> | undefined): RetryPolicy {
  const p = { ...DEFAULT_RETRIES, ...dropUndefined(given ?? {}) };
  if (!Number.isInteger(p.max) || p.max < 0) throw new RangeError('retries.max must be a non-negative integer');
  for (const k of ['baseMs', 'maxMs', 'retryAfterCapMs'] as const) {
    if (!Number.isFinite(p[k]) || p[k] < 0) throw new RangeError(`retries.${k} must be a non-negative number`);
  }
  return p;
}

/** One attempt's outcome: a result, or an error worth retrying (with the server's Retry-After). */
export type Attempt<T> = { done: T } | { retry: Error; retryAfterMs?: number };

/** The wait before retry number `n` (0-based) when the server did not say. */
export function backoffMs(policy: RetryPolicy, n: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxMs, policy.baseMs * 2 ** n));
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (!/^[a-z]{3}/i.test(v)) return undefined; // an HTTP date starts with the day name ("Wed, 21 Oct ...")
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Runs `attempt` until it is done, retries are exhausted, or a Retry-After is longer than the cap;
 * then throws the last retryable error. Waits are cut short by `signal` (AbortedError). */
export async function withRetries<T>(
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  attempt: (n: number) => Promise<Attempt<T>>,
): Promise<T> {
  for (let n = 0; ; n++) {
    const outcome = await attempt(n);
    if ('done' in outcome) return outcome.done;
    const { retry: error, retryAfterMs } = outcome;
    if (n >= policy.max) {
      if (n > 0) error.message += ` (gave up after ${n + 1} attempts)`;
      throw error;
    }
    if (retryAfterMs !== undefined && retryAfterMs > policy.retryAfterCapMs) {
      error.message += ` (not retried: the service asked to wait longer than ${Math.round(policy.retryAfterCapMs / 1000)} s)`;
      throw error;
    }
    await sleep(retryAfterMs ?? backoffMs(policy, n), signal);
  }
}

export async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) throw new AbortedError();
  try {
    await sleepFor(ms, undefined, { signal });
  } catch (err) {
    if (signal?.aborted) throw new AbortedError();
    throw err;
  }
}

/** The fields that are set: a partial policy spread over the defaults leaves those it does not give. */
export function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
