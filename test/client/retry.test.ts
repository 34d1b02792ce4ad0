// Retries: 429/503 and refused or reset connections are retried with backoff or Retry-After; other
// errors, and Retry-After beyond the cap, are not; backoff sleeps end on abort.
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, NetworkError, TimeoutError } from '../../src/backend-errors.js';
import { ServiceError } from '../../src/contract/errors.js';
import { createRemoteBackend, type RetryPolicy } from '../../src/client/remote-backend.js';
import { DEFAULT_RETRIES, backoffMs, parseRetryAfter } from '../../src/retry.js';
import { RESPONSE, closedPort, json, startFixture, type Fixture } from './fixture-server.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const FAST: Partial<RetryPolicy> = { max: 2, baseMs: 5, maxMs: 20 };
const backend = (baseUrl: string, retries: Partial<RetryPolicy> = FAST) => createRemoteBackend({ baseUrl, apiKey: 'k', env: {}, retries });
const unavailable = { status_code: 503, message: 'Index is being replaced', detail: { code: 'SERVICE_UNAVAILABLE' } };

describe('retries over HTTP', () => {
  it('429 with Retry-After: 1, then 200: retried after about a second, same request both times', async () => {
    fx = await startFixture((_req, res, _body, n) =>
      n === 1
        ? json(res, 429, { status_code: 429, message: 'slow down', detail: { code: 'RATE_LIMITED' } }, { 'retry-after': '1' })
        : json(res, 200, RESPONSE),
    );
    const b = backend(fx.baseUrl);
    const started = Date.now();
    const out = await b.query({ query: 'revenue' });
    const elapsed = Date.now() - started;
    await b.close();
    expect(out).toEqual(RESPONSE);
    expect(fx.requests).toHaveLength(2);
    expect(fx.requests[1]!.body).toBe(fx.requests[0]!.body);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2500);
  });

  it('503 every time: ServiceError 503 with retryAfter after max retries', async () => {
    fx = await startFixture((_req, res) => json(res, 503, unavailable, { 'retry-after': '0' }));
    const b = backend(fx.baseUrl);
    const err = (await b.query({ query: 'revenue' }).catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.status).toBe(503);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.retryAfter).toBe(0);
    expect(err.message).toMatch(
      /^Service unavailable \(HTTP 503, SERVICE_UNAVAILABLE\): Index is being replaced; retry after 0 s \(gave up after 3 attempts\)$/,
    );
    expect(fx.requests).toHaveLength(3);
  });

  it('503 without Retry-After is retried with backoff', async () => {
    fx = await startFixture((_req, res, _b, n) => (n < 3 ? json(res, 503, unavailable) : json(res, 200, RESPONSE)));
    const b = backend(fx.baseUrl);
    expect(await b.listMetadataFilters()).toEqual(RESPONSE);
    await b.close();
    expect(fx.requests).toHaveLength(3);
  });

  it('a Retry-After above the cap gives up at once instead of sleeping', async () => {
    fx = await startFixture((_req, res) => json(res, 429, { code: 'RATE_LIMITED', message: 'quota' }, { 'retry-after': '3600' }));
    const b = backend(fx.baseUrl);
    const started = Date.now();
    const err = (await b.query({ query: 'revenue' }).catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(3600);
    expect(err.message).toMatch(/retry after 3600 s \(not retried: the service asked to wait longer than 60 s\)$/);
    expect(fx.requests).toHaveLength(1);
  });

  it('other errors (500, 422) are not retried', async () => {
    fx = await startFixture((_req, res) => json(res, 500, { status_code: 500, message: 'boom', detail: { code: 'INTERNAL_ERROR' } }));
    const b = backend(fx.baseUrl);
    await expect(b.query({ query: 'revenue' })).rejects.toBeInstanceOf(ServiceError);
    await b.close();
    expect(fx.requests).toHaveLength(1);
  });

  it('a connection reset before any response byte is retried', async () => {
    fx = await startFixture((req, res, _b, n) => {
      if (n === 1) req.socket.destroy();
      else json(res, 200, RESPONSE);
    });
    const b = backend(fx.baseUrl);
    expect(await b.query({ query: 'revenue' })).toEqual(RESPONSE);
    await b.close();
    expect(fx.requests).toHaveLength(2);
  });

  it('connection refused: NetworkError after the retries', async () => {
    const port = await closedPort();
    const b = backend(`http://127.0.0.1:${port}/v2/sandp_500`);
    const err = (await b.query({ query: 'revenue' }).catch((e: unknown) => e)) as NetworkError;
    await b.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).not.toBeInstanceOf(TimeoutError);
    expect(err.message).toBe(
      `Could not reach http://127.0.0.1:${port}: connection refused; is the service running? (ECONNREFUSED) (gave up after 3 attempts)`,
    );
  });

  it('aborting during a backoff sleep rejects with AbortedError at once', async () => {
    fx = await startFixture((_req, res) => json(res, 503, unavailable, { 'retry-after': '30' }));
    const b = backend(fx.baseUrl);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(b.query({ query: 'revenue' }, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1000);
    await b.close();
    expect(fx.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    const b = backend(fx.baseUrl);
    await expect(b.query({ query: 'x' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    await expect(b.listMetadataFilters({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    await b.close();
    expect(fx.requests).toHaveLength(0);
  });
});

describe('retry arithmetic', () => {
  it('full jitter: a random wait in [0, min(maxMs, baseMs * 2^n))', () => {
    const p = DEFAULT_RETRIES;
    expect(backoffMs(p, 0, () => 0)).toBe(0);
    expect(backoffMs(p, 0, () => 0.999)).toBe(499);
    expect(backoffMs(p, 3, () => 0.5)).toBe(2000);
    expect(backoffMs(p, 10, () => 0.999)).toBe(7992); // capped by maxMs 8000
  });

  it('Retry-After: seconds or an HTTP date; garbage is ignored', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(['5', '7'], now)).toBe(5000);
  });
});
