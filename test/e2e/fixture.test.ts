// The built CLI against scripted HTTP servers on 127.0.0.1, for what a well-behaved server does not
// do on demand: 413 and 422 bodies, 429 with Retry-After then success, a stream dropped or failed
// mid-way, a server that never answers, and Ctrl-C while the stream is open.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { frame, json, RESPONSE, sseHeaders, startFixture, type Fixture, type Handler } from '../client/fixture-server.js';
import { ensureBuilt, remoteEnv, runCli, startCli, tempDir, until } from './helpers.js';

let fixture: Fixture | undefined;
const serve = async (handler: Handler) => (fixture = await startFixture(handler));

beforeAll(() => ensureBuilt(), 120_000);
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const STARTED = frame('retrieval.started', { request_id: 'req_fx', mode: 'research', effort: 'medium' });
const COMPLETED = frame('retrieval.completed', { request_id: 'req_fx', evidence_count: 1 });

describe('HTTP errors with the contract body', () => {
  it('413: exit 2, the server message on stderr, the body under --json', async () => {
    const body = { status_code: 413, message: 'Request body too large', detail: { code: 'REQUEST_TOO_LARGE' } };
    const f = await serve((_req, res) => json(res, 413, body));
    const r = await runCli(['query', '--json', 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual(body);
    expect(r.stderr).toContain('Request body too large');
    expect(r.stderr).toMatch(/HTTP 413\b/);
    expect(r.stderr.match(/HTTP 413/g)).toHaveLength(1); // said once, not twice
  });

  it('422: exit 2 with every validation issue listed', async () => {
    const body = {
      status_code: 422,
      message: 'Validation failed',
      detail: {
        code: 'FILTER_VALUE_UNKNOWN',
        errors: [
          { code: 'FILTER_VALUE_UNKNOWN', loc: ['body', 'metadata_filters', 'sec_ticker'], message: 'unknown ticker "ZZZZ"' },
          { code: 'FILTER_VALUE_UNKNOWN', loc: ['body', 'metadata_filters', 'sec_fiscal_year'], message: 'no filings for FY-1990' },
        ],
      },
    };
    const f = await serve((_req, res) => json(res, 422, body));
    const r = await runCli(['query', '-f', 'ticker=ZZZZ', '-f', 'year=1990', 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/body\.metadata_filters\.sec_ticker: unknown ticker "ZZZZ" \[FILTER_VALUE_UNKNOWN\]/);
    expect(r.stderr).toMatch(/no filings for FY-1990/);
  });
});

describe('retries and transport failures', () => {
  it('429 with Retry-After: 1, then 200: waits, retries, succeeds', async () => {
    const f = await serve((_req, res, _body, n) =>
      n === 1 ? json(res, 429, { status_code: 429, message: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, RESPONSE),
    );
    const started = Date.now();
    const r = await runCli(['query', '--json', 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(RESPONSE);
    expect(f.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('--json prints the response exactly as received, unknown fields kept', async () => {
    const f = await serve((_req, res) => json(res, 200, RESPONSE));
    const r = await runCli(['query', '--json', 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.stdout).toBe(`${JSON.stringify(RESPONSE)}\n`);
  });

  it('a connection dropped mid-stream: exit 7, and the output file is not written', async () => {
    const f = await serve((_req, res) => {
      sseHeaders(res);
      res.write(STARTED + COMPLETED + frame('answer.delta', { delta: 'Half an ans' }));
      setTimeout(() => res.socket?.destroy(), 100);
    });
    const dir = tempDir();
    const r = await runCli(['query', '--stream', '--answer', '-o', join(dir, 'out.txt'), 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/stream/i);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an error event after the stream opened: exit 7, the ErrorResponse under --jsonl', async () => {
    const error = { status_code: 500, message: 'retrieval failed', detail: { code: 'INTERNAL' } };
    const f = await serve((_req, res) => {
      sseHeaders(res);
      res.end(STARTED + frame('error', error));
    });
    const r = await runCli(['query', '--jsonl', 'q'], { env: remoteEnv(f.baseUrl) });
    expect(r.code).toBe(7);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ event: 'retrieval.started' });
    expect(lines).toContainEqual(error);
  });

  it('--timeout 1 against a server that never answers: exit 6 within seconds', async () => {
    const f = await serve(() => {
      /* never answers */
    });
    const started = Date.now();
    const r = await runCli(['--timeout', '1', 'query', '--json', 'q'], { env: remoteEnv(f.baseUrl), timeoutMs: 20_000 });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/time/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('Ctrl-C', () => {
  it('SIGINT while the stream is open: exit 130, nothing written to --output', async () => {
    const f = await serve((_req, res) => {
      sseHeaders(res);
      // A whole word: the text view writes a word once it is complete (it wraps by words).
      res.write(STARTED + COMPLETED + frame('answer.delta', { delta: 'Streaming ' }));
      /* and then nothing: the user gives up */
    });
    const dir = tempDir();
    const out = join(dir, 'answer.txt');
    const run = startCli(['query', '--stream', '--answer', '-o', out, 'q'], remoteEnv(f.baseUrl));
    await until(() => f.requests.length === 1, 10_000, 'the request');
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/cancel|interrupt/i);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('SIGINT while streaming to stdout: exit 130, the part already shown stays, ended by a newline', async () => {
    const f = await serve((_req, res) => {
      sseHeaders(res);
      // A whole word: the text view writes a word once it is complete (it wraps by words).
      res.write(STARTED + COMPLETED + frame('answer.delta', { delta: 'Streaming ' }));
    });
    const run = startCli(['query', '--stream', '--answer', 'q'], remoteEnv(f.baseUrl));
    await until(() => run.stdout().includes('Streaming'), 10_000, 'the first delta');
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('Answer\nStreaming\n');
  });
});
