// Long tool calls of `filings mcp`, made long by a model endpoint (FILINGS_LLM_*) that answers slowly or
// never: progress notifications step by step; a cancelled call aborts the work in flight (seen where
// it lands: the model endpoint's connection closes) and the server goes on serving; closing stdin or
// SIGTERM ends the process (exit 0).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, connect, ensureBuilt, localEnv, textOf, until, type Connected } from './helpers.js';

/** An OpenAI-compatible endpoint: model "slow" streams its answer in three deltas 150 ms apart, any
 * other model never answers. Counts requests and their closing. */
const model = { received: 0, closed: 0 };
const llm = http.createServer(async (req, res) => {
  model.received++;
  res.on('close', () => model.closed++);
  let body = '';
  for await (const chunk of req) body += chunk;
  if (JSON.parse(body).model !== 'slow') return;
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const delta of ['Capital expenditure ', 'was $1,577 million ', 'in 2018 [A].']) {
    await new Promise((r) => setTimeout(r, 150));
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: delta } }] })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
});
let llmEnv: NodeJS.ProcessEnv;
let port: number;

beforeAll(async () => {
  ensureBuilt();
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  port = (llm.address() as AddressInfo).port;
  llmEnv = modelEnv('hang');
}, 60_000);
afterAll(async () => {
  llm.closeAllConnections();
  await new Promise((r) => llm.close(r));
});

const modelEnv = (name: string) =>
  localEnv({ FILINGS_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, FILINGS_LLM_MODEL: name, FILINGS_LLM_API_KEY: 'llm-key' });

const ANSWERED = { name: 'query_filings', arguments: { query: "What was 3M's capital expenditure in FY2018?", include: { answer: true } } };

describe('progress', () => {
  it('reports each step of a long call in order, out of the steps the request takes', async () => {
    const mcp = await connect(modelEnv('slow'));
    try {
      const progress: { progress: number; total?: number; message?: string }[] = [];
      const result = await mcp.client.callTool(ANSWERED, undefined, { onprogress: (p) => progress.push(p) });
      expect(textOf(result)).toMatch(/^## Answer\nCapital expenditure was \$1,577 million in 2018 \[A\]\.\n/);
      expect(progress).toEqual([
        { progress: 1, total: 3, message: 'retrieving evidence (research, effort medium)' },
        { progress: 2, total: 3, message: expect.stringMatching(/^\d+ evidence chains retrieved$/) },
        { progress: 3, total: 3, message: 'writing the answer' },
      ]);
    } finally {
      await mcp.close();
    }
  });
});

describe('cancellation', () => {
  let mcp: Connected;
  beforeAll(async () => (mcp = await connect(llmEnv)));
  afterAll(async () => mcp?.close());

  it('a cancelled call aborts its work in flight, and the server goes on serving', async () => {
    const before = { ...model };
    const controller = new AbortController();
    const progress: string[] = [];
    const call = mcp.client.callTool(ANSWERED, undefined, { signal: controller.signal, onprogress: (p) => progress.push(p.message ?? '') });
    await until(() => model.received > before.received, 15_000, 'the model request');
    await until(() => progress.some((m) => m.endsWith('evidence chains retrieved')), 5_000, 'the retrieval progress');
    expect(model.closed).toBe(before.closed); // the server is waiting on the model
    controller.abort('the user changed their mind');
    await expect(call).rejects.toThrow();
    await until(() => model.closed > before.closed, 5_000, 'the model request to be aborted');

    const after = await mcp.client.callTool({ name: 'query_filings', arguments: { query: 'Coca-Cola dividends', max_evidence: 2 } });
    expect(textOf(after)).toContain('<source_registry>');
  });
});

/** `filings mcp` as a bare process, initialized by hand; resolves its exit code. */
function startBare(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('close', (code, signal) => r({ code, signal })),
  );
  const send = (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  });
  const initialized = until(() => stdout.includes('"id":1'), 10_000, 'initialize').then(() =>
    send({ method: 'notifications/initialized' }),
  );
  return { child, exited, send, stdout: () => stdout, initialized };
}

describe('shutdown', () => {
  it('ends with exit 0 when the client closes stdin', async () => {
    const s = startBare(localEnv());
    await s.initialized;
    s.child.stdin.end();
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it('on SIGTERM exits 0 at once, aborting a call in flight (a pending model request would hold it 60 s)', async () => {
    const s = startBare(llmEnv);
    await s.initialized;
    const before = { ...model };
    s.send({ id: 2, method: 'tools/call', params: ANSWERED });
    await until(() => model.received > before.received, 15_000, 'the model request');
    const t0 = Date.now();
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
