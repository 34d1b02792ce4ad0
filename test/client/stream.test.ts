// POST /query with stream: true over a real socket: deltas arrive one by one, frames split anywhere
// are reassembled, and every way a stream can end is reported as it should be.
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, StreamError } from '../../src/backend-errors.js';
import type { BackendEvent } from '../../src/contract/types.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { RESPONSE, delay, frame, json, sseHeaders, startFixture, type Fixture } from './fixture-server.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const backend = (baseUrl: string) => createRemoteBackend({ baseUrl, apiKey: 'k', env: {}, retries: { max: 0 } });
const STARTED = { request_id: 'req_1', mode: 'basic', effort: 'medium', extra_key: 'kept' };
const FINAL = { ...RESPONSE, answer: { text: 'Hello, world' } };
const ask = { query: 'supply chain risks', stream: true, include: { answer: true } };

describe('SSE stream', () => {
  it('delivers each delta before the server writes the next one, and resolves with final as received', async () => {
    const log: string[] = [];
    let sawDelta1!: () => void;
    const delta1Seen = new Promise<void>((r) => (sawDelta1 = r));
    fx = await startFixture(async (_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      res.write(frame('retrieval.completed', { request_id: 'req_1', evidence_count: 3 }));
      res.write(frame('answer.delta', { delta: 'Hello, ' }));
      // Wait (bounded) until the client has the first delta; a batching client would time out here.
      await Promise.race([delta1Seen, delay(2000)]);
      log.push('server writes delta 2');
      res.write(frame('answer.delta', { delta: 'world' }));
      await delay(20);
      res.end(frame('final', FINAL));
    });
    const events: BackendEvent[] = [];
    const b = backend(fx.baseUrl);
    const out = await b.query(ask, {
      onEvent: (e) => {
        events.push(e);
        if (e.event === 'answer.delta') {
          log.push(`client saw ${JSON.stringify(e.data.delta)}`);
          if (e.data.delta === 'Hello, ') sawDelta1();
        }
      },
    });
    await b.close();
    expect(log).toEqual(['client saw "Hello, "', 'server writes delta 2', 'client saw "world"']);
    expect(events.map((e) => e.event)).toEqual(['retrieval.started', 'retrieval.completed', 'answer.delta', 'answer.delta', 'final']);
    expect(events[0]!.data).toEqual(STARTED); // undocumented keys kept
    expect(out).toEqual(FINAL);
  });

  it('reassembles frames split at awkward byte boundaries, inside multi-byte UTF-8 characters too', async () => {
    const deltas = ['Résumé ', '€ 1 000 ', '日本語 ', '📈 up'];
    const body = Buffer.from(
      frame('retrieval.started', STARTED) +
        deltas.map((d) => frame('answer.delta', { delta: d })).join('') +
        // CRLF line endings and a comment line are legal SSE too
        `: keep-alive\r\nevent: final\r\ndata: ${JSON.stringify(FINAL)}\r\n\r\n`,
    );
    fx = await startFixture(async (_req, res) => {
      sseHeaders(res);
      // 1 to 3 bytes at a time with pauses, so the pieces cross the socket separately
      for (let i = 0, n = 0; i < body.length; n++) {
        const size = 1 + (n % 3);
        res.write(body.subarray(i, i + size));
        i += size;
        if (n % 7 === 0) await delay(1);
      }
      res.end();
    });
    const got: string[] = [];
    const b = backend(fx.baseUrl);
    const out = await b.query(ask, { onEvent: (e) => e.event === 'answer.delta' && got.push(e.data.delta) });
    await b.close();
    expect(got).toEqual(deltas);
    expect(out).toEqual(FINAL);
  });

  it('passes unknown events, unnamed events and non-JSON data through without failing', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('progress.tick', { pct: 50 }));
      res.write('data: {"bare": true}\n\n');
      res.write(frame('answer.delta', 'not json at all'));
      res.write('retry: abc\nunknownfield: x\n\n');
      res.end(frame('final', FINAL));
    });
    const events: { event: string; data: unknown }[] = [];
    const b = backend(fx.baseUrl);
    await b.query(ask, { onEvent: (e) => events.push(e) });
    await b.close();
    expect(events).toEqual([
      { event: 'progress.tick', data: { pct: 50 } },
      { event: 'message', data: { bare: true } },
      { event: 'answer.delta', data: 'not json at all' },
      { event: 'final', data: FINAL },
    ]);
  });

  it('an error event rejects with StreamError carrying the ErrorResponse', async () => {
    const body = { status_code: 500, message: 'answer model failed', detail: { code: 'INTERNAL_ERROR' } };
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      res.end(frame('error', body));
    });
    const events: string[] = [];
    const b = backend(fx.baseUrl);
    const err = (await b.query(ask, { onEvent: (e) => events.push(e.event) }).catch((e: unknown) => e)) as StreamError;
    await b.close();
    expect(err).toBeInstanceOf(StreamError);
    expect(err.message).toBe('The stream reported an error: answer model failed (INTERNAL_ERROR)');
    expect(err.body).toEqual(body);
    expect(events).toEqual(['retrieval.started', 'error']);
  });

  it('a connection destroyed mid-stream rejects with StreamError', async () => {
    fx = await startFixture(async (_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      res.write('event: answer.delta\ndata: {"del'); // half a frame, then the socket dies
      await delay(20);
      res.socket?.destroy();
    });
    const b = backend(fx.baseUrl);
    const err = (await b.query(ask).catch((e: unknown) => e)) as StreamError;
    await b.close();
    expect(err).toBeInstanceOf(StreamError);
    expect(err.message).toMatch(/^The stream broke after 1 event:/);
  });

  it('a stream that breaks is never retried, even with retries enabled', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, env: {}, retries: { max: 3, baseMs: 1, maxMs: 5 } });
    await expect(b.query(ask)).rejects.toBeInstanceOf(StreamError);
    await b.close();
    expect(fx.requests).toHaveLength(1);
  });

  it('final resolves at once, even if the server keeps the connection open after it', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('final', FINAL)); // and never ends
    });
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, env: {}, timeouts: { idleMs: 5000 } });
    const started = Date.now();
    expect(await b.query(ask)).toEqual(FINAL);
    expect(Date.now() - started).toBeLessThan(1000);
    await b.close();
  });

  it('a stream that ends cleanly without final rejects with StreamError', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      res.end('event: final\ndata: {"request_id": "req_1"'); // truncated, never terminated
    });
    const b = backend(fx.baseUrl);
    const err = (await b.query(ask).catch((e: unknown) => e)) as StreamError;
    await b.close();
    expect(err).toBeInstanceOf(StreamError);
    expect(err.message).toMatch(/ended after 1 event without a final event/);
  });

  it('follows the Content-Type: JSON although a stream was asked, SSE although JSON was asked', async () => {
    fx = await startFixture((_req, res, body) => {
      if ((JSON.parse(body) as { stream?: boolean }).stream) return json(res, 200, RESPONSE);
      sseHeaders(res);
      res.end(frame('final', FINAL));
    });
    const b = backend(fx.baseUrl);
    const events: string[] = [];
    expect(await b.query(ask, { onEvent: (e) => events.push(e.event) })).toEqual(RESPONSE);
    expect(events).toEqual([]);
    expect(await b.query({ query: 'x' }, { onEvent: (e) => events.push(e.event) })).toEqual(FINAL);
    expect(events).toEqual(['final']);
    await b.close();
  });

  it('aborting mid-stream rejects with AbortedError and closes the socket', async () => {
    let socketClosed!: () => void;
    const closed = new Promise<void>((r) => (socketClosed = r));
    fx = await startFixture(async (req, res) => {
      req.socket.on('close', () => socketClosed());
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      for (let i = 0; i < 100 && !res.destroyed; i++) {
        res.write(frame('answer.delta', { delta: `${i} ` }));
        await delay(20);
      }
      res.end(frame('final', FINAL));
    });
    const controller = new AbortController();
    const b = backend(fx.baseUrl);
    let deltas = 0;
    const started = Date.now();
    const err = await b
      .query(ask, {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.event === 'answer.delta' && ++deltas === 3) controller.abort();
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect(deltas).toBe(3);
    await Promise.race([closed, delay(2000).then(() => Promise.reject(new Error('the server never saw the socket close')))]);
    expect(Date.now() - started).toBeLessThan(1500);
    await b.close();
  });

  it('an exception thrown by onEvent rejects the query with that exception', async () => {
    fx = await startFixture((_req, res) => {
      sseHeaders(res);
      res.write(frame('retrieval.started', STARTED));
      res.end(frame('final', FINAL));
    });
    const b = backend(fx.baseUrl);
    const boom = new Error('renderer failed');
    await expect(
      b.query(ask, {
        onEvent: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    await b.close();
  });
});
