// The worker pool over the fixture backend module: events stream across threads as they happen,
// errors and aborts cross intact, a crashed worker is replaced, /healthz stays quick while every
// worker is blocked, and the index file's absence, arrival and replacement are followed.
import { mkdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../src/contract/types.js';
import type * as HttpServerModule from '../../src/server/http-server.js';
import type * as PooledModule from '../../src/server/pooled-backend.js';
import { FIXTURE_BACKEND, ROOT, call, delay, ensureBuilt, expectErrorShape, postQuery } from './helpers.js';
import { tempDir } from '../helpers/tmp.js';

// Workers run compiled JavaScript, so the pool is loaded from dist/ (its worker script sits beside it).
let pooled: typeof PooledModule;
let httpServer: typeof HttpServerModule;
const dir = tempDir('filings-pool-');
const indexPath = join(dir, 'index.sqlite');

beforeAll(async () => {
  ensureBuilt();
  pooled = (await import(join(ROOT, 'dist/server/pooled-backend.js'))) as typeof PooledModule;
  httpServer = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
  writeFileSync(indexPath, 'v1');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await delay(25);
  }
};

describe('PooledBackend', () => {
  let backend: PooledModule.PooledBackend;
  beforeAll(async () => {
    backend = await pooled.createPooledBackend({ indexPath, workers: 2, workerModule: FIXTURE_BACKEND, watchIntervalMs: 50 });
  });
  afterAll(() => backend.close());

  it('runs a query in a worker and streams its events as they happen', async () => {
    const events: { e: BackendEvent; at: number }[] = [];
    const result = await backend.query(
      { query: 'dividends', include: { answer: true } },
      { onEvent: (e) => events.push({ e, at: performance.now() }) },
    );
    const done = performance.now();
    expect(events.map((x) => x.e.event)).toEqual([
      'retrieval.started',
      'retrieval.completed',
      'answer.delta',
      'answer.delta',
      'answer.delta',
      'final',
    ]);
    expect(result.answer?.text).toBe('Answer about dividends.');
    // The first event reached this thread well before the result did (deltas are a few ms apart).
    expect(done - events[0]!.at).toBeGreaterThan(4);
    expect(backend.health()).toMatchObject({ status: 'ok', workers: 2, index: { state: 'ready', generation: 1 } });
  });

  it('ServiceErrors cross with status, code, body and Retry-After intact', async () => {
    const e1 = await backend.query({ query: 'x [service-error]' }).catch((e: unknown) => e);
    expect(e1).toMatchObject({
      name: 'ServiceError',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: 7,
      body: { status_code: 503, message: 'fixture says busy', detail: { code: 'SERVICE_UNAVAILABLE' } },
    });
    const e2 = (await backend.query({ query: 'q', mode: 'basic', metadata_filters: { sec_ticker: 'AAPL' } }).catch((e: unknown) => e)) as {
      status: number;
      body: any;
    };
    expect(e2.status).toBe(422);
    expect(e2.body.detail.code).toBe('FILTER_MODE_UNSUPPORTED');
    expect(e2.body.detail.errors[0].loc).toEqual(['body', 'metadata_filters']);
    const e3 = (await backend.listMetadataFilters({ field: 'colour' }).catch((e: unknown) => e)) as { status: number; code: string };
    expect([e3.status, e3.code]).toEqual([422, 'FILTER_FIELD_UNKNOWN']);
  });

  it('an abort crosses to the worker: the caller is rejected at once and the backend signal fires', async () => {
    const channel = new BroadcastChannel('filings-test-backend');
    const query = `abort me ${Math.random()} [slow]`;
    const aborted = new Promise<void>(
      (r) => (channel.onmessage = (m: MessageEvent) => (m.data as { aborted?: string }).aborted === query && r()),
    );
    const controller = new AbortController();
    let first!: () => void;
    const gotEvent = new Promise<void>((r) => (first = r));
    const run = backend.query({ query, stream: true }, { signal: controller.signal, onEvent: () => first() });
    await gotEvent;
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortedError' });
    await Promise.race([aborted, delay(3000).then(() => Promise.reject(new Error('the worker never saw the abort')))]);
    channel.close();
  });

  it('a worker that dies fails its job with an internal error and is replaced', async () => {
    const e = (await backend.query({ query: 'die [crash]' }).catch((x: unknown) => x)) as Error;
    expect(e.message).toMatch(/exited with code 3/);
    await until(() => backend.health().workers === 2 && backend.health().busy === 0);
    expect((await backend.query({ query: 'still here' })).summary?.evidence_count).toBe(2);
  });
});

describe('queue bound', () => {
  it('beyond maxQueue waiting jobs, a call is a 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const b = await pooled.createPooledBackend({ indexPath, workers: 1, maxQueue: 1, workerModule: FIXTURE_BACKEND });
    try {
      const running = b.query({ query: 'one [block:400]' });
      await until(() => b.health().busy === 1);
      const queued = b.query({ query: 'two' });
      const third = (await b.query({ query: 'three' }).catch((e: unknown) => e)) as { status: number; code: string; retryAfter: number };
      expect([third.status, third.code, third.retryAfter]).toEqual([503, 'SERVICE_UNAVAILABLE', 1]);
      await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
    } finally {
      await b.close();
    }
  });
});

