// Per-key token buckets: the arithmetic with a fake clock, then 429 + Retry-After over HTTP and
// success again after waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/http-server.js';
import { createRateLimiter } from '../../src/server/rate-limit.js';
import { OTHER_KEY, call, delay, ensureBuilt, expectErrorShape, fixtureBackend, startServer } from './helpers.js';

describe('token bucket', () => {
  it('allows a burst of 2N, then N a second, per key', () => {
    let t = 0;
    const rl = createRateLimiter(5, { now: () => t });
    for (let i = 0; i < 10; i++) expect(rl.take('a').ok).toBe(true);
    const denied = rl.take('a');
    expect(denied).toEqual({ ok: false, retryAfter: 1 });
    expect(rl.take('b').ok).toBe(true); // another key has its own bucket
    t += 400; // 2 tokens
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(false);
    t += 60_000; // refills to the burst, no more
    let n = 0;
    while (rl.take('a').ok) n++;
    expect(n).toBe(10);
  });

  it('rate 0 disables it; Retry-After rounds up to whole seconds', () => {
    const off = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take('a').ok).toBe(true);
    let t = 0;
    const slow = createRateLimiter(0.25, { now: () => t, burst: 1 });
    expect(slow.take('k').ok).toBe(true);
    expect(slow.take('k').retryAfter).toBe(4);
  });

  it('keeps memory bounded when keys are many (client addresses)', () => {
    let t = 0;
    const rl = createRateLimiter(10, { now: () => t, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) {
      rl.take(`k${i}`);
      t += 1000;
    }
    expect(rl.take('k9999').ok).toBe(true);
  });
});

describe('429 over HTTP', () => {
  let s: RunningServer;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer({ backend: await fixtureBackend(), rateLimit: 1 });
  });
  afterAll(() => s.close());

  it('answers 429 RATE_LIMITED with Retry-After past the burst, then 200 after waiting', async () => {
    const path = '/v2/sandp_500/metadata-filters';
    expect((await call(s.url, path)).status).toBe(200);
    expect((await call(s.url, path)).status).toBe(200);
    const limited = await call(s.url, path);
    expectErrorShape(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another key is not affected; /healthz is never limited.
    expect((await call(s.url, path, { key: OTHER_KEY })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call(s.url, '/healthz', { key: null })).status).toBe(200);
    await delay(Number(limited.headers['retry-after']) * 1000 + 50);
    expect((await call(s.url, path)).status).toBe(200);
  });

  it('failed key attempts are limited per client address (key guessing slows down)', async () => {
    const path = '/v2/sandp_500/metadata-filters';
    expect((await call(s.url, path, { key: 'guess-1' })).status).toBe(401);
    expect((await call(s.url, path, { key: 'guess-2' })).status).toBe(401);
    expectErrorShape(await call(s.url, path, { key: 'guess-3' }), 429, 'RATE_LIMITED');
  });
});
