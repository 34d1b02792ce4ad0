// Fuzzing (seeded, bounded): thousands of random and mutated bodies, and malformed HTTP, against a
// live server. None may get a 500 or a stack trace, each answer must be exactly what the contract's
// validation says, and the server must still be healthy afterwards.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRawBody } from '../../src/contract/validate.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { call, ensureBuilt, fixtureBackend, postQuery, startServer } from './helpers.js';

/** mulberry32: small, fast, seeded. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const R = prng(20261122);
const FIELDS = [
  'query',
  'mode',
  'effort',
  'metadata_filters',
  'include',
  'retrieval',
  'stream',
  'filters',
  '__proto__',
  'constructor',
  'x',
];
const STRINGS = [
  '',
  ' ',
  'research',
  'basic',
  'agentic_research',
  'high',
  'AAPL',
  'FY-2024',
  '2024-02-30',
  '\u0000',
  '\ud800',
  '🙂'.repeat(50),
  'a'.repeat(300),
  '<script>',
  '%s%n',
  'x'.repeat(4100),
];

function randomValue(depth: number): unknown {
  switch (R.int(depth > 3 ? 6 : 9)) {
    case 0:
      return R.pick(STRINGS);
    case 1:
      return R.int(2) === 0 ? R.int(1000) - 500 : R.next() * 1e308;
    case 2:
      return R.int(2) === 0;
    case 3:
      return null;
    case 4:
      return R.pick(['eq', 'in', 'gte', 'lte', 'neq', 'and', 'or', 'not', 'field']);
    case 5:
      return `q${R.int(100)}`;
    case 6:
      return Array.from({ length: R.int(6) }, () => randomValue(depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = R.int(5); i > 0; i--)
        o[R.pick([...FIELDS, 'sec_ticker', 'sec_fiscal_year', 'report_filing_date', 'evidence', 'answer', 'max_evidence', 'in', 'eq'])] =
          randomValue(depth + 1);
      return o;
    }
  }
}

function randomRequest(): unknown {
  const o: Record<string, unknown> = { query: R.int(5) === 0 ? randomValue(2) : `revenue ${R.int(1000)}` };
  for (let i = R.int(5); i > 0; i--) o[R.pick(FIELDS)] = randomValue(1);
  if (R.int(3) === 0) o.stream = true;
  return o;
}

function mutate(text: string): string {
  const b = [...text];
  for (let i = 1 + R.int(4); i > 0; i--) {
    const at = R.int(b.length + 1);
    switch (R.int(4)) {
      case 0:
        b.splice(at, 1);
        break;
      case 1:
        b.splice(at, 0, String.fromCharCode(R.int(0x3000)));
        break;
      case 2:
        b.splice(at, 0, R.pick(['{', '}', '[', ']', '"', ',', ':', '\\', 'null', '1e999', '-', '\n']));
        break;
      default:
        b.length = Math.min(b.length, at);
    }
  }
  return b.join('');
}

function randomBody(): string | Buffer {
  switch (R.int(6)) {
    case 0:
      return Buffer.from(Array.from({ length: R.int(600) }, () => R.int(256)));
    case 1:
      return mutate(JSON.stringify(randomRequest()));
    case 2:
      return JSON.stringify(randomValue(0));
    case 3:
      return '['.repeat(R.int(20_000)) + ']'.repeat(R.int(20_000));
    case 4:
      return R.int(2) === 0
        ? `{"query":"q","metadata_filters":${'{"a":'.repeat(R.int(3000))}1${'}'.repeat(R.int(3000))}}`
        : ((n) => `{"query":"q","include":${'['.repeat(n)}${']'.repeat(n)}}`)(R.int(32_000));
    default:
      return JSON.stringify(randomRequest());
  }
}

/** What the server answers: the contract's validation, or a 422 for nesting too deep for it. */
let s: RunningServer;
beforeAll(async () => {
  ensureBuilt();
  s = await startServer({ backend: await fixtureBackend() });
});
afterAll(() => s.close());

describe('fuzz', () => {
  it('3,000 random and mutated bodies: never a 500, always what validateRawBody says', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const bodies = Array.from({ length: 3000 }, randomBody);
    const statuses = new Map<number, number>();
    let deep = 0;
    let next = 0;
    const lane = async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const r = await postQuery(s.url, body, { agent });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        const local = validateRawBody(body);
        if (r.status >= 500 || r.status !== (local.ok ? 200 : local.error.status)) {
          throw new Error(`body ${JSON.stringify(String(body).slice(0, 200))} -> ${r.status} ${r.text.slice(0, 200)}`);
        }
        if (!local.ok) expect(r.json).toEqual(local.error.body);
        if (r.json?.message?.includes('nested more than')) deep++;
        expect(r.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    agent.destroy();
    expect(statuses.get(200)).toBeGreaterThan(100);
    expect(statuses.get(422)).toBeGreaterThan(100);
    expect(deep).toBeGreaterThan(0);
    expect((await call(s.url, '/healthz', { key: null })).status).toBe(200);
  });

  it('malformed HTTP and hostile paths, methods and headers: no crash, no 500', async () => {
    const port = Number(new URL(s.url).port);
    const garbage = [
      'GARBAGE\r\n\r\n',
      'POST /v2/sandp_500/query HTTP/1.1\r\nContent-Length: -1\r\n\r\n',
      'POST /v2/sandp_500/query HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /v2/sandp_500/query HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n',
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\n\r\n`,
      `GET /healthz HTTP/1.1\r\nX: ${'b'.repeat(100_000)}\r\n\r\n`,
      'GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
      '\u0000\u0001\u0002\r\n\r\n',
    ];
    for (let i = 0; i < 150; i++)
      garbage.push(`${Array.from({ length: R.int(300) }, () => String.fromCharCode(R.int(128))).join('')}\r\n\r\n`);
    for (const g of garbage) {
      const reply = await new Promise<string>((resolve) => {
        const sock = net.connect(port, '127.0.0.1');
        let out = '';
        sock.on('data', (d) => (out += d.toString('latin1')));
        sock.on('error', () => resolve(out));
        sock.on('close', () => resolve(out));
        sock.setTimeout(2000, () => sock.destroy());
        sock.end(g);
      });
      expect(reply).not.toMatch(/^HTTP\/1\.1 5/);
    }
    const paths = [
      '/v2/sandp_500/query/../metadata-filters',
      '/v2/%2e%2e/query',
      '/v2/sandp_500%00/query',
      '//v2//sandp_500//query',
      `/v2/sandp_500/query?${'a=b&'.repeat(5000)}`,
      '/healthz?api_key',
    ];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'OPTIONS', 'TRACE', 'PATCH']) {
        const r = await call(s.url, p, { method, body: method === 'GET' ? undefined : '{"query":"q"}' });
        expect(r.status, `${method} ${p.slice(0, 80)}`).toBeLessThan(500);
        if (r.status >= 400) expect(r.json?.status_code, `${method} ${p.slice(0, 80)}: ${r.status} ${r.text.slice(0, 100)}`).toBe(r.status);
      }
    }
    const weird = await postQuery(s.url, '{"query":"q"}', { headers: { 'x-api-key': undefined, 'X-Api-Key': '\u00e9t\u00e9' } }).catch(
      () => undefined,
    );
    expect(weird?.status ?? 401).toBe(401);
    expect((await call(s.url, '/healthz', { key: null })).status).toBe(200);
  });
});
