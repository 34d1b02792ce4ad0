// The model's settings (llm_base_url, llm_model, llm_api_key) are rows of the key table: `config list`
// shows them with where each came from (the key masked), and they reach the engine as settings, never
// read by it from the environment: `filings query --answer` from a profile, `filings serve`'s worker
// engines from the environment. The model is a stand-in chat-completions endpoint on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchResponse } from '../../src/contract/types.js';
import { ensureBuilt, localEnv, startServe } from '../e2e/helpers.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { postQuery } from '../server/helpers.js';

const Q = 'What is the FY2018 capital expenditure amount (in USD millions) for 3M?';
const REPLY = "3M's capital expenditure was $1,577 million in FY2018 [A].";
const KEY = 'k-model-secret-9876';

let server: Server;
let url: string;
/** The Authorization header of each request the stand-in got. */
const seen: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: REPLY } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 120_000);
afterAll(() => server.close());

describe("the model's settings", () => {
  it("config list shows them with their source, the key masked; query --answer uses the profile's model", async () => {
    const env = localEnv();
    for (const [k, v] of [
      ['llm_base_url', url],
      ['llm_model', 'stand-in'],
      ['llm_api_key', KEY],
    ])
      expect((await runInProcess(['config', 'set', k!, v!], { env })).code).toBe(0);
    const list = await runInProcess(['config', 'list', '--json'], { env });
    const s = JSON.parse(list.stdout).settings;
    expect(s.llm_base_url).toEqual({ value: url, source: 'profile', from: 'default' });
    expect(s.llm_model).toEqual({ value: 'stand-in', source: 'profile', from: 'default' });
    expect(s.llm_api_key).toEqual({ value: '****9876', source: 'profile', from: 'default' });
    expect(list.stdout + list.stderr).not.toContain(KEY);

    seen.length = 0;
    const r = await runInProcess(['query', '--json', '--answer', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as ResearchResponse).answer!.text).toBe(REPLY);
    expect(seen).toEqual([`Bearer ${KEY}`]);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('without all three the answer is extractive', async () => {
    const r = await runInProcess(['query', '--json', '--answer', Q], {
      env: localEnv({ FILINGS_LLM_BASE_URL: url, FILINGS_LLM_MODEL: 'stand-in' }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as ResearchResponse).answer!.text).toMatch(/^MMM capital expenditures for fiscal 2018: \$1,577 million/);
  });

  it('a bad endpoint is named with where it came from', async () => {
    const r = await runInProcess(['query', '--dry-run', Q], { env: localEnv({ FILINGS_LLM_BASE_URL: 'http://me:pw@127.0.0.1:9/v1' }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^filings: FILINGS_LLM_BASE_URL must not carry credentials/);
    expect(r.stderr).not.toContain('pw@');
  });

  it("filings serve's workers answer with the model of its settings", async () => {
    seen.length = 0;
    const served = await startServe({
      keys: [],
      env: { FILINGS_LLM_BASE_URL: url, FILINGS_LLM_MODEL: 'stand-in', FILINGS_LLM_API_KEY: KEY },
    });
    try {
      const reply = await postQuery(served.baseUrl.replace(/\/v2\/.*$/, ''), { query: Q, mode: 'research', include: { answer: true } });
      expect(reply.status, reply.text).toBe(200);
      expect((reply.json as ResearchResponse).answer!.text).toBe(REPLY);
      expect(seen).toEqual([`Bearer ${KEY}`]);
      expect(served.log()).not.toContain(KEY);
    } finally {
      await served.stop();
    }
  });
});
