// Failures of `filings mcp` as a client sees them: bad arguments as tool errors with the contract's
// codes, messages and locations (every problem at once); unknown names as protocol errors; a missing
// index as INDEX_UNAVAILABLE saying how to build one; a service without a key refused at start.
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { cleanEnv, connect, ensureBuilt, localEnv, textOf, type Connected } from './helpers.js';
import { tempDir } from '../helpers/tmp.js';

let mcp: Connected;

beforeAll(async () => {
  ensureBuilt();
  mcp = await connect(localEnv());
}, 60_000);
afterAll(async () => mcp?.close());

interface ErrorBody {
  status_code: number;
  message: string;
  detail: { code: string; errors?: { code: string; loc: (string | number)[]; message: string }[] };
}

async function toolError(name: string, args: Record<string, unknown>): Promise<{ text: string; body: ErrorBody }> {
  const result = await mcp.client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return { text: textOf(result), body: result.structuredContent as unknown as ErrorBody };
}

describe('validation errors', () => {
  it('reports every problem with its code and where it is, in the contract ErrorResponse', async () => {
    const { text, body } = await toolError('query_filings', {
      query: '   ',
      mode: 'basic',
      metadata_filters: { sec_tikker: 'KO', sec_fiscal_year: 'FY20x' },
      max_evidence: 0,
      stream: true,
    });
    expect(body.status_code).toBe(422);
    const problems = body.detail.errors!.map((e) => [e.code, e.loc.join('.')]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['QUERY_EMPTY', 'arguments.query'],
        ['FILTER_FIELD_UNKNOWN', 'arguments.metadata_filters.sec_tikker'],
        ['FILTER_VALUE_UNKNOWN', 'arguments.metadata_filters.sec_fiscal_year'],
        ['FILTER_MODE_UNSUPPORTED', 'arguments.metadata_filters'],
        ['greater_than_equal', 'arguments.max_evidence'],
        ['extra_forbidden', 'arguments.stream'],
      ]),
    );
    expect(problems).toHaveLength(6); // each once, though the schema and the contract both check some
    expect(body.detail.code).toBe(body.detail.errors![0]!.code);
    expect(text).toMatch(/^\w+: Invalid request: 6 problems/);
    expect(text).toContain('- metadata_filters.sec_tikker: unknown filter field "sec_tikker"');
    expect(text).toContain('set mode to "research" or "agentic_research" [FILTER_MODE_UNSUPPORTED]');
  });

  it('one problem: its code first, the message saying what and where', async () => {
    const { text, body } = await toolError('query_filings', { query: 'dividends', effort: 'extreme' });
    expect(body.detail).toMatchObject({ code: 'enum', errors: [{ code: 'enum', loc: ['arguments', 'effort'] }] });
    expect(text).toMatch(/^enum: Invalid request: effort must be one of "low", "medium", "high"; got "extreme"/);
  });

  it('a missing query, the legacy filters key, a wrong type', async () => {
    const { body } = await toolError('query_filings', { filters: { sec_ticker: 'KO' }, include: { answer: 'yes' } });
    expect(body.detail.errors!.map((e) => [e.code, e.loc.join('.')])).toEqual(
      expect.arrayContaining([
        ['missing', 'arguments.query'],
        ['extra_forbidden', 'arguments.filters'],
        ['bool_type', 'arguments.include.answer'],
      ]),
    );
    expect(body.detail.errors!.find((e) => e.code === 'extra_forbidden')!.message).toContain('use "metadata_filters"');
  });

  it('list_filings and list_metadata_filters check their arguments the same way', async () => {
    const filings = await toolError('list_filings', { metadata_filters: { sec_form_type: { gte: '10-K' } }, limit: 0 });
    expect(filings.body.detail.errors!.map((e) => [e.code, e.loc.join('.')])).toEqual([
      ['greater_than_equal', 'arguments.limit'],
      ['FILTER_OPERATOR_UNSUPPORTED', 'arguments.metadata_filters.sec_form_type.gte'],
    ]);
    const fields = await toolError('list_metadata_filters', { field: 'sec_tikker' });
    expect(fields.body.detail.errors).toEqual([expect.objectContaining({ code: 'enum', loc: ['arguments', 'field'] })]);
    expect(fields.text).toContain('sec_ticker');
  });
});

describe('protocol errors', () => {
  it('an unknown tool is an invalid-params error naming the tools', async () => {
    const call = mcp.client.callTool({ name: 'pull_filing', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('query_filings, list_metadata_filters, list_filings, pull_filings'),
    });
  });

  it('the server keeps serving after errors', async () => {
    const result = await mcp.client.callTool({ name: 'list_metadata_filters', arguments: { field: 'sec_form_type' } });
    expect(result.isError).toBeFalsy();
  });
});

describe('without an index', () => {
  it('starts, lists its tools, and answers INDEX_UNAVAILABLE saying how to build one', async () => {
    const missing = join(tempDir('filings-mcp-'), 'none.sqlite');
    const bare = await connect(cleanEnv({ FILINGS_INDEX: missing }));
    try {
      expect((await bare.client.listTools()).tools).toHaveLength(4);
      for (const name of ['query_filings', 'list_filings']) {
        const result = await bare.client.callTool({ name, arguments: name === 'query_filings' ? { query: 'dividends' } : {} });
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({ status_code: 503, detail: { code: 'INDEX_UNAVAILABLE' } });
        expect(textOf(result)).toContain(`no index at ${missing}: build one with "filings corpus init"`);
      }
      expect(bare.stderr()).toContain(`no index at ${missing} yet`);
    } finally {
      await bare.close();
    }
  });
});

describe('with a service configured', () => {
  it('refuses to start without an API key (exit 3), the key never printed', async () => {
    const r = await runCli(['mcp'], { env: cleanEnv({ FILINGS_BASE_URL: 'http://127.0.0.1:9/v2/sandp_500' }) });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no API key for http://127.0.0.1:9/v2/sandp_500');
    expect(r.stdout).toBe('');
  });

  it('refuses a base URL with credentials in it (exit 2)', async () => {
    const r = await runCli(['mcp'], {
      env: cleanEnv({ FILINGS_BASE_URL: 'https://user:s3cret@example.com/v2/sandp_500', FILINGS_API_KEY: 'k' }),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('s3cret');
  });
});
