// Issue 34.4: raw lines on the stdin of `filings mcp`, as a client with a bug (or a person typing)
// sends them. Every line that is not a valid JSON-RPC 2.0 message gets its answer (-32700 parse
// error or -32600 invalid request with id null when no id can be read, -32600 / -32602 with the
// request's id otherwise), one line on stderr says why, and the server goes on serving.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, localEnv } from './helpers.js';

interface Reply {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

let proc: ChildProcessWithoutNullStreams;
let stderr = '';
/** Every line the server wrote to stdout, parsed, in order. */
const replies: unknown[] = [];
let waiting: (() => void) | undefined;

beforeAll(async () => {
  ensureBuilt();
  proc = spawn(process.execPath, [BIN, 'mcp'], { env: localEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
      replies.push(JSON.parse(out.slice(0, i)));
      out = out.slice(i + 1);
    }
    waiting?.();
  });
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const init = await send(
    '{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}',
  );
  expect((init as Reply).result).toBeDefined();
  proc.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
}, 60_000);

afterAll(async () => {
  if (!proc || proc.exitCode !== null) return;
  proc.stdin.end();
  await new Promise((r) => proc.once('exit', r));
});

/** Writes one line and resolves with the next thing the server writes (an error when nothing comes
 * within 5 s: a client would wait forever). */
async function send(line: string): Promise<unknown> {
  const seen = replies.length;
  proc.stdin.write(`${line}\n`);
  const end = Date.now() + 5000;
  while (replies.length === seen) {
    if (Date.now() > end) throw new Error(`no reply to ${line}`);
    await new Promise<void>((r) => {
      waiting = r;
      setTimeout(r, 50);
    });
  }
  return replies[seen];
}

const errorOf = async (line: string) => (await send(line)) as Reply;

describe('filings mcp answers every malformed line (JSON-RPC 2.0)', () => {
  it('params that are not an object: -32602 with the request id', async () => {
    for (const params of ['"query"', 'null', '[1,2]', '42']) {
      const r = await errorOf(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":${params}}`);
      expect(r).toMatchObject({ jsonrpc: '2.0', id: 6, error: { code: -32602 } });
      expect(r.error!.message).toMatch(/params of tools\/call must be an object/);
    }
  });

  it('tools/call without a name, or a name of another type: -32602 saying which, never -32603', async () => {
    const r = await errorOf('{"jsonrpc":"2.0","id":"a-7","method":"tools/call","params":{}}');
    expect(r).toMatchObject({ id: 'a-7', error: { code: -32602 } });
    expect(r.error!.message).toMatch(/^Invalid params of tools\/call: name: /);
    const typed = await errorOf('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5}}');
    expect(typed).toMatchObject({ id: 8, error: { code: -32602 } });
    const prompt = await errorOf('{"jsonrpc":"2.0","id":9,"method":"prompts/get","params":{"arguments":{}}}');
    expect(prompt).toMatchObject({ id: 9, error: { code: -32602 } });
  });

  it('an id that is an object, an array, null or a fraction: -32600 with id null', async () => {
    for (const id of ['{"a":1}', '[1]', 'null', '1.5', 'true']) {
      const r = await errorOf(`{"jsonrpc":"2.0","id":${id},"method":"tools/list"}`);
      expect(r).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: "id" must be a string or an integer' },
      });
    }
  });

  it('a line that is not JSON, or JSON that is no message: -32700 / -32600 with id null', async () => {
    const parse = await errorOf('{"jsonrpc":"2.0","id":1,"method":"tools/list"');
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(parse.error!.message).toMatch(/^Parse error: /);
    expect(await errorOf('not json at all')).toMatchObject({ id: null, error: { code: -32700 } });
    for (const line of ['"a string"', '42', '{"jsonrpc":"2.0","method":1,"params":"bar"}', '{"foo":"bar"}']) {
      expect(await errorOf(line)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    }
    // The request's id when it can be read.
    expect(await errorOf('{"jsonrpc":"1.0","id":12,"method":"tools/list"}')).toMatchObject({ id: 12, error: { code: -32600 } });
  });

  it('a batch: an array of refusals, one per request in it; an empty batch: one -32600', async () => {
    const r = await send(
      '[{"jsonrpc":"2.0","id":20,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":21,"method":"ping"}]',
    );
    expect(Array.isArray(r)).toBe(true);
    expect((r as Reply[]).map((x) => [x.id, x.error?.code])).toEqual([
      [20, -32600],
      [21, -32600],
    ]);
    expect(await errorOf('[]')).toMatchObject({ id: null, error: { code: -32600, message: 'Invalid Request: an empty batch' } });
  });

  it('an unknown method is -32601 from the SDK, and the server goes on answering', async () => {
    expect(await errorOf('{"jsonrpc":"2.0","id":30,"method":"no/such"}')).toMatchObject({ id: 30, error: { code: -32601 } });
    const tools = (await send('{"jsonrpc":"2.0","id":31,"method":"tools/list"}')) as Reply;
    expect(tools.id).toBe(31);
    expect((tools.result as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('query_filings');
  });

  it('a notification that is malformed is not answered; stderr has one line a refusal, no dump', async () => {
    const before = replies.length;
    proc.stdin.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"x":1}}}\n');
    const r = (await send('{"jsonrpc":"2.0","id":40,"method":"ping"}')) as Reply;
    expect(r).toEqual({ jsonrpc: '2.0', id: 40, result: {} });
    expect(replies.length).toBe(before + 1);
    const lines = stderr.trim().split('\n');
    expect(lines.every((l) => l.startsWith('filings mcp: '))).toBe(true);
    expect(lines.filter((l) => l.includes('refused a message')).length).toBeGreaterThanOrEqual(15);
    expect(stderr).not.toMatch(/ZodError|^\s+at /m);
    expect(proc.exitCode).toBeNull();
  });
});