describe('server over the worker pool', () => {
  it('/healthz answers quickly while every worker is blocked synchronously', async () => {
    const s = await httpServer.createServer({
      host: '127.0.0.1',
      port: 0,
      keys: ['k'],
      rateLimit: 0,
      indexPath,
      workers: 2,
      keyConcurrency: 2,
      workerModule: FIXTURE_BACKEND,
    });
    try {
      const slow = [1, 2, 3].map((i) => postQuery(s.url, { query: `busy ${i} [block:1000]` }, { key: 'k' }));
      await until(async () => (await call(s.url, '/healthz', { key: null })).json.busy === 2);
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const h = await call(s.url, '/healthz', { key: null });
        latencies.push(performance.now() - t);
        expect(h.json).toMatchObject({ status: 'ok', workers: 2, busy: 2, inflight: 3, admission: { running: 2, waiting: 1 } });
      }
      expect(Math.max(...latencies)).toBeLessThan(200);
      expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200, 200]);
    } finally {
      await s.close();
    }
  });

  it('503 INDEX_UNAVAILABLE while the index is missing, 200 once it appears, new workers after a rename', async () => {
    const path = join(dir, 'later.sqlite');
    const s = await httpServer.createServer({
      host: '127.0.0.1',
      port: 0,
      keys: ['k'],
      rateLimit: 0,
      indexPath: path,
      workers: 1,
      workerModule: FIXTURE_BACKEND,
      watchIntervalMs: 50,
    });
    try {
      const missing = await postQuery(s.url, { query: 'q' }, { key: 'k' });
      expectErrorShape(missing, 503, 'INDEX_UNAVAILABLE');
      expect(Number(missing.headers['retry-after'])).toBeGreaterThan(0);
      expect(missing.text).not.toContain(dir);
      expectErrorShape(await postQuery(s.url, { query: 'q', stream: true }, { key: 'k' }), 503, 'INDEX_UNAVAILABLE');
      expectErrorShape(await call(s.url, '/v2/sandp_500/metadata-filters', { key: 'k' }), 503, 'INDEX_UNAVAILABLE');
      const h = await call(s.url, '/healthz', { key: null });
      expect(h.status).toBe(503);
      expect(h.json).toMatchObject({ status: 'unavailable', index: { state: 'missing', file: 'later.sqlite' } });
      expect(h.text).not.toContain(dir);

      writeFileSync(path, 'v1');
      await until(async () => (await postQuery(s.url, { query: 'q' }, { key: 'k' })).status === 200);
      expect((await call(s.url, '/healthz', { key: null })).json.index.generation).toBe(1);

      // Replaced by rename (as the index writer does): a new generation of workers takes over.
      writeFileSync(`${path}.tmp`, 'v2, longer');
      renameSync(`${path}.tmp`, path);
      await until(async () => (await call(s.url, '/healthz', { key: null })).json.index.generation === 2);
      expect((await postQuery(s.url, { query: 'q' }, { key: 'k' })).status).toBe(200);

      // A replacement that cannot be opened: 503 (state "failed"), until a good file replaces it.
      writeFileSync(`${path}.tmp`, 'broken');
      renameSync(`${path}.tmp`, path);
      await until(async () => (await call(s.url, '/healthz', { key: null })).json.index.state === 'failed');
      const failed = await postQuery(s.url, { query: 'q' }, { key: 'k' });
      expectErrorShape(failed, 503, 'INDEX_UNAVAILABLE');
      expect(failed.json.message).toMatch(/could not be opened: .*schema version 0/);
      // The body names the file, never where it is (issue 16.7).
      expect(failed.text).not.toContain(dir);
      writeFileSync(`${path}.tmp`, 'v3 good again');
      renameSync(`${path}.tmp`, path);
      await until(async () => (await postQuery(s.url, { query: 'q' }, { key: 'k' })).status === 200);

      rmSync(path);
      await until(async () => (await postQuery(s.url, { query: 'q' }, { key: 'k' })).status === 503);
    } finally {
      await s.close();
    }
  });

  it('503 saying so when the index path is a directory, not "no index yet"', async () => {
    const path = join(dir, 'a-directory.sqlite');
    mkdirSync(path);
    const s = await httpServer.createServer({
      host: '127.0.0.1',
      port: 0,
      keys: ['k'],
      rateLimit: 0,
      indexPath: path,
      workers: 1,
      workerModule: FIXTURE_BACKEND,
      watchIntervalMs: 50,
    });
    try {
      const r = await postQuery(s.url, { query: 'q' }, { key: 'k' });
      expectErrorShape(r, 503, 'INDEX_UNAVAILABLE');
      expect(r.json.message).toBe('The index path a-directory.sqlite is a directory, not an index file');
      rmdirSync(path);
      await until(async () => (await postQuery(s.url, { query: 'q' }, { key: 'k' })).json.message === 'No index a-directory.sqlite yet');
    } finally {
      await s.close();
    }
  });
});
