// `filings mcp` serves whichever backend the CLI would use: with a base URL, the service (here
// `filings serve` over the sample index, through the remote client: key in X-API-Key, progress from
// its Server-Sent Events); with --local, the embedded engine again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, remoteEnv, startServe, type Served } from '../e2e/helpers.js';
import { connect, ensureBuilt, textOf, until, type Connected } from './helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';

let served: Served;
let mcp: Connected;

beforeAll(async () => {
  ensureBuilt();
  served = await startServe();
  mcp = await connect(remoteEnv(served.baseUrl));
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await served?.stop();
});

describe('filings mcp over a configured service', () => {
  it('offers no list_filings (the local index is not what it queries) and says what it serves', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['query_filings', 'list_metadata_filters']);
    expect(mcp.client.getInstructions()).toContain(`the service ${served.baseUrl}`);
    expect(mcp.stderr()).not.toContain(KEY);
  });

  it('queries the service, with progress from its event stream', async () => {
    const progress: number[] = [];
    const result = await mcp.client.callTool(
      { name: 'query_filings', arguments: { query: "What was 3M's capital expenditure in FY2018?", max_evidence: 3 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    const text = textOf(result);
    expect(text).toMatch(/<source id="A" ticker="MMM" [^>]*fiscal_year="FY-2018"/);
    // Progress comes from the service's events (stream: true); the last step may arrive with the result,
    // and the SDK's client drops what comes with the result.
    expect(progress[0]).toBe(1);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1]!)).toBe(true);
    // The request reached the service, authenticated (its access log line comes once the stream ends).
    const requestId = /^- request_id: (req_\w+)$/m.exec(text)![1]!;
    await until(() => served.log().includes(requestId), 5_000, 'the access log line');
    expect(served.log()).toMatch(new RegExp(`"request_id":"${requestId}".*"status":200.*"key_id":"[0-9a-f]{8}"`));
  });

  it("lists the service's filter values", async () => {
    const result = await mcp.client.callTool({
      name: 'list_metadata_filters',
      arguments: { field: 'sec_ticker', include_values: true, response_format: 'json' },
    });
    expect((result.structuredContent as { fields: { values: unknown[] }[] }).fields[0]!.values.length).toBeGreaterThan(10);
  });
});

describe('--local', () => {
  it('forces the embedded engine even with a base URL configured', async () => {
    const local = await connect(remoteEnv('http://127.0.0.1:9/v2/sandp_500', KEY, { FILINGS_INDEX: sampleIndexPath() }), [
      'mcp',
      '--local',
    ]);
    try {
      expect((await local.client.listTools()).tools.map((t) => t.name)).toContain('list_filings');
      const text = textOf(
        await local.client.callTool({ name: 'query_filings', arguments: { query: 'Coca-Cola dividends', max_evidence: 2 } }),
      );
      expect(text).toContain('<source_registry>');
    } finally {
      await local.close();
    }
  });
});
