// Bad input over real sockets: the 65,536-byte limit (declared and chunked, where the server must stop
// reading), bodies that are not JSON or not objects, and validation identical to the CLI's.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRawBody } from '../../src/contract/validate.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { KEY, delay, ensureBuilt, expectErrorShape, fixtureBackend, postQuery, startServer } from './helpers.js';

let s: RunningServer;
beforeAll(async () => {
  ensureBuilt();
  s = await startServer({ backend: await fixtureBackend() });
});
afterAll(() => s.close());

interface RawExchange {
  response: string;
  /** Body bytes the client had written when the response arrived. */
  sentAtResponse: number;
  /** Total body bytes written before the server closed the connection. */
  sentTotal: number;
  closedByServer: boolean;
}

/** Sends headers, then (after `firstMs`) body pieces of `piece` bytes every `everyMs` until `total` or
 * the server closes; records when the answer came and how much had been sent. */
function rawPost(headers: string, opts: { piece: number; total: number; everyMs: number; firstMs?: number }): Promise<RawExchange> {
  const port = Number(new URL(s.url).port);
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let response = '';
    let sent = 0;
    let sentAtResponse = -1;
    let closedByServer = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      sock.destroy();
      resolve({ response, sentAtResponse, sentTotal: sent, closedByServer });
    };
    sock.on('data', (d) => {
      if (sentAtResponse < 0) sentAtResponse = sent;
      response += d.toString('latin1');
    });
    sock.on('end', () => {
      closedByServer = true;
      setTimeout(finish, 50);
    });
    sock.on('error', () => {
      closedByServer = true;
      finish();
    });
    sock.on('close', () => {
      closedByServer = true;
      finish();
    });
    sock.write(headers);
    const pump = async () => {
      if (opts.firstMs) await delay(opts.firstMs);
      const chunked = /transfer-encoding: chunked/i.test(headers);
      while (!finished && sent < opts.total && !sock.destroyed) {
        const data = Buffer.alloc(opts.piece, 0x20);
        sock.write(chunked ? Buffer.concat([Buffer.from(`${opts.piece.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data);
        sent += opts.piece;
        await delay(opts.everyMs);
      }
      if (!finished) setTimeout(finish, 2000);
    };
    void pump();
  });
}

const head = (extra: string) =>
  `POST /v2/sandp_500/query HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\n${extra}\r\n`;

describe('request body limit (65,536 bytes)', () => {
  it('413 REQUEST_TOO_LARGE by Content-Length, before any body byte is sent', async () => {
    // (The body waits three seconds: the answer must come from the header alone, however busy the machine.)
    const r = await rawPost(head('Content-Length: 70000\r\n'), { piece: 1024, total: 70_000, everyMs: 30, firstMs: 3000 });
    expect(r.response).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.response).toMatch(/"code":"REQUEST_TOO_LARGE"/);
    expect(r.response.toLowerCase()).toContain('connection: close');
    expect(r.sentAtResponse).toBe(0);
    expect(r.closedByServer).toBe(true);
  });

  it('413 for a chunked body sent in pieces: the server stops reading at the limit and closes', async () => {
    const r = await rawPost(head('Transfer-Encoding: chunked\r\n'), { piece: 4096, total: 64 * 1024 * 1024, everyMs: 2 });
    expect(r.response).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.response).toMatch(/"code":"REQUEST_TOO_LARGE"/);
    // Answered as soon as the limit was passed (allowing for socket buffering)...
    expect(r.sentAtResponse).toBeGreaterThan(65_536);
    expect(r.sentAtResponse).toBeLessThan(65_536 + 512 * 1024);
    // ...and the connection was closed long before the 64 MiB the client meant to send.
    expect(r.closedByServer).toBe(true);
    expect(r.sentTotal).toBeLessThan(16 * 1024 * 1024);
    const health = await fetch(`${s.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('exactly 65,536 bytes is accepted; 65,537 is a 413', async () => {
    const base = '{"query":"limit"}';
    const at = `${base.slice(0, -1) + ' '.repeat(65_536 - base.length)}}`;
    expect(Buffer.byteLength(at)).toBe(65_536);
    expect((await postQuery(s.url, at)).status).toBe(200);
    const over = await postQuery(s.url, `${at.slice(0, -1)} }`);
    expectErrorShape(over, 413, 'REQUEST_TOO_LARGE');
  });
});

describe('bodies that are not a valid request', () => {
  const cases: [string, number, string][] = [
    ['', 422, 'json_invalid'],
    ['{', 422, 'json_invalid'],
    ['query=revenue', 422, 'json_invalid'],
    ['\u00ff\u00fe', 422, 'json_invalid'],
    ['[1,2]', 422, 'model_type'],
    ['"a string"', 422, 'model_type'],
    ['null', 422, 'model_type'],
    ['42', 422, 'model_type'],
    ['{}', 422, 'missing'],
    ['{"query":"   "}', 422, 'QUERY_EMPTY'],
    [JSON.stringify({ query: 'x'.repeat(4001) }), 422, 'QUERY_TOO_LONG'],
    ['{"query":"q","filters":{}}', 422, 'extra_forbidden'],
    ['{"query":"q","mode":"turbo"}', 422, 'enum'],
    ['{"query":7}', 422, 'string_type'],
    ['{"query":"q","stream":"yes"}', 422, 'bool_type'],
    ['{"query":"q","retrieval":{"max_evidence":0}}', 422, 'greater_than_equal'],
    ['{"query":"q","metadata_filters":{"sec_ticker":"AAPL"}}', 422, 'FILTER_MODE_UNSUPPORTED'],
    ['{"query":"q","mode":"research","metadata_filters":{"and":[]}}', 422, 'FILTER_EXPRESSION_UNSUPPORTED'],
    ['{"query":"q","mode":"research","metadata_filters":{"colour":"red"}}', 422, 'FILTER_FIELD_UNKNOWN'],
    ['{"query":"q","mode":"research","metadata_filters":{"report_filing_date":{"in":["2024-01-01"]}}}', 422, 'FILTER_OPERATOR_UNSUPPORTED'],
    ['{"query":"q","mode":"research","metadata_filters":{"sec_ticker":5}}', 422, 'FILTER_VALUE_TYPE_INVALID'],
  ];
  it('a body nested too deeply (under the size limit) is a 422, not a 500', async () => {
    const r = await postQuery(s.url, `{"query":"q","include":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
    expectErrorShape(r, 422, 'json_invalid');
    expect(r.json.detail.errors[0].message).toBe('the body is nested more than 64 levels deep');
  });

  it('4,000 unknown filter fields: a 422 listing 20 of them and counting the rest, not a 1 MB body', async () => {
    const fields = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`f${i}`, 'x']));
    const body = JSON.stringify({ query: 'q', mode: 'research', metadata_filters: fields });
    expect(body.length).toBeLessThan(65_536);
    const r = await postQuery(s.url, body);
    expectErrorShape(r, 422, 'FILTER_FIELD_UNKNOWN');
    expect(r.json.detail.errors).toHaveLength(20);
    // One per field, and one for more than 50 conditions.
    expect(r.json.message).toMatch(/^Invalid request: 4001 problems/);
    expect(r.json.detail.errors_not_listed).toBe(3981);
    expect(r.text.length).toBeLessThan(8_000);
  });

  it('a rejected value is quoted at most 100 characters long', async () => {
    const r = await postQuery(s.url, { query: 'q', mode: 'm'.repeat(50_000) });
    expectErrorShape(r, 422, 'enum');
    expect(r.text.length).toBeLessThan(1_000);
  });

  it('1e309 is reported as a number out of range, not as null', async () => {
    const r = await postQuery(s.url, '{"query":"q","retrieval":{"max_evidence":1e309}}');
    expectErrorShape(r, 422, 'int_type');
    expect(r.json.detail.errors[0].message).toMatch(/got a number out of range/);
    expect(r.json.detail.errors[0].message).not.toMatch(/null/);
  });

  it('a query of lone surrogates is empty', async () => {
    for (const q of ['"\\ud800"', '"\\udfff \\ud800 "']) expectErrorShape(await postQuery(s.url, `{"query":${q}}`), 422, 'QUERY_EMPTY');
  });

  it.each(cases)('%j -> %i %s, the body exactly what validateRawBody gives the CLI', async (body, status, code) => {
    const r = await postQuery(s.url, body);
    expectErrorShape(r, status, code);
    const local = validateRawBody(body);
    expect(local.ok).toBe(false);
    if (!local.ok) expect(r.json).toEqual(local.error.body);
  });
});
