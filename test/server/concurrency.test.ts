// Issue 12 point 10 and 16.3 over real HTTP, the real engine and worker threads, with the default
// limits: 32 research queries at once from one key are all answered (the burst holds 32), 64 at once
// are each answered or refused with 429 and Retry-After, and /healthz answers while they run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as HttpServerModule from '../../src/server/http-server.js';
import { ROOT, call, ensureBuilt, postQuery, type Reply } from './helpers.js';

const INDEX = process.env.FILINGS_TEST_INDEX;
const QUESTIONS = [
  'What are the main supply chain risks?',
  'How did revenue change year over year?',
  "Describe the company's exposure to interest rate risk",
  'capital expenditures and liquidity outlook',
];

let s: HttpServerModule.RunningServer;
beforeAll(async () => {
  if (!INDEX || !existsSync(INDEX)) throw new Error('the test global setup built no sample index (FILINGS_TEST_INDEX)');
  ensureBuilt();
  const { createServer } = (await import(join(ROOT, 'dist/server/http-server.js'))) as typeof HttpServerModule;
  s = await createServer({ host: '127.0.0.1', port: 0, keys: ['k32', 'k64'], indexPath: INDEX, workers: 2 });
});
afterAll(() => s?.close());

/** Sends `n` queries at once and probes /healthz once while they run. */
async function burst(key: string, n: number): Promise<{ replies: Reply[]; healthBeforeLast: boolean }> {
  let last = 0;
  const all = Promise.all(
    Array.from({ length: n }, (_, i) =>
      postQuery(s.url, { query: QUESTIONS[i % QUESTIONS.length], mode: 'research' }, { key }).then((r) => {
        last = Date.now();
        return r;
      }),
    ),
  );
  const h = await call(s.url, '/healthz', { key: null });
  const healthAt = Date.now();
  const replies = await all;
  expect(h.status).toBe(200);
  return { replies, healthBeforeLast: healthAt < last };
}

describe('concurrent research queries from one key, default limits', () => {
  it('32 at once: every one answered; /healthz answers while they run', async () => {
    const { replies, healthBeforeLast } = await burst('k32', 32);
    expect(replies.map((r) => r.status)).toEqual(Array(32).fill(200));
    expect(healthBeforeLast).toBe(true);
  });

  it('64 at once: each answered or refused with 429 and Retry-After, most answered', async () => {
    const { replies } = await burst('k64', 64);
    const ok = replies.filter((r) => r.status === 200).length;
    const refused = replies.filter((r) => r.status === 429);
    expect(ok + refused.length).toBe(64);
    expect(ok).toBeGreaterThanOrEqual(32);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
