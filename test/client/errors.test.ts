// HTTP error responses of every shape the client meets -> ServiceError: status kept, the body's code
// (else HTTP_<status>), one clear line of message, never the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError, validationError } from '../../src/contract/errors.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { startFixture, type Fixture } from './fixture-server.js';

const KEY = 'sk-secret-key-42';

interface Case {
  name: string;
  status: number;
  type?: string;
  body: string;
  code: string;
  message: RegExp;
  headers?: Record<string, string>;
}

const contract422 = {
  status_code: 422,
  message: 'Invalid metadata filter',
  detail: {
    code: 'FILTER_OPERATOR_UNSUPPORTED',
    errors: [
      { code: 'FILTER_OPERATOR_UNSUPPORTED', loc: ['body', 'metadata_filters', 'sec_ticker'], message: 'sec_ticker does not allow gte' },
      { code: 'FILTER_VALUE_UNKNOWN', loc: ['body', 'metadata_filters', 'sec_gics_sector'], message: 'unknown sector' },
    ],
  },
  trace_id: 'kept-as-received',
};

// What this project's own server sends for a filter error (built by the contract's code)
const ours = validationError([
  {
    code: 'FILTER_OPERATOR_UNSUPPORTED',
    loc: ['body', 'metadata_filters', 'sec_ticker'],
    message: 'sec_ticker does not allow the operator gte',
  },
]).body;

const CASES: Case[] = [
  {
    name: 'contract 422 with errors',
    status: 422,
    body: JSON.stringify(contract422),
    code: 'FILTER_OPERATOR_UNSUPPORTED',
    message:
      /^Invalid request \(HTTP 422, FILTER_OPERATOR_UNSUPPORTED\): Invalid metadata filter; at body\.metadata_filters\.sec_ticker: sec_ticker does not allow gte \(\+1 more\)$/,
  },
  {
    name: "this project's own 422 (no repetition of the issue)",
    status: 422,
    body: JSON.stringify(ours),
    code: 'FILTER_OPERATOR_UNSUPPORTED',
    message:
      /^Invalid request \(HTTP 422, FILTER_OPERATOR_UNSUPPORTED\): sec_ticker does not allow the operator gte \(at body\.metadata_filters\.sec_ticker\)$/,
  },
  {
    name: '401 rejected key (server echoes the key)',
    status: 401,
    body: JSON.stringify({ status_code: 401, message: `Invalid API key ${KEY}`, detail: { code: 'UNAUTHORIZED' } }),
    code: 'UNAUTHORIZED',
    message:
      /^The API key was rejected \(HTTP 401, UNAUTHORIZED\): Invalid API key \[redacted\]\. Set the key with FILINGS_API_KEY, --api-key-file or `filings config set api_key`$/,
  },
  {
    name: '404 unknown domain',
    status: 404,
    body: JSON.stringify({ status_code: 404, message: 'Unknown domain', detail: { code: 'DOMAIN_UNKNOWN' } }),
    code: 'DOMAIN_UNKNOWN',
    message:
      /^Not found \(HTTP 404, DOMAIN_UNKNOWN\): Unknown domain\. Check the base URL http:\/\/127\.0\.0\.1:\d+\/v2\/sandp_500: the domain "sandp_500" may not be served there, or the prefix is wrong \(expected \.\.\.\/v2\/<domain>/,
  },
  {
    name: '404 plain {"detail": "Not Found"} (FastAPI)',
    status: 404,
    body: '{"detail":"Not Found"}',
    code: 'HTTP_404',
    message: /^Not found \(HTTP 404\): Not Found\. Check the base URL .*\/v2\/<domain>/,
  },
  {
    name: '413 contract',
    status: 413,
    body: JSON.stringify({ status_code: 413, message: 'Request body too large', detail: { code: 'REQUEST_TOO_LARGE' } }),
    code: 'REQUEST_TOO_LARGE',
    message: /^Request too large \(HTTP 413, REQUEST_TOO_LARGE\): Request body too large$/,
  },
  {
    name: 'pydantic {"detail": [...]}',
    status: 422,
    body: JSON.stringify({
      detail: [{ type: 'extra_forbidden', loc: ['body', 'filters'], msg: 'Extra inputs are not permitted', input: {} }],
    }),
    code: 'extra_forbidden',
    message: /^Invalid request \(HTTP 422, extra_forbidden\): validation failed; at body\.filters: Extra inputs are not permitted$/,
  },
  {
    name: '500 {"code": ...}',
    status: 500,
    body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'boom' }),
    code: 'INTERNAL_ERROR',
    message: /^Internal server error \(HTTP 500, INTERNAL_ERROR\): boom$/,
  },
  {
    name: '403 {"error": {...}}',
    status: 403,
    body: JSON.stringify({ error: { message: 'Plan does not include agentic_research', type: 'forbidden' } }),
    code: 'forbidden',
    message: /^The request was refused \(HTTP 403, forbidden\): Plan does not include agentic_research$/,
  },
  {
    name: '400 {"error": "text"}',
    status: 400,
    body: JSON.stringify({ error: 'bad request' }),
    code: 'HTTP_400',
    message: /^HTTP 400: bad request$/,
  },
  {
    name: '502 HTML from a proxy',
    status: 502,
    type: 'text/html',
    body: '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    code: 'HTTP_502',
    message: /^HTTP 502 from a proxy: 502 Bad Gateway$/,
  },
  {
    name: '504 empty body',
    status: 504,
    body: '',
    code: 'HTTP_504',
    message: /^HTTP 504: empty body$/,
  },
  {
    name: '500 plain text',
    status: 500,
    type: 'text/plain',
    body: 'Internal Server Error\n  at line 3',
    code: 'HTTP_500',
    message: /^Internal server error \(HTTP 500\): Internal Server Error at line 3$/,
  },
  {
    name: '301 redirect',
    status: 301,
    body: '',
    headers: { location: 'https://elsewhere.example/v2/sandp_500/query?token=abc' },
    code: 'HTTP_301',
    message:
      /^Unexpected redirect \(HTTP 301\): empty body; the service redirects to https:\/\/elsewhere\.example\/v2\/sandp_500\/query: set the base URL/,
  },
];

