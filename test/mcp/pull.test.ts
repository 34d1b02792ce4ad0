// pull_filings through `filings mcp`, driven by the SDK's client, against the stand-in EDGAR serving
// recorded EDGAR bytes: refused without a User-Agent, bad arguments named, a dry run, filings pulled
// with progress into a fresh index that query_filings then answers from (on the same server, whose
// engine was opened before the pull), and a cancelled pull.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFixtures, needsFixtures } from '../edgar/fixtures.js';
import { STAND_IN_UA, standInEnv, startStandIn, type StandIn } from '../edgar/stand-in.js';
import { cleanEnv, connect, ensureBuilt, textOf, type Connected } from './helpers.js';

const _UA = STAND_IN_UA;

describe.skipIf(!hasFixtures())(needsFixtures('pull_filings'), () => {
  let edgar: StandIn;
  let env: NodeJS.ProcessEnv;
  let mcp: Connected;

  beforeAll(async () => {
    ensureBuilt();
    edgar = await startStandIn();
    env = cleanEnv(standInEnv(edgar, 'filings-mcp-pull-'));
    mcp = await connect(env);
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await edgar?.close();
  });

  const call = (args: Record<string, unknown>, name = 'pull_filings') =>
    mcp.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 }) as Promise<CallToolResult>;
  const archives = () => edgar.log.filter((l) => l.path.startsWith('/Archives')).length;

  it('is offered over the local index, with its arguments described', async () => {
    const tool = (await mcp.client.listTools()).tools.find((t) => t.name === 'pull_filings')!;
    expect(tool.description).toMatch(/User-Agent/);
    expect(Object.keys(tool.inputSchema.properties!)).toEqual(['tickers', 'forms', 'years', 'since', 'dry_run', 'response_format']);
    expect(tool.inputSchema.required).toEqual(['tickers']);
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
  });

  it('names every bad argument, where it is, and fetches nothing', async () => {
    const before = edgar.log.length;
    const r = await call({ tickers: [], forms: ['10-X'], years: 'FY24', since: '2024-13-45' });
    expect(r.isError).toBe(true);
    const body = r.structuredContent as { status_code: number; detail: { errors: { loc: string[] }[] } };
    expect(body.status_code).toBe(422);
    expect(body.detail.errors.map((e) => e.loc.slice(1, 2).join('.')).sort()).toEqual(['forms', 'since', 'tickers', 'years']);
    expect(textOf(r)).toMatch(/- years: .*fiscal year \(2024\) or a range/);
    expect(edgar.log.length).toBe(before);
  });

  it('is refused without a User-Agent, saying how to set one', async () => {
    const bare = await connect({ ...env, FILINGS_SEC_USER_AGENT: undefined } as NodeJS.ProcessEnv);
    try {
      const before = edgar.log.length;
      const r = (await bare.client.callTool({ name: 'pull_filings', arguments: { tickers: ['AAPL'] } })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^PULL_REFUSED: refusing to pull: no User-Agent/);
      expect(textOf(r)).toContain('FILINGS_SEC_USER_AGENT');
      expect(edgar.log.length).toBe(before);
    } finally {
      await bare.close();
    }
  });

  it('lists what a dry run would fetch, fetching no document', async () => {
    const before = archives();
    const r = await call({ tickers: ['AAPL'], forms: ['10-Q'], years: '2025', dry_run: true, response_format: 'json' });
    expect(r.isError, textOf(r)).toBeFalsy();
    const out = r.structuredContent as { planned: { accession: string }[]; added: unknown[] };
    expect(out.planned.map((p) => p.accession)).toEqual(['0000320193-25-000008', '0000320193-25-000057', '0000320193-25-000073']);
    expect(out.added).toEqual([]);
    expect(archives()).toBe(before);
  });

  it('pulls filings with progress, and query_filings answers from them on the same server', async () => {
    const first = await call({ tickers: ['NVDA'], forms: ['10-K'], years: '2023' });
    expect(textOf(first)).toMatch(/^Pulled 1 filing\(s\) \(0 from the cache\) into .*index\.sqlite; 0 already indexed; 0 failed\./);
    expect(textOf(first)).toContain('NVDA | 10-K | FY-2023 |');
    // The engine opens over the index holding NVIDIA alone...
    const nvda = await call({ query: "What was NVIDIA's total revenue in fiscal 2023?" }, 'query_filings');
    expect(textOf(nvda)).toContain('26,974');

    const progress: { progress: number; total?: number; message?: string }[] = [];
    const second = (await mcp.client.callTool(
      { name: 'pull_filings', arguments: { tickers: ['aapl'], forms: ['10-K'], years: '2024' } },
      undefined,
      {
        timeout: 60_000,
        onprogress: (p) => progress.push(p),
      },
    )) as CallToolResult;
    expect(textOf(second)).toContain('AAPL | 10-K | FY-2024 | 2024-11-01 | 0000320193-24-000123');
    expect(progress.at(-1)).toMatchObject({ progress: 1, total: 1, message: expect.stringMatching(/^fetched 1 of 1 filings/) });

    // ...and sees Apple's filing after the second pull.
    const aapl = await call({ query: "What were Apple's total net sales in fiscal 2024?", response_format: 'json' }, 'query_filings');
    expect((aapl.structuredContent as { evidence: string }).evidence).toContain('391,035');
    const listed = await call({ response_format: 'json' }, 'list_filings');
    expect((listed.structuredContent as { filings: { sec_ticker: string }[] }).filings.map((f) => f.sec_ticker)).toEqual(['AAPL', 'NVDA']);

    const again = await call({ tickers: ['AAPL'], forms: ['10-K'], years: '2024' });
    expect(textOf(again)).toMatch(/^Pulled 0 filing\(s\) .*; 1 already indexed; 0 failed/);
  });

  it('stops a cancelled pull and goes on serving', { timeout: 30_000 }, async () => {
    edgar.options.documentDelayMs = 2_000;
    try {
      const before = edgar.log.length;
      const controller = new AbortController();
      const pending = mcp.client.callTool(
        { name: 'pull_filings', arguments: { tickers: ['AAPL'], forms: ['10-Q'], years: '2025' } },
        undefined,
        { signal: controller.signal },
      );
      // Cancelled while the first document is on its way (each takes 2 s to come).
      await new Promise((r) => setTimeout(r, 700));
      controller.abort();
      await expect(pending).rejects.toThrow();
      // Of the three 10-Qs (the first missing on EDGAR, answered at once), the second was on its way
      // when cancelled; were the pull still running, the third would have been asked for by now.
      await new Promise((r) => setTimeout(r, 4_500));
      const asked = edgar.log
        .slice(before)
        .filter((l) => l.path.startsWith('/Archives'))
        .map((l) => l.path);
      expect(asked.some((p) => p.includes('000032019325000057'))).toBe(true);
      expect(asked.some((p) => p.includes('000032019325000073'))).toBe(false);
      const listed = await call({ metadata_filters: { sec_form_type: '10-Q' } }, 'list_filings');
      expect(textOf(listed)).toMatch(/^No filing of the 2 in the index matches/);
    } finally {
      edgar.options.documentDelayMs = 0;
    }
  });
});
