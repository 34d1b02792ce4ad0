// Per-key token buckets: `rate` tokens a second, at most `burst` (2 x rate by default) saved up. A
// request takes one token; without one it is a 429 whose Retry-After says when the next token comes.
export interface RateDecision {
  ok: boolean;
  /** Whole seconds until a token is available (only when !ok). */
  retryAfter: number;
}

export interface RateLimiter {
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A limiter; rate 0 disables it. `maxKeys` bounds memory when keys are client addresses (--no-auth). */
export function createRateLimiter(rate: number, opts: { burst?: number; now?: () => number; maxKeys?: number } = {}): RateLimiter {
  if (!(rate > 0)) return { take: () => ({ ok: true, retryAfter: 0 }) };
  const burst = Math.max(1, opts.burst ?? 2 * rate);
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

  return {
    take(key) {
      const t = now();
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) prune(t);
        b = { tokens: burst, at: t };
        buckets.set(key, b);
      }
      refill(b, t);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true, retryAfter: 0 };
      }
      return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - b.tokens) / rate)) };
    },
  };
}
