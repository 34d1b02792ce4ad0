// POST /query and GET /metadata-filters without streaming: what goes on the wire, what comes back.
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/contract/errors.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { DOMAIN_PATH, RESPONSE, json, startFixture, type Fixture } from './fixture-server.js';

const KEY = 'sk-test-0123456789abcdef';
let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function backend(baseUrl: string, apiKey: string | null = KEY) {
  return createRemoteBackend({ baseUrl, apiKey: apiKey ?? undefined, userAgent: 'filings-test/1', env: {}, retries: { max: 0 } });
}

describe('POST /query (JSON)', () => {
  it('sends exactly the request, the key only in X-API-Key, and keeps unknown response fields', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    const b = backend(`${fx.baseUrl}/`); // a trailing slash is tolerated
    const request = { query: 'What are Apple’s supply-chain risks?', mode: 'research', metadata_filters: { sec_ticker: 'AAPL' } };
    const out = await b.query(request);
    await b.close();

    expect(out).toEqual(RESPONSE);
    expect(fx.requests).toHaveLength(1);
    const r = fx.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe(`${DOMAIN_PATH}/query`);
    expect(r.url).not.toContain(KEY);
    expect(r.body).toBe(JSON.stringify(request));
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers.accept).toBe('application/json');
    expect(r.headers['x-api-key']).toBe(KEY);
    expect(r.headers['user-agent']).toBe('filings-test/1');
    expect(r.headers.authorization).toBeUndefined();
    const carrying = Object.entries(r.headers)
      .filter(([, v]) => String(v).includes(KEY))
      .map(([k]) => k);
    expect(carrying).toEqual(['x-api-key']);
  });

  it('asks for text/event-stream when stream is true', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    const b = backend(fx.baseUrl);
    await b.query({ query: 'revenue', stream: true });
    await b.close();
    expect(fx.requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it('sends without a key when none is configured (the service answers 401)', async () => {
    fx = await startFixture((_req, res) =>
      json(res, 401, { status_code: 401, message: 'Missing API key', detail: { code: 'UNAUTHORIZED' } }),
    );
    const b = backend(fx.baseUrl, null);
    const err = await b.query({ query: 'revenue' }).catch((e: unknown) => e);
    await b.close();
    expect(fx.requests[0]!.headers['x-api-key']).toBeUndefined();
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).status).toBe(401);
    expect((err as ServiceError).message).toMatch(/No API key was sent/);
  });

  it('validates locally: 422 and 413 without any request', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    const b = backend(fx.baseUrl);
    const e422 = await b.query({ query: 'x', filters: { sec_ticker: 'AAPL' } }).catch((e: unknown) => e);
    const e413 = await b.query({ query: 'x'.repeat(70_000) }).catch((e: unknown) => e);
    const basic = await b.query({ query: 'x', metadata_filters: { sec_ticker: 'AAPL' } }).catch((e: unknown) => e);
    await b.close();
    expect(e422).toBeInstanceOf(ServiceError);
    expect((e422 as ServiceError).status).toBe(422);
    expect((e422 as ServiceError).code).toBe('extra_forbidden');
    expect((e413 as ServiceError).status).toBe(413);
    expect((basic as ServiceError).code).toBe('FILTER_MODE_UNSUPPORTED');
    expect(fx.requests).toHaveLength(0);
  });

  it('a 200 whose body is not a JSON object is a ServiceError RESPONSE_INVALID with the status kept', async () => {
    fx = await startFixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><title>Wi-Fi login</title></html>');
    });
    const b = backend(fx.baseUrl);
    const err = (await b.query({ query: 'x' }).catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.status).toBe(200);
    expect(err.code).toBe('RESPONSE_INVALID');
    expect(err.message).toBe(
      `The service at ${fx.baseUrl} answered HTTP 200 with a body that is not a JSON object (text/html): an HTML page "Wi-Fi login"; is the base URL right?`,
    );
  });

  it('rejects calls after close()', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    const b = backend(fx.baseUrl);
    await b.close();
    await b.close();
    await expect(b.query({ query: 'x' })).rejects.toThrow(/closed/);
  });
});

describe('GET /metadata-filters', () => {
  it('sends include_values and field in the query string, no body, and keeps unknown fields', async () => {
    const answer = {
      domain: 'sandp_500',
      fields: [{ name: 'sec_ticker', values: [{ value: 'AAPL' }], x_new: 1 }],
      limits: {},
      extra: 'kept',
    };
    fx = await startFixture((_req, res) => json(res, 200, answer));
    const b = backend(fx.baseUrl);
    const out = await b.listMetadataFilters({ includeValues: true, field: 'sec_gics_sub_industry' });
    const plain = await b.listMetadataFilters();
    await b.close();
    expect(out).toEqual(answer);
    expect(plain).toEqual(answer);
    const [r1, r2] = fx.requests;
    expect(r1!.method).toBe('GET');
    expect(r1!.url).toBe(`${DOMAIN_PATH}/metadata-filters?include_values=true&field=sec_gics_sub_industry`);
    expect(r1!.headers['x-api-key']).toBe(KEY);
    expect(r1!.headers.accept).toBe('application/json');
    expect(r1!.headers['content-type']).toBeUndefined();
    expect(r1!.body).toBe('');
    expect(r2!.url).toBe(`${DOMAIN_PATH}/metadata-filters`);
  });
});
