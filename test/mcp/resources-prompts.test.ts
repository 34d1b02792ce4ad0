// The filter fields as resources, and the prompt "research a company": its request is valid by the
// contract, canonical, and grounded (running it returns evidence of that company and year).
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/contract/fields.js';
import { validateRequest } from '../../src/contract/validate.js';
import { connect, corpusFiles, ensureBuilt, localEnv, textOf, type Connected } from './helpers.js';

let mcp: Connected;

beforeAll(async () => {
  ensureBuilt();
  mcp = await connect(localEnv());
}, 60_000);
afterAll(async () => mcp?.close());

describe('resources', () => {
  it('lists the filter fields, and each field with its values', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'filings://metadata-filters',
      ...FIELD_NAMES.map((f) => `filings://metadata-filters/${f}`),
    ]);
    const all = await mcp.client.readResource({ uri: 'filings://metadata-filters' });
    const body = JSON.parse((all.contents[0] as { text: string }).text);
    expect(body.fields.map((f: { name: string }) => f.name)).toEqual(FIELD_NAMES);
    expect(body.fields.find((f: { name: string }) => f.name === 'sec_fiscal_year').bounds).toMatchObject({
      min: expect.stringMatching(/^FY-\d{4}$/),
    });
    expect(body.fields.every((f: { values?: unknown }) => f.values === undefined)).toBe(true);
  });

  it('a field resource holds the values of the index with their counts', async () => {
    const r = await mcp.client.readResource({ uri: 'filings://metadata-filters/sec_ticker' });
    expect(r.contents[0]).toMatchObject({ uri: 'filings://metadata-filters/sec_ticker', mimeType: 'application/json' });
    const values = JSON.parse((r.contents[0] as { text: string }).text).fields[0].values as { value: string; count: number }[];
    expect(values).toContainEqual({ value: 'MMM', count: corpusFiles().filter((f) => f.startsWith('66740_')).length });
  });

  it('an unknown resource is the protocol error -32002', async () => {
    await expect(mcp.client.readResource({ uri: 'filings://metadata-filters/sec_tikker' })).rejects.toMatchObject({ code: -32002 });
  });
});

describe('prompt research_company', () => {
  /** The arguments for query_filings in the prompt's ```json block. */
  async function requestOf(args: Record<string, string>): Promise<Record<string, unknown>> {
    const prompt = await mcp.client.getPrompt({ name: 'research_company', arguments: args });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/Cite source ids exactly as they appear, in square brackets/);
    return JSON.parse(/```json\n([\s\S]*?)\n```/.exec(text)![1]!);
  }

  it('is listed with its arguments', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: 'research_company',
        arguments: expect.arrayContaining([expect.objectContaining({ name: 'company', required: true })]),
      }),
    ]);
  });

  it('builds a valid request with canonical filters that returns evidence of that company and year', async () => {
    const request = await requestOf({ company: 'ko', topic: 'dividends', fiscal_year: '2022' });
    expect(request).toMatchObject({ mode: 'research', metadata_filters: { sec_ticker: 'KO', sec_fiscal_year: 'FY-2022' } });
    expect(validateRequest(request).ok).toBe(true);
    const text = textOf(await mcp.client.callTool({ name: 'query_filings', arguments: request }));
    const sources = [...text.matchAll(/<source id="\w+" ([^>]*)\/>/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s).toMatch(/ticker="KO" .*fiscal_year="FY-2022"/);
  });

  it('leaves a company name to inference, and asks for an overview without a topic', async () => {
    const request = await requestOf({ company: 'Coca-Cola' });
    expect(request).toEqual({ query: 'Coca-Cola: business, results of operations, risk factors and liquidity', mode: 'agentic_research' });
  });

  it('rejects a missing company and a fiscal year that is not one, saying which argument', async () => {
    await expect(mcp.client.getPrompt({ name: 'research_company', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('company'),
    });
    const bad = mcp.client.getPrompt({ name: 'research_company', arguments: { company: 'KO', fiscal_year: 'last year' } });
    await expect(bad).rejects.toBeInstanceOf(McpError);
    await expect(bad).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^MCP error -32602: Invalid arguments for prompt research_company: fiscal_year: .*"last year" is not a fiscal year .*\[FILTER_VALUE_UNKNOWN\]$/,
      ),
    });
  });
});
