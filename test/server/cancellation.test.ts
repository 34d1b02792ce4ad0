// Issue 16.2 over real HTTP and real worker threads (the fixture module's [block:MS] holds its thread
// synchronously, as SQLite does): a client that goes away frees its worker, a request past its
// deadline is a 503 (or an SSE error event), and one key's backlog does not hold up another key.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as HttpServerModule from '../../src/server/http-server.js';
import { FIXTURE_BACKEND, KEY, OTHER_KEY, ROOT, call, delay, ensureBuilt, expectErrorShape, postQuery } from './helpers.js';
import { tempDir } from '../helpers/tmp.js';

let httpServer: typeof HttpServerModule;
const dir = tempDir('filings-cancel-');
const indexPath = join(dir, 'index.sqlite');

beforeAll(async () => {
  ensureBuilt();
  httpServer = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
  writeFileSync(indexPath, 'fixture');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (opts: Partial<HttpServerModule.ServerOptions> = {}) =>
  httpServer.createServer({
    host: '127.0.0.1',
    port: 0,
    keys: [KEY, OTHER_KEY],
    rateLimit: 0,
    indexPath,
    workerModule: FIXTURE_BACKEND,
    workers: 1,
    ...opts,
  });

const health = async (s: HttpServerModule.RunningServer) => (await call(s.url, '/healthz', { key: null })).json;

describe('a client that disconnects', () => {
  it('frees its worker although the work is synchronous: the next query is answered', async () => {
    const s = await start({ workers: 1, keyConcurrency: 1 });
    try {
      const gone = new AbortController();
      const stuck = postQuery(s.url, { query: 'stuck [block:30000]' }, { signal: gone.signal }).catch(() => 'aborted');
      for (let i = 0; i < 100 && (await health(s)).busy !== 1; i++) await delay(20);
      gone.abort();
      expect(await stuck).toBe('aborted');
      // The only worker was blocked for 30 s; a new one takes its place.
      const next = await postQuery(s.url, { query: 'next' }, { key: OTHER_KEY });
      expect(next.status).toBe(200);
      expect(await health(s)).toMatchObject({ workers: 1, replaced: 1, inflight: 0 });
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });
});

describe('a client that disconnects from work that checks its signal between steps', () => {
  it('stops the work at its next step: the worker is kept, not replaced', async () => {
    // A grace longer than the work: had the abort not reached the synchronous loop, the job would run
    // its 20 s out; it stops at its next 5 ms step instead.
    const s = await start({ workers: 1, abortGraceMs: 60_000 });
    try {
      for (let round = 1; round <= 2; round++) {
        const gone = new AbortController();
        const working = postQuery(s.url, { query: `works [spin:20000] ${round}` }, { signal: gone.signal }).catch(() => 'aborted');
        for (let i = 0; i < 100 && (await health(s)).busy !== 1; i++) await delay(20);
        gone.abort();
        expect(await working).toBe('aborted');
        for (let i = 0; i < 250 && (await health(s)).busy !== 0; i++) await delay(20);
        expect(await health(s)).toMatchObject({ workers: 1, ready: 1, busy: 0, replaced: 0, cancelled: round });
      }
      expect((await postQuery(s.url, { query: 'next' }, { key: OTHER_KEY })).status).toBe(200);
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });
});

describe('the per-request deadline', () => {
  it('a JSON request past it is a 503 DEADLINE_EXCEEDED, and its worker is freed', async () => {
    const s = await start({ requestTimeoutMs: 400 });
    try {
      const r = await postQuery(s.url, { query: 'too long [block:30000]' });
      expectErrorShape(r, 503, 'DEADLINE_EXCEEDED');
      expect(r.json.message).toMatch(/0\.4 s/);
      // It ran out of time itself: come back later, the workers go to others first.
      expect(r.headers['retry-after']).toBe('5');
      // The blocked worker was replaced (a worker starts in about 0.3 s here, near this short deadline).
      for (let i = 0; i < 100 && (await health(s)).ready !== 1; i++) await delay(20);
      expect(await health(s)).toMatchObject({ ready: 1, busy: 0, replaced: 1 });
      expect((await postQuery(s.url, { query: 'after' })).status).toBe(200);
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });

  it('a request that never got a worker before it is a 503 with Retry-After: 1', async () => {
    const s = await start({ requestTimeoutMs: 800, workers: 1, keyConcurrency: 1 });
    try {
      const first = postQuery(s.url, { query: 'holds the worker [spin:5000]' });
      for (let i = 0; i < 100 && (await health(s)).busy !== 1; i++) await delay(20);
      const second = postQuery(s.url, { query: 'waits behind it' });
      for (let i = 0; i < 100 && (await health(s)).admission.waiting !== 1; i++) await delay(10);
      // Another key's query takes the worker when the first is cut at its deadline (the fair queue
      // serves the key served longest ago): the second is still waiting when its own deadline passes.
      const other = postQuery(s.url, { query: 'another key [spin:5000]' }, { key: OTHER_KEY });
      const replies = await Promise.all([first, second, other]);
      for (const r of replies) expectErrorShape(r, 503, 'DEADLINE_EXCEEDED');
      expect(replies.map((r) => r.headers['retry-after'])).toEqual(['5', '1', '5']);
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });

  it('a stream past it ends with an SSE error event', async () => {
    const s = await start({ requestTimeoutMs: 400 });
    try {
      const r = await postQuery(s.url, { query: 'streams for long [slow]', stream: true });
      expect(r.status).toBe(200);
      const frames = r.text.split('\n\n').filter((f) => f && !f.startsWith(':'));
      expect(frames[0]).toMatch(/^event: retrieval\.started/);
      expect(frames.at(-1)).toMatch(/^event: error\ndata: \{"status_code":503,.*"code":"DEADLINE_EXCEEDED"/);
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });
});

describe('one key cannot starve another', () => {
  it("another key's query runs while the first key's backlog waits", async () => {
    const s = await start({ workers: 2 });
    try {
      const finished: string[] = [];
      const note = (name: string) => (r: { status: number }) => finished.push(`${name}:${r.status}`);
      const heavy = Array.from({ length: 6 }, (_, i) => postQuery(s.url, { query: `costly ${i} [block:700]` }).then(note(`A${i}`)));
      for (let i = 0; i < 100 && (await health(s)).admission.waiting < 5; i++) await delay(20);
      const cheap = await postQuery(s.url, { query: 'cheap' }, { key: OTHER_KEY });
      finished.push(`B:${cheap.status}`);
      await Promise.all(heavy);
      // B came in behind five waiting queries of A, and was answered before the second of them.
      expect(finished.indexOf('B:200')).toBeLessThanOrEqual(1);
      expect(finished.filter((f) => f.startsWith('A') && f.endsWith(':200'))).toHaveLength(6);
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });

  it("a key's full queue is a 429 with Retry-After; the others are answered", async () => {
    const s = await start({ workers: 1, keyQueue: 2 });
    try {
      const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => postQuery(s.url, { query: `q${i} [block:300]` })));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      for (const r of replies.filter((x) => x.status === 429)) {
        expectErrorShape(r, 429, 'RATE_LIMITED');
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await s.close({ timeoutMs: 0 });
    }
  });
});
