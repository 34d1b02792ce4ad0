// SSE over a real socket: exact frame bytes and order, `final` equal to the JSON reply, an `error`
// event after the stream opened, plain HTTP errors before it, heartbeats, and a client that hangs up
// aborting the backend's work.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRequest } from '../../src/contract/validate.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { SSE_HEADERS, sseFrame } from '../../src/server/sse.js';
import { FIXTURE_BACKEND, KEY, ensureBuilt, expectErrorShape, fixtureBackend, postQuery, startServer } from './helpers.js';

let s: RunningServer;
let buildResponse: (v: unknown, domain: string) => Record<string, any>;
beforeAll(async () => {
  ensureBuilt();
  buildResponse = ((await import(FIXTURE_BACKEND.href)) as { buildResponse: typeof buildResponse }).buildResponse;
  s = await startServer({ backend: await fixtureBackend(), heartbeatMs: 40 });
});
afterAll(() => s.close());

/** Opens a stream; resolves with the response once headers arrive, collecting body text in `text`. */
function openStream(
  body: unknown,
): Promise<{ res: http.IncomingMessage; req: http.ClientRequest; text: () => string; done: Promise<string> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.url}/v2/sandp_500/query`, {
      method: 'POST',
      agent: false,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      const done = new Promise<string>((r) => {
        res.on('data', (d: string) => (text += d));
        res.on('end', () => r(text));
        res.on('close', () => r(text));
      });
      resolve({ res, req, text: () => text, done });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const withoutPings = (t: string) => t.replaceAll(': ping\n\n', '');

describe('POST /query with stream: true', () => {
  const ask = {
    query: 'How did Apple describe supply chain risk?',
    mode: 'research',
    stream: true,
    include: { answer: true, analysis: true },
  };

  it('sends the contract frames byte for byte, in order, with the SSE headers', async () => {
    const { res, done } = await openStream(ask);
    expect(res.statusCode).toBe(200);
    for (const [k, v] of Object.entries(SSE_HEADERS)) expect(res.headers[k]).toBe(v);
    const id = res.headers['x-request-id'] as string;
    const body = withoutPings(await done);

    const v = validateRequest(ask);
    if (!v.ok) throw v.error;
    const final = { ...buildResponse(v.value, 'sandp_500'), request_id: id };
    const expected =
      `event: retrieval.started\ndata: {"request_id":"${id}","mode":"research","effort":"medium"}\n\n` +
      `event: retrieval.completed\ndata: {"request_id":"${id}","evidence_count":${final.summary.evidence_count}}\n\n` +
      (final.answer.text.match(/.{1,8}/g) as string[]).map((d) => sseFrame('answer.delta', { delta: d })).join('') +
      `event: analysis.delta\ndata: ${JSON.stringify({ delta: final.analysis.text })}\n\n` +
      `event: final\ndata: ${JSON.stringify(final)}\n\n`;
    expect(body).toBe(expected);
  });

  it('final equals the non-streaming response except request_id', async () => {
    const { done } = await openStream(ask);
    const frames = withoutPings(await done)
      .split('\n\n')
      .filter(Boolean);
    const final = JSON.parse(frames.at(-1)!.split('\n')[1]!.slice('data: '.length));
    const plain = await postQuery(s.url, { ...ask, stream: false });
    expect(plain.status).toBe(200);
    expect(final.request_id).not.toBe(plain.json.request_id);
    expect({ ...final, request_id: 'x' }).toEqual({ ...plain.json, request_id: 'x' });
  });

  it('a failure after the stream opened is an error event with an ErrorResponse (no internals)', async () => {
    const { res, done } = await openStream({ query: 'boom [fail-after-open]', stream: true });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    const frames = withoutPings(await done)
      .split('\n\n')
      .filter(Boolean);
    expect(frames.map((f) => f.split('\n')[0])).toEqual(['event: retrieval.started', 'event: error']);
    const error = JSON.parse(frames[1]!.split('\n')[1]!.slice(6));
    expect(error).toEqual({ status_code: 500, message: `Internal server error (request ${id})`, detail: { code: 'INTERNAL_ERROR' } });
  });

  it('without stream the same failure is a plain 500 that leaks nothing', async () => {
    const r = await postQuery(s.url, { query: 'boom [fail-after-open]' });
    expectErrorShape(r, 500, 'INTERNAL_ERROR');
    expect(r.text).not.toMatch(/secret|fixture|at \w+ \(/);
  });

  it('validation errors and service errors before any event are plain HTTP errors, not SSE', async () => {
    const bad = await postQuery(s.url, { query: '', stream: true });
    expectErrorShape(bad, 422, 'QUERY_EMPTY');
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    const busy = await postQuery(s.url, { query: 'x [service-error]', stream: true });
    expectErrorShape(busy, 503, 'SERVICE_UNAVAILABLE');
    expect(busy.headers['retry-after']).toBe('7');
  });

  it('sends ": ping" comment heartbeats on a quiet stream', async () => {
    const { req, text } = await openStream({ query: 'wait [sleep:300]', stream: true });
    await new Promise((r) => setTimeout(r, 200));
    req.destroy();
    expect(text()).toContain(': ping\n\n');
  });

  it('at shutdown, a stream still running past the deadline ends with an error event (503)', async () => {
    const own = await startServer({ backend: await fixtureBackend() });
    const payload = JSON.stringify({ query: 'long [slow]', stream: true });
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${own.url}/v2/sandp_500/query`,
        { method: 'POST', agent: false, headers: { 'x-api-key': KEY, 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => {
            if (!text) void own.close({ timeoutMs: 100 });
            text += d;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    const frames = body.split('\n\n').filter(Boolean);
    expect(frames[0]).toMatch(/^event: retrieval\.started/);
    expect(frames.at(-1)).toBe(
      sseFrame('error', { status_code: 503, message: 'The server is shutting down', detail: { code: 'SERVICE_UNAVAILABLE' } }).trimEnd(),
    );
  });

  it('a client that disconnects aborts the backend work (its AbortSignal fires)', async () => {
    const channel = new BroadcastChannel('filings-test-backend');
    const query = `disconnect ${Math.random()} [slow]`;
    const aborted = new Promise<void>((resolve) => {
      channel.onmessage = (m: MessageEvent) => {
        if ((m.data as { aborted?: string }).aborted === query) resolve();
      };
    });
    const { req, text } = await openStream({ query, stream: true });
    for (let i = 0; i < 100 && !text().includes('answer.delta'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(text()).toContain('event: retrieval.started');
    req.destroy();
    await expect(Promise.race([aborted.then(() => 'aborted'), new Promise((r) => setTimeout(() => r('timeout'), 3000))])).resolves.toBe(
      'aborted',
    );
    channel.close();
    for (let i = 0; i < 50 && s.inflight() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(s.inflight()).toBe(0);
  });
});