let fx: Fixture;
beforeAll(async () => {
  // the metadata endpoint routes the case through `field`
  fx = await startFixture((req, res) => {
    const c = CASES[Number(new URL(req.url!, 'http://x').searchParams.get('field'))]!;
    res.writeHead(c.status, { 'content-type': c.type ?? 'application/json', ...c.headers });
    res.end(c.body);
  });
});
afterAll(() => fx.close());

describe('HTTP error responses -> ServiceError', () => {
  CASES.forEach((c, i) => {
    it(c.name, async () => {
      const b = createRemoteBackend({ baseUrl: fx.baseUrl, apiKey: KEY, env: {}, retries: { max: 0 } });
      const err = (await b.listMetadataFilters({ field: String(i) }).catch((e: unknown) => e)) as ServiceError;
      await b.close();
      expect(err).toBeInstanceOf(ServiceError);
      expect(err.status).toBe(c.status);
      expect(err.code).toBe(c.code);
      expect(err.message).toMatch(c.message);
      expect(err.message).not.toContain(KEY);
      expect(err.message).not.toContain('\n');
      expect(err.body.status_code).toBe(c.status);
    });
  });

  it('keeps a contract-shaped body as received, unknown keys included', async () => {
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, apiKey: KEY, env: {}, retries: { max: 0 } });
    const err = (await b.listMetadataFilters({ field: '0' }).catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(err.body).toEqual(contract422);
  });

  it('404 from a base URL without /v2/<domain> says the prefix is probably missing', async () => {
    const b = createRemoteBackend({ baseUrl: fx.origin, apiKey: KEY, env: {}, retries: { max: 0 } });
    const err = (await b
      .listMetadataFilters({ field: String(CASES.findIndex((c) => c.name.startsWith('404 plain'))) })
      .catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(err.message).toBe(
      `Not found (HTTP 404): Not Found. Check the base URL ${fx.origin}: it probably lacks the /v2/<domain> prefix (e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)`,
    );
  });

  it('normalizes a pydantic list into the contract detail shape', async () => {
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, apiKey: KEY, env: {}, retries: { max: 0 } });
    const err = (await b
      .listMetadataFilters({ field: String(CASES.findIndex((c) => c.name.startsWith('pydantic'))) })
      .catch((e: unknown) => e)) as ServiceError;
    await b.close();
    expect(err.body.detail).toEqual({
      code: 'extra_forbidden',
      errors: [{ code: 'extra_forbidden', loc: ['body', 'filters'], message: 'Extra inputs are not permitted' }],
    });
  });
});
