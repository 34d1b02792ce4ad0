// The built CLI against `filings serve` over real HTTP and SSE on 127.0.0.1: every output mode, the
// metadata filters, and the errors the real server gives (401, 404, 422) with their exit codes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESC, ensureBuilt, localEnv, remoteEnv, runCli, startServe, tempDir, type Served } from './helpers.js';

const Q = "What was 3M's capital expenditure in FY2018?";
let served: Served;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ensureBuilt();
  served = await startServe();
  env = remoteEnv(served.baseUrl);
}, 120_000);
afterAll(async () => served?.stop());

describe('filings query against filings serve', () => {
  it('text: evidence laid out for reading, sources and summary, no escape code off a TTY', async () => {
    const r = await runCli(['query', '--answer', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Answer\n/);
    expect(r.stdout).toMatch(/^ 1\. [█░]{10} +\d+ {2}/m);
    expect(r.stdout).toMatch(/confidence 0\.\d\d/);
    expect(r.stdout).toMatch(/^Sources\n/m);
    expect(r.stdout).toMatch(/filters applied +sec_ticker=MMM \(inferred\)/);
    expect(r.stdout).toMatch(/request id +req_\w+/);
    expect(r.stdout + r.stderr).not.toMatch(ESC);
  });

  it('--json: one ResearchResponse, compact off a TTY', async () => {
    const r = await runCli(['query', '--json', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const body = JSON.parse(r.stdout);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['request_id', 'evidence', 'evidence_instructions', 'summary']));
    expect(body.summary).toMatchObject({ domain: 'sandp_500', mode: 'research' });
    expect(body.summary.evidence_count).toBeGreaterThan(0);
  });

  it('--jsonl: the SSE events, one {event, data} per line, in the contract order', async () => {
    const r = await runCli(['query', '--jsonl', '--answer', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; data: Record<string, unknown> });
    const names = events.map((e) => e.event);
    expect(names.slice(0, 2)).toEqual(['retrieval.started', 'retrieval.completed']);
    expect(names.at(-1)).toBe('final');
    expect(names.filter((n) => n === 'answer.delta').length).toBeGreaterThan(0);
    const text = events
      .filter((e) => e.event === 'answer.delta')
      .map((e) => e.data.delta)
      .join('');
    expect((events.at(-1)!.data as { answer: { text: string } }).answer.text).toBe(text);
    expect(r.stdout).not.toMatch(ESC);
  });

  it('--evidence-only: the evidence text alone', async () => {
    const r = await runCli(['query', '--evidence-only', '-n', '2', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<source_registry>\n/);
    expect(r.stdout.match(/<evidence_chain\b/g)).toHaveLength(2);
  });

  it('--output FILE: the file holds the output, stdout nothing, no temporary file left', async () => {
    const dir = tempDir();
    const file = join(dir, 'out.json');
    const r = await runCli(['query', '--json', '-o', file, Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).request_id).toMatch(/^req_/);
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it('--min-evidence: exit 8 when fewer chains come back, 0 otherwise', async () => {
    const low = await runCli(['query', '--json', '--min-evidence', '500', Q], { env });
    expect(low.code).toBe(8);
    expect(low.stderr).toMatch(/--min-evidence asked for at least 500/);
    expect((await runCli(['query', '--json', '--min-evidence', '1', Q], { env })).code).toBe(0);
  });
});

describe('filings filters against filings serve', () => {
  it('--values --json: fields with values and counts', async () => {
    const r = await runCli(['filters', '--values', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const ticker = JSON.parse(r.stdout).fields.find((f: { name: string }) => f.name === 'sec_ticker');
    expect(ticker.values.find((v: { value: string }) => v.value === 'MMM').count).toBeGreaterThan(0);
  });
  it('the table for reading', async () => {
    const r = await runCli(['filters', '--field', 'sec_ticker', '--values'], { env: { ...env, COLUMNS: '80' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sec_ticker +string +eq, neq, in/);
    expect(r.stdout).toMatch(/MMM +\d+/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

describe('errors from filings serve', () => {
  it('401, a key the server does not accept: exit 3, ErrorResponse JSON under --json', async () => {
    const r = await runCli(['query', '--json', Q], { env: remoteEnv(served.baseUrl, 'wrong-key') });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 401 });
    expect(r.stderr).toMatch(/HTTP 401/);
    expect(r.stderr).not.toContain('wrong-key');
  });

  it('404, a base URL with a domain the server does not serve: exit 4', async () => {
    const r = await runCli(['query', Q], { env: remoteEnv(served.baseUrl.replace(/sandp_500$/, 'nasdaq_100')) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/HTTP 404/);
  });

  it('422 from the server for what the CLI does not check itself (an unknown --field): exit 2', async () => {
    const r = await runCli(['filters', '--field', 'sec_colour', '--json'], { env });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 422, detail: { code: 'FILTER_FIELD_UNKNOWN' } });
  });

  it('a request over 65,536 bytes is refused before sending (413 REQUEST_TOO_LARGE): exit 2', async () => {
    const big = JSON.stringify({
      query: 'q',
      mode: 'research',
      metadata_filters: { sec_gics_sub_industry: Array(100).fill('y'.repeat(700)) },
    });
    const r = await runCli(['query', '--json', '--request', big], { env });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 413 });
  });

  it("429 from the server's own rate limit (--rate-limit 1 --rate-burst 2), with Retry-After: the CLI waits and succeeds", async () => {
    const limited = await startServe({ args: ['--rate-limit', '1', '--rate-burst', '2'] });
    try {
      // Four at once against a burst of two: some are refused and must come back later.
      const runs = await Promise.all([1, 2, 3, 4].map(() => runCli(['filters', '--json'], { env: remoteEnv(limited.baseUrl) })));
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect(limited.log()).toMatch(/"status":429/);
    } finally {
      await limited.stop();
    }
  });

  it('no output file is written when the query fails', async () => {
    const dir = tempDir();
    const r = await runCli(['query', '-o', join(dir, 'out.txt'), Q], { env: remoteEnv(served.baseUrl, 'wrong-key') });
    expect(r.code).toBe(3);
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the same text whichever backend answers', () => {
  it('an unknown ticker is refused by the server as by the embedded engine, with the closest ones', async () => {
    const r = await runCli(['query', '--json', '-f', 'ticker=ZZZZ', 'capital expenditure'], { env });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 422, detail: { code: 'FILTER_VALUE_UNKNOWN' } });
    expect(r.stderr).toMatch(/"ZZZZ" is not a ticker of this index \(closest: /);
  });

  it('piped, the answer is wrapped at 80 columns by the remote client and the embedded engine alike', async () => {
    const q = 'Is Boeing business subject to cyclicality?';
    const remote = await runCli(['query', '--answer', '-n', '2', q], { env });
    const local = await runCli(['query', '--answer', '-n', '2', q], { env: localEnv() });
    const answer = (s: string) => /^Answer\n([\s\S]*?)\n\n/.exec(s)![1]!;
    expect(answer(local.stdout)).toBe(answer(remote.stdout));
    expect(answer(local.stdout).split('\n').length).toBeGreaterThan(1);
    for (const l of answer(local.stdout).split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });
});
