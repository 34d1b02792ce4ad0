// The connect, first-byte and idle timeouts over a real socket, and a socket failure's message.
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, NetworkError, TimeoutError } from '../../src/backend-errors.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { DEFAULT_TIMEOUTS } from '../../src/client/timeouts.js';
import { toTransportError } from '../../src/client/transport-errors.js';
import { frame, sseHeaders, startFixture, type Fixture } from './fixture-server.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const backend = (baseUrl: string) =>
  createRemoteBackend({
    baseUrl,
    apiKey: 'k',
    env: {},
    timeouts: { connectMs: 1000, firstByteMs: 200, idleMs: 200 },
    retries: { max: 2, baseMs: 5, maxMs: 10 },
  });

async function failure(p: Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const started = Date.now();
  const err = await p.catch((e: unknown) => e);
  return { err, ms: Date.now() - started };
}

describe('timeouts', () => {
  it('first byte: no response headers in time -> TimeoutError naming it, not retried', async () => {
    fx = await startFixture(() => {}); // never answers
    const b = backend(fx.baseUrl);
    const { err, ms } = await failure(b.query({ query: 'revenue' }));
    await b.close();
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe(`First-byte timeout: ${fx.origin} sent no response within 200 ms of the request`);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(3000); // undici's timers tick every ~0.5 s
    expect(fx.requests).toHaveLength(1);
  });

  it('idle: a JSON body that stalls -> TimeoutError', async () => {
    fx = await startFixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"request_id": "req_1", "evidence": "');
    });
    const b = backend(fx.baseUrl);
    const { err, ms } = await failure(b.query({ query: 'revenue' }));
    await b.close();
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe(`Idle timeout: ${fx.origin} sent no data for 200 ms while the response was being read`);
    expect(ms).toBeLessThan(3000); // undici's timers tick every ~0.5 s
  });

  it('idle: a stream that goes silent -> TimeoutError, after the events that did arrive', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', { request_id: 'r', mode: 'basic', effort: 'medium' }));
    });
    const b = backend(fx.baseUrl);
    const seen: string[] = [];
    const { err } = await failure(b.query({ query: 'revenue', stream: true }, { onEvent: (e) => seen.push(e.event) }));
    await b.close();
    expect(seen).toEqual(['retrieval.started']);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toMatch(/^Idle timeout: .* no data for 200 ms/);
  });

  it('a slow but steady stream is not cut off: idle is per gap, not for the whole request', async () => {
    fx = await startFixture(async (_req, res) => {
      sseHeaders(res);
      // 1.2 s in all, well past the idle timeout (200 ms, firing within ~1 s at undici's resolution)
      for (let i = 0; i < 8; i++) {
        res.write(frame('answer.delta', { delta: String(i) }));
        await new Promise((r) => setTimeout(r, 150));
      }
      res.end(frame('final', { request_id: 'r' }));
    });
    const b = backend(fx.baseUrl);
    expect(await b.query({ query: 'revenue', stream: true })).toEqual({ request_id: 'r' });
    await b.close();
  });

  it('aborting while waiting for the response rejects with AbortedError at once', async () => {
    fx = await startFixture(() => {}); // never answers
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, env: {} });
    const { err, ms } = await failure(b.query({ query: 'revenue' }, { signal: AbortSignal.timeout(100) }));
    await b.close();
    expect(err).toBeInstanceOf(AbortedError);
    expect(ms).toBeLessThan(1000);
  });

  it('connect: a TLS handshake that never ends is a TimeoutError naming it and its duration, not retried', async () => {
    // A server that takes the TCP connection and says nothing: the connection is never ready.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    const b = createRemoteBackend({
      baseUrl: `https://127.0.0.1:${port}/v2/sandp_500`,
      apiKey: 'k',
      env: {},
      timeouts: { connectMs: 300 },
    });
    const { err, ms } = await failure(b.query({ query: 'revenue' }));
    await b.close();
    silent.close();
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe(`Connect timeout: could not connect to https://127.0.0.1:${port} within 300 ms`);
    expect(ms).toBeLessThan(2000);
  });

  it('a socket failure is a NetworkError saying what failed', () => {
    const ctx = { origin: 'https://api.example', timeouts: DEFAULT_TIMEOUTS };
    const dns = toTransportError(Object.assign(new Error('getaddrinfo ENOTFOUND api.example'), { code: 'ENOTFOUND' }), ctx, 'request');
    expect(dns).toBeInstanceOf(NetworkError);
    expect(dns.message).toBe('Could not reach https://api.example: host name not found (DNS) (ENOTFOUND)');
  });
});
