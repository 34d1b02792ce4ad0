// Issue 44.4: `filings mcp` while a call keeps the engine busy. The engine's work is synchronous (SQLite)
// and lets the event loop in only between its steps (src/engine/pace.ts): a grid question over 15
// companies, five measures and ten years is seconds of such steps. Meanwhile `tools/list` is answered,
// a cancelled call stops (the next call is answered at once), and SIGTERM or the end of input ends the
// server (exit 0) within a fraction of a second. Without the steps, each waited for the call to end.
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, connect, ensureBuilt, localEnv, textOf, until } from './helpers.js';

/** Within this of the request, the signal or the end of input: the steps are tens of milliseconds, the
 * call's work left seconds. */
const PROMPTLY_MS = 2_000;
/** Once its first progress notification arrived, the call is this far into its work. */
const UNDER_WAY_MS = 300;

const SLOW = {
  name: 'query_filings',
  arguments: {
    query:
      'Revenue, net income, operating income, total assets and free cash flow of Apple, Microsoft, Amazon, Coca-Cola, PepsiCo, ' +
      'Walmart, Costco, Nike, Boeing, 3M, Disney, Pfizer, JPMorgan, Verizon and Intel each year from 2015 to 2024',
    include: { answer: true },
  },
};
const QUICK = { name: 'query_filings', arguments: { query: 'Coca-Cola dividends', max_evidence: 2 } };

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => ensureBuilt(), 120_000);

describe('while a long call runs', () => {
  it('tools/list is answered before the call ends, at once', async () => {
    const mcp = await connect(localEnv());
    try {
      let started = false;
      let ended = 0;
      const call = mcp.client.callTool(SLOW, undefined, { onprogress: () => (started = true), timeout: 120_000 }).then((r) => {
        ended = Date.now();
        return r;
      });
      await until(() => started, 30_000, 'the call to start');
      await delay(UNDER_WAY_MS);
      const asked = Date.now();
      const { tools } = await mcp.client.listTools();
      const answered = Date.now();
      expect(tools.map((t) => t.name)).toContain('query_filings');
      expect(ended).toBe(0);
      expect(answered - asked).toBeLessThan(PROMPTLY_MS);
      expect(textOf(await call)).toMatch(/^## Answer\n/);
    } finally {
      await mcp.close();
    }
  }, 150_000);

  it('a cancelled call stops: the next call is answered at once', async () => {
    const mcp = await connect(localEnv());
    try {
      let started = false;
      const controller = new AbortController();
      const call = mcp.client.callTool(SLOW, undefined, {
        onprogress: () => (started = true),
        signal: controller.signal,
        timeout: 120_000,
      });
      await until(() => started, 30_000, 'the call to start');
      await delay(UNDER_WAY_MS);
      const cancelled = Date.now();
      controller.abort('the user changed their mind');
      await expect(call).rejects.toThrow();
      const next = await mcp.client.callTool(QUICK);
      expect(textOf(next)).toContain('<source_registry>');
      expect(Date.now() - cancelled).toBeLessThan(PROMPTLY_MS);
    } finally {
      await mcp.close();
    }
  }, 150_000);
});

/** `filings mcp` as a bare process with a long call under way; resolves its exit and when it came. */
async function busyServer() {
  const child = spawn(process.execPath, [BIN, 'mcp'], { env: localEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) =>
    child.on('close', (code, signal) => r({ code, signal, at: Date.now() })),
  );
  const send = (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  });
  await until(() => stdout.includes('"id":1'), 30_000, 'initialize');
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/call', params: { ...SLOW, _meta: { progressToken: 'p' } } });
  await until(() => stdout.includes('notifications/progress'), 30_000, 'the call to start');
  await delay(UNDER_WAY_MS);
  return { child, exited, answered: () => stdout.includes('"id":2') };
}

describe('shutdown while a long call runs', () => {
  it('SIGTERM: exit 0 at once, the call not answered', async () => {
    const s = await busyServer();
    const sent = Date.now();
    s.child.kill('SIGTERM');
    const e = await s.exited;
    expect({ code: e.code, signal: e.signal }).toEqual({ code: 0, signal: null });
    expect(e.at - sent).toBeLessThan(PROMPTLY_MS);
    expect(s.answered()).toBe(false);
  }, 150_000);

  it('the end of input (the client closes stdin): exit 0 at once, the call not answered', async () => {
    const s = await busyServer();
    const sent = Date.now();
    s.child.stdin.end();
    const e = await s.exited;
    expect({ code: e.code, signal: e.signal }).toEqual({ code: 0, signal: null });
    expect(e.at - sent).toBeLessThan(PROMPTLY_MS);
    expect(s.answered()).toBe(false);
  }, 150_000);
});
