// The real server over the real engine (worker threads, the sample-corpus index of the test global
// setup): one query, the same query streamed, and one metadata-filters call, each equal to what the
// engine gives in-process.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type * as HttpServerModule from '../../src/server/http-server.js';
import { ROOT, call, delay, ensureBuilt, postQuery } from './helpers.js';

const INDEX = process.env.FILINGS_TEST_INDEX;

describe('server over the embedded engine', () => {
  let s: HttpServerModule.RunningServer;
  let local: Backend;
  beforeAll(async () => {
    if (!INDEX || !existsSync(INDEX)) throw new Error('the test global setup built no sample index (FILINGS_TEST_INDEX)');
    ensureBuilt();
    const { createServer } = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
    s = await createServer({ host: '127.0.0.1', port: 0, keys: ['k'], rateLimit: 0, indexPath: INDEX!, workers: 2 });
    const { openEngineBackend } = await import('../../src/engine/engine-backend.js');
    local = await openEngineBackend({ indexPath: INDEX! });
  });
  afterAll(async () => {
    await s?.close();
    await local?.close();
  });

  const ask = { query: 'What are the main supply chain risks?', mode: 'research', include: { answer: true } };

  it('POST /query: the engine answer with the server request id, equal to in-process', async () => {
    const r = await postQuery(s.url, ask, { key: 'k' });
    expect(r.status).toBe(200);
    expect(r.json.request_id).toBe(r.headers['x-request-id']);
    expect(r.json.summary).toMatchObject({ domain: 'sandp_500', mode: 'research' });
    expect(typeof r.json.evidence).toBe('string');
    const inProcess = await local.query(ask, { requestId: r.json.request_id });
    expect(r.json).toEqual(inProcess);
  });

  it('POST /query with stream: true ends with a final equal to the JSON reply but request_id', async () => {
    const r = await postQuery(s.url, { ...ask, stream: true }, { key: 'k' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const frames = r.text.split('\n\n').filter((f) => f && !f.startsWith(':'));
    expect(frames[0]).toMatch(/^event: retrieval\.started\n/);
    expect(frames.at(-1)).toMatch(/^event: final\n/);
    const final = JSON.parse(frames.at(-1)!.split('\n')[1]!.slice(6));
    const plain = await postQuery(s.url, ask, { key: 'k' });
    expect({ ...final, request_id: '' }).toEqual({ ...plain.json, request_id: '' });
  });

  it('GET /metadata-filters?include_values=true: fields with values from the index', async () => {
    const r = await call(s.url, '/v2/sandp_500/metadata-filters?include_values=true', { key: 'k' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(await local.listMetadataFilters({ includeValues: true }));
    const tickers = r.json.fields.find((f: { name: string }) => f.name === 'sec_ticker');
    expect(tickers.values.length).toBeGreaterThan(0);
  });

  it('a client that disconnects after retrieval.started: the engine stops at its next step and its worker is kept', async () => {
    const { createServer } = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
    // A grace far longer than the query: a worker that never saw the abort would finish it (a
    // result, not a cancellation) rather than be terminated.
    const one = await createServer({
      host: '127.0.0.1',
      port: 0,
      keys: ['k'],
      rateLimit: 0,
      indexPath: INDEX!,
      workers: 1,
      abortGraceMs: 120_000,
    });
    try {
      const words =
        'revenue Apple Microsoft risk supply chain 2019 2020 capital expenditure margin debt interest cash flow inventory goodwill tax segment liquidity'.split(
          ' ',
        );
      const costly = (seed: number) => ({
        query: Array.from({ length: 600 }, (_, i) => words[(i * 7 + seed) % words.length])
          .join(' ')
          .slice(0, 4000),
        mode: 'agentic_research',
        effort: 'high',
        retrieval: { max_evidence: 800 },
        include: { answer: true, analysis: true },
        stream: true,
      });
      for (let round = 1; round <= 2; round++) {
        const body = JSON.stringify(costly(round));
        await new Promise<void>((resolve, reject) => {
          const req = http.request(
            `${one.baseUrl}/query`,
            {
              method: 'POST',
              agent: false,
              headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => {
              res.on('data', (d: Buffer) => {
                if (d.toString().includes('event: retrieval.started')) {
                  req.destroy();
                  resolve();
                }
              });
              res.on('end', () => reject(new Error('the stream ended before the client went away')));
            },
          );
          req.on('error', () => undefined);
          req.end(body);
        });
        let h = (await call(one.url, '/healthz', { key: null })).json;
        for (let i = 0; i < 600 && h.busy !== 0; i++, h = (await call(one.url, '/healthz', { key: null })).json) await delay(20);
        expect(h).toMatchObject({ busy: 0, replaced: 0, cancelled: round, ready: 1 });
      }
      expect((await postQuery(one.url, ask, { key: 'k' })).status).toBe(200);
    } finally {
      await one.close({ timeoutMs: 0 });
    }
  });
});
