// Per-key token buckets: `rate` tokens a second, at most `burst` saved up (default: 32, or 2 x rate if
// more, so a client's burst of 32 concurrent queries passes). A request takes one token. Without one it
// may wait briefly for the next (the token is reserved, so waiters are served in order); when the wait
// would be longer it is a 429 whose Retry-After says when a token comes. A request refused later for
// its own content (validation) gives its token back.
export const DEFAULT_BURST = 32;

export type RateDecision =
  | { ok: true /** Milliseconds to wait before going on (0: at once). */; waitMs: number }
  | { ok: false /** Whole seconds until a token is available. */; retryAfter: number };

export interface RateLimiter {
  /** Takes a token, or reserves the next one when it comes within `maxWaitMs`. */
  take(key: string, maxWaitMs?: number): RateDecision;
  /** Gives back a token taken by `take` (the request turned out not to count). */
  refund(key: string): void;
  /** Whether `take` would succeed at once (0), else the seconds until it would; takes nothing. */
  secondsUntilToken(key: string): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiterOptions {
  burst?: number;
  now?: () => number;
  /** Bounds memory when keys are client addresses (--no-auth, failed keys). */
  maxKeys?: number;
}

const UNLIMITED: RateLimiter = { take: () => ({ ok: true, waitMs: 0 }), refund() {}, secondsUntilToken: () => 0 };

/** A limiter; rate 0 disables it. */
export function createRateLimiter(rate: number, opts: RateLimiterOptions = {}): RateLimiter {
  if (!(rate > 0)) return UNLIMITED;
  const burst = Math.max(1, opts.burst ?? Math.max(DEFAULT_BURST, 2 * rate));
  const now = opts.now ?? (() => performance.now());
  const maxKeys = opts.maxKeys ?? 10_000;
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * rate);
    b.at = t;
  };
  const prune = (t: number) => {
    // Full buckets carry no state worth keeping.
    for (const [k, b] of buckets) {
      refill(b, t);
      if (b.tokens >= burst) buckets.delete(k);
    }
  };
  const bucket = (key: string, t: number): Bucket => {
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= maxKeys) prune(t);
      b = { tokens: burst, at: t };
      buckets.set(key, b);
    }
    refill(b, t);
    return b;
  };

  return {
    take(key, maxWaitMs = 0) {
      const b = bucket(key, now());
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true, waitMs: 0 };
      }
      // Tokens below 1 (below 0 once reserved): the next free one comes in (1 - tokens) / rate s.
      const waitMs = ((1 - b.tokens) / rate) * 1000;
      if (waitMs <= maxWaitMs) {
        b.tokens -= 1;
        return { ok: true, waitMs };
      }
      return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    refund(key) {
      const b = buckets.get(key);
      if (b) b.tokens = Math.min(burst, b.tokens + 1);
    },
    secondsUntilToken(key) {
      const b = buckets.get(key);
      if (!b) return 0;
      refill(b, now());
      return b.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - b.tokens) / rate));
    },
  };
}
