// `filings query --verified-only` against a stand-in model server (loopback): the sentences whose
// figures the engine marked [unverified] are left out of the answer in every output mode, streamed or
// not, with a notice; the request sent is the same with or without the option.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendEvent, ResearchResponse } from '../../src/contract/types.js';
import { keepVerified, verifiedOnly } from '../../src/cli/render/verified-only.js';
import type { Presenter } from '../../src/cli/render/presenter.js';
import { ensureBuilt, localEnv, runCli } from './helpers.js';

const Q = 'What is the FY2018 capital expenditure amount (in USD millions) for 3M?';
// One right figure, one from the FY2017 column said to be FY2018's, one invented.
const REPLY =
  "3M's capital expenditure was $1,577 million in FY2018 [A]. It was $1,373 million in FY2018 by another count [A]. Next year it will be $2,222 million [A].";

let server: Server;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ensureBuilt();
  server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < REPLY.length; i += 11)
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: REPLY.slice(i, i + 11) } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  env = localEnv({
    FILINGS_LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    FILINGS_LLM_MODEL: 'stand-in',
    FILINGS_LLM_API_KEY: 'k-test',
  });
}, 120_000);
afterAll(() => server.close());

describe('filings query --verified-only', () => {
  it('without it, the answer carries the marks and the notice lists the figures', async () => {
    const r = await runCli(['query', '--json', '--answer', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as ResearchResponse;
    expect(body.answer!.text).toBe(
      "3M's capital expenditure was $1,577 million in FY2018 [A]. It was $1,373 million [unverified] in FY2018 by another count [A]. Next year it will be $2,222 million [unverified] [A].",
    );
    expect(body.notices!.find((n) => n.code === 'ANSWER_FIGURES_UNVERIFIED')!.message).toMatch(/^2 of the 3 figures/);
  });

  it('--json: leaves out the marked sentences and says so', async () => {
    const r = await runCli(['query', '--json', '--answer', '--verified-only', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as ResearchResponse;
    expect(body.answer!.text).toBe("3M's capital expenditure was $1,577 million in FY2018 [A].");
    expect(body.notices!.find((n) => n.code === 'VERIFIED_ONLY_LEFT_OUT')!.message).toMatch(/left out 2 sentences/);
  });

  it('--jsonl: the streamed deltas and the final response both leave them out', async () => {
    const r = await runCli(['query', '--jsonl', '--answer', '--verified-only', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as BackendEvent);
    const streamed = events
      .filter((e) => e.event === 'answer.delta')
      .map((e) => (e.data as { delta: string }).delta)
      .join('');
    expect(streamed.trim()).toBe("3M's capital expenditure was $1,577 million in FY2018 [A].");
    expect((events.at(-1)!.data as ResearchResponse).answer!.text).toBe(streamed.trim());
  });

  it('text: the answer shows only the verified sentence', async () => {
    const r = await runCli(['query', '--answer', '--verified-only', '--no-summary', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Answer\n3M's capital expenditure was \$1,577 million in FY2018 \[A\]\.\n\n/);
    expect(r.stdout).not.toContain('[unverified]');
  });

  it('is not part of the request', async () => {
    const plain = await runCli(['query', '--dry-run', '--answer', Q], { env });
    const verified = await runCli(['query', '--dry-run', '--answer', '--verified-only', Q], { env });
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toBe(plain.stdout);
  });
});

describe('the --verified-only presenter', () => {
  it('passes each sentence on once it has ended, and drops the marked ones however the deltas are cut', () => {
    const seen: string[] = [];
    let final: ResearchResponse | undefined;
    const inner: Presenter = {
      onEvent: (e) => e.event === 'answer.delta' && seen.push(e.data.delta),
      finish: (r) => (final = r),
      fail: () => {},
    };
    const p = verifiedOnly(inner);
    const text = 'Kept $1 million [A]. Dropped $2 million [unverified] [A]. Kept again.';
    for (const piece of text.match(/.{1,4}/gs)!) p.onEvent({ event: 'answer.delta', data: { delta: piece } });
    expect(seen.join('')).toBe('Kept $1 million [A]. ');
    p.finish({ request_id: 'r', answer: { text } });
    expect(seen.join('')).toBe('Kept $1 million [A]. Kept again.');
    expect(final!.answer!.text).toBe('Kept $1 million [A]. Kept again.');
    expect(final!.notices).toEqual([
      {
        code: 'VERIFIED_ONLY_LEFT_OUT',
        message: '--verified-only left out 1 sentence of the answer whose figures do not check against the evidence',
      },
    ]);
  });

  it('leaves a response with nothing marked as it is', () => {
    const r: ResearchResponse = { request_id: 'r', answer: { text: 'All $5 million [A].' } };
    expect(keepVerified(r)).toBe(r);
  });
});
