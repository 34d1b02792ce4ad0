// Per-key token buckets: the arithmetic with a fake clock, then over HTTP: a burst of 32 concurrent
// queries passes with the defaults (issue 16.3), a request briefly waits for a token instead of being
// refused, requests refused by validation cost nothing, every 429 has Retry-After, and rejected keys
// are throttled by address before any key is checked (issue 16.6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/http-server.js';
import { createRateLimiter } from '../../src/server/rate-limit.js';
import { OTHER_KEY, call, delay, ensureBuilt, expectErrorShape, fixtureBackend, postQuery, startServer } from './helpers.js';

describe('token bucket', () => {
  it('allows the burst, then N a second, per key; 32 by default', () => {
    let t = 0;
    const rl = createRateLimiter(5, { now: () => t, burst: 10 });
    for (let i = 0; i < 10; i++) expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a')).toEqual({ ok: false, retryAfter: 1 });
    expect(rl.take('b').ok).toBe(true); // another key has its own bucket
    t += 400; // 2 tokens
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(false);
    t += 60_000; // refills to the burst, no more
    let n = 0;
    while (rl.take('a').ok) n++;
    expect(n).toBe(10);
    const defaults = createRateLimiter(10, { now: () => t });
    n = 0;
    while (defaults.take('k').ok) n++;
    expect(n).toBe(32);
  });

  it('reserves the next token for a request that may wait, in order, and refunds', () => {
    let t = 0;
    const rl = createRateLimiter(10, { now: () => t, burst: 1 });
    expect(rl.take('k', 1000)).toEqual({ ok: true, waitMs: 0 });
    expect(rl.take('k', 1000)).toEqual({ ok: true, waitMs: 100 });
    expect(rl.take('k', 1000)).toEqual({ ok: true, waitMs: 200 });
    expect(rl.take('k', 150)).toEqual({ ok: false, retryAfter: 1 });
    rl.refund('k');
    expect(rl.take('k', 250)).toEqual({ ok: true, waitMs: 200 });
    expect(rl.secondsUntilToken('k')).toBe(1);
    t += 10_000;
    expect(rl.secondsUntilToken('k')).toBe(0);
  });

  it('rate 0 disables it; Retry-After rounds up to whole seconds', () => {
    const off = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take('a').ok).toBe(true);
    const t = 0;
    const slow = createRateLimiter(0.25, { now: () => t, burst: 1 });
    expect(slow.take('k').ok).toBe(true);
    expect(slow.take('k')).toEqual({ ok: false, retryAfter: 4 });
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
    s = await startServer({ backend: await fixtureBackend(), rateLimit: 1, rateBurst: 2, rateWaitMs: 0, authFailureBurst: 3 });
  });
  afterAll(() => s.close());
  const path = '/v2/sandp_500/metadata-filters';

  it('answers 429 RATE_LIMITED with Retry-After past the burst, then 200 after waiting', async () => {
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

  it('requests refused by validation cost no token', async () => {
    await delay(2100); // a full bucket again
    for (let i = 0; i < 5; i++) expectErrorShape(await postQuery(s.url, { query: '' }), 422, 'QUERY_EMPTY');
    expectErrorShape(await postQuery(s.url, '{"query":'), 422, 'json_invalid');
    expect((await postQuery(s.url, { query: 'counts' })).status).toBe(200);
    expect((await postQuery(s.url, { query: 'counts too' })).status).toBe(200);
    expectErrorShape(await postQuery(s.url, { query: 'one too many' }), 429, 'RATE_LIMITED');
  });

  it('rejected keys are throttled by address; a right key from the same address is not', async () => {
    for (let i = 0; i < 3; i++) expectErrorShape(await call(s.url, path, { key: `guess-${i}` }), 401, 'UNAUTHORIZED');
    const guess = await call(s.url, path, { key: 'guess-4' });
    expectErrorShape(guess, 429, 'RATE_LIMITED');
    expect(guess.json.message).toMatch(/rejected API keys/);
    expect(Number(guess.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A client of the same address (behind the same proxy) with its right key goes on being served.
    expect((await call(s.url, path, { key: OTHER_KEY })).status).toBe(200);
    // No key at all is no guess: a 401 that says what is missing.
    expectErrorShape(await call(s.url, path, { key: null }), 401, 'UNAUTHORIZED');
  });
});

describe('a burst from one key (the defaults)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer({ backend: await fixtureBackend(), rateLimit: undefined, workers: 2 });
  });
  afterAll(() => s.close());

  it('32 concurrent queries are all answered', async () => {
    const replies = await Promise.all(
      Array.from({ length: 32 }, (_, i) => postQuery(s.url, { query: `burst ${i} [sleep:20]`, mode: 'research' })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(32).fill(200));
  });

  it('past the burst a request waits briefly for a token, and beyond that gets 429 with Retry-After', async () => {
    await delay(3500); // the bucket refills (10 a second)
    const replies = await Promise.all(Array.from({ length: 64 }, (_, i) => postQuery(s.url, { query: `burst ${i}` }, { key: OTHER_KEY })));
    const ok = replies.filter((r) => r.status === 200).length;
    const limited = replies.filter((r) => r.status === 429);
    expect(ok + limited.length).toBe(64);
    // 32 saved up, and those whose token came within the one-second wait.
    expect(ok).toBeGreaterThanOrEqual(36);
    for (const r of limited) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
