// Routes and their errors: 404 route and domain, 405 with Allow, 415, request ids, OpenAPI, health,
// and GET /metadata-filters with its query parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFilterFields } from '../../src/contract/metadata-filters.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { REQUEST_ID_PATTERN } from '../../src/request-id.js';
import { call, ensureBuilt, expectErrorShape, fixtureBackend, memoryLogger, postQuery, startServer } from './helpers.js';

let s: RunningServer;
const log = memoryLogger();
beforeAll(async () => {
  ensureBuilt();
  s = await startServer({ backend: await fixtureBackend(), logger: log });
});
afterAll(() => s.close());

describe('routing', () => {
  it('unknown route: 404 NOT_FOUND', async () => {
    for (const p of ['/', '/v2', '/v2/sandp_500', '/v2/sandp_500/query/extra', '/v3/sandp_500/query', '/healthz/x', '/%%%']) {
      expectErrorShape(await call(s.url, p), 404, 'NOT_FOUND');
    }
  });

  it('unknown domain: 404 DOMAIN_UNKNOWN (for both operations)', async () => {
    expectErrorShape(await call(s.url, '/v2/nasdaq_100/query', { body: '{"query":"q"}' }), 404, 'DOMAIN_UNKNOWN');
    expectErrorShape(await call(s.url, '/v2/nasdaq_100/metadata-filters'), 404, 'DOMAIN_UNKNOWN');
  });

  it('wrong method: 405 with Allow', async () => {
    const r = await call(s.url, '/v2/sandp_500/query');
    expectErrorShape(r, 405, 'METHOD_NOT_ALLOWED');
    expect(r.headers.allow).toBe('POST');
    const d = await call(s.url, '/v2/sandp_500/metadata-filters', { method: 'DELETE' });
    expect(d.status).toBe(405);
    expect(d.headers.allow).toBe('GET, HEAD');
    expect((await call(s.url, '/healthz', { method: 'POST', body: '{}' })).headers.allow).toBe('GET, HEAD');
  });

  it('Content-Type: JSON types and none are accepted; others are a 415', async () => {
    const body = '{"query":"supply chain"}';
    for (const ct of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json', undefined]) {
      expect((await postQuery(s.url, body, { headers: { 'content-type': ct } })).status).toBe(200);
    }
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectErrorShape(await postQuery(s.url, body, { headers: { 'content-type': ct } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expectErrorShape(await postQuery(s.url, body, { headers: { 'content-encoding': 'gzip' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('every response carries X-Request-Id, which is the response request_id', async () => {
    const r = await postQuery(s.url, { query: 'revenue' });
    expect(r.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    expect(r.json.request_id).toBe(r.headers['x-request-id']);
    const e = await call(s.url, '/nope');
    expect(e.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    expect(
      log.entries.some((x) => x.request_id === r.headers['x-request-id'] && x.status === 200 && x.bytes === Buffer.byteLength(r.text)),
    ).toBe(true);
  });

  it('GET /v2/openapi.json: the contract document with this server first', async () => {
    const r = await call(s.url, '/v2/openapi.json', { key: null });
    expect(r.json.openapi).toBe('3.1.0');
    expect(r.json.info.version).toBe('7.12.8');
    expect(r.json.servers[0].url).toBe(`${s.url}/v2/sandp_500`);
  });

  it('GET /healthz: status, workers and inflight, quickly and without a key', async () => {
    const r = await call(s.url, '/healthz', { key: null });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'ok', inflight: 0 });
    expect(r.json.index).toBeTypeOf('object');
    expect(r.json.workers).toBeTypeOf('number');
    expect((await call(s.url, '/healthz', { method: 'HEAD', key: null })).text).toBe('');
  });
});

describe('GET /metadata-filters', () => {
  it('answers the fields and limits; values only with include_values=true', async () => {
    const r = await call(s.url, '/v2/sandp_500/metadata-filters');
    expect(r.status).toBe(200);
    expect(r.json).toEqual(describeFilterFields('sandp_500'));
    const v = await call(s.url, '/v2/sandp_500/metadata-filters?include_values=true');
    expect(v.json.fields.find((f: { name: string }) => f.name === 'sec_ticker').values).toHaveLength(2);
    const n = await call(s.url, '/v2/sandp_500/metadata-filters?include_values=false');
    expect(n.json.fields.every((f: { values?: unknown }) => f.values === undefined)).toBe(true);
  });

  it('field=NAME restricts to one field; an unknown field or a bad boolean is a 422', async () => {
    const one = await call(s.url, '/v2/sandp_500/metadata-filters?field=sec_ticker');
    expect(one.json.fields.map((f: { name: string }) => f.name)).toEqual(['sec_ticker']);
    expectErrorShape(await call(s.url, '/v2/sandp_500/metadata-filters?field=colour'), 422, 'FILTER_FIELD_UNKNOWN');
    const bad = await call(s.url, '/v2/sandp_500/metadata-filters?include_values=maybe');
    expectErrorShape(bad, 422, 'bool_type');
    expect(bad.json.detail.errors[0].loc).toEqual(['query', 'include_values']);
  });
});
