// `filings mcp` takes its request defaults (mode, effort, evidence format) from the settings, the
// same ones `filings query` applies: a profile's, or the key table's mode when nothing sets one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResearchResponse } from '../../src/contract/types.js';
import { connect, ensureBuilt, localEnv } from './helpers.js';
import { runInProcess } from '../helpers/run-in-process.js';

const Q = "What was 3M's capital expenditure in FY2018?";

/** The sample index's environment, its profile holding `profile`. */
function envWith(profile: Record<string, string>): NodeJS.ProcessEnv {
  const env = localEnv();
  mkdirSync(join(env.XDG_CONFIG_HOME!, 'filings'), { recursive: true });
  writeFileSync(join(env.XDG_CONFIG_HOME!, 'filings', 'config.json'), JSON.stringify({ profiles: { default: profile } }));
  return env;
}

/** What query_filings answers (as JSON), and the default its schema gives mode. */
async function viaMcp(env: NodeJS.ProcessEnv): Promise<{ response: ResearchResponse; modeDefault: unknown }> {
  const mcp = await connect(env);
  try {
    const { tools } = await mcp.client.listTools();
    const schema = tools.find((t) => t.name === 'query_filings')!.inputSchema as { properties: { mode: { default?: unknown } } };
    const result = await mcp.client.callTool({ name: 'query_filings', arguments: { query: Q, max_evidence: 1, response_format: 'json' } });
    return { response: result.structuredContent as unknown as ResearchResponse, modeDefault: schema.properties.mode.default };
  } finally {
    await mcp.close();
  }
}

beforeAll(() => ensureBuilt(), 120_000);

describe('request defaults: the settings, for the CLI and MCP alike', () => {
  it("a profile's mode, effort and format", async () => {
    const env = envWith({ mode: 'agentic_research', effort: 'low', format: 'xml' });
    const dry = JSON.parse((await runInProcess(['query', '--dry-run', '--json', Q], { env })).stdout);
    expect(dry).toMatchObject({ mode: 'agentic_research', effort: 'low', include: { evidence_format: 'xml' } });
    const { response, modeDefault } = await viaMcp(env);
    expect(modeDefault).toBe('agentic_research');
    expect(response.summary).toMatchObject({ mode: 'agentic_research', effort: 'low' });
    expect(response.evidence).toMatch(/^<source_registry>/);
  });

  it("a profile's max_evidence: the CLI's request and MCP's query_filings ask it alike", async () => {
    const env = envWith({ max_evidence: '2' });
    const dry = JSON.parse((await runInProcess(['query', '--dry-run', '--json', Q], { env })).stdout);
    expect(dry).toMatchObject({ retrieval: { max_evidence: 2 } });
    // (-n wins over it.)
    expect(JSON.parse((await runInProcess(['query', '--dry-run', '--json', '-n', '5', Q], { env })).stdout).retrieval).toEqual({
      max_evidence: 5,
    });
    const mcp = await connect(env);
    try {
      const result = await mcp.client.callTool({ name: 'query_filings', arguments: { query: Q, response_format: 'json' } });
      expect((result.structuredContent as unknown as ResearchResponse).summary!.evidence_count).toBe(2);
    } finally {
      await mcp.close();
    }
  });

  it('none set: mode research, effort and format left to the service', async () => {
    const env = envWith({});
    const dry = JSON.parse((await runInProcess(['query', '--dry-run', '--json', Q], { env })).stdout);
    expect(dry).toEqual({ query: Q, mode: 'research' });
    const { response, modeDefault } = await viaMcp(env);
    expect(modeDefault).toBe('research');
    expect(response.summary).toMatchObject({ mode: 'research', effort: 'medium' });
  });
});
