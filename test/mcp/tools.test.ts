// `filings mcp` over the sample index, through the SDK's client on a real stdio child process: the
// tools it lists (schemas generated from the contract), and each tool called for real.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../src/contract/fields.js';
import { IncludeOptionsSchema } from '../../src/contract/schemas.js';
import type { FigureGrid, FigureRecord } from '../../src/contract/types.js';
import { connect, corpusFileOf, corpusFiles, ensureBuilt, localEnv, textOf, type Connected } from './helpers.js';

const CAPEX = "What was 3M's capital expenditure in FY2018?";
let mcp: Connected;
let tools: Tool[];

beforeAll(async () => {
  ensureBuilt();
  mcp = await connect(localEnv());
  tools = (await mcp.client.listTools()).tools;
}, 60_000);
afterAll(async () => mcp?.close());

const tool = (name: string) => tools.find((t) => t.name === name)!;
/** The <source id=...> lines of the evidence's registry: id -> attributes. */
function registry(text: string): Map<string, Record<string, string>> {
  const block = /<source_registry>([\s\S]*?)<\/source_registry>/.exec(text)?.[1] ?? '';
  const sources = new Map<string, Record<string, string>>();
  for (const line of block.matchAll(/<source ([^>]*)\/>/g)) {
    const attrs = Object.fromEntries([...line[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    sources.set(attrs.id!, attrs);
  }
  return sources;
}

describe('tools/list', () => {
  it('offers the three tools over the local index, and says what it serves', () => {
    expect(tools.map((t) => t.name)).toEqual(['query_filings', 'list_metadata_filters', 'list_filings', 'pull_filings']);
    expect(mcp.client.getServerVersion()).toMatchObject({ name: 'filings' });
    expect(mcp.client.getInstructions()).toContain('the local index');
    expect(mcp.stderr()).toMatch(/serving the local index .*index\.sqlite on stdio/);
  });

  it('query_filings takes the ResearchRequest fields, its schemas generated from the contract', () => {
    const schema = tool('query_filings').inputSchema as {
      properties: Record<string, any>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual([
      'query',
      'mode',
      'effort',
      'metadata_filters',
      'include',
      'max_evidence',
      'response_format',
    ]);
    expect(schema.required).toEqual(['query']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.mode).toMatchObject({ enum: ['basic', 'research', 'agentic_research'], default: 'research' });
    expect(Object.keys(schema.properties.include.properties)).toEqual(Object.keys(IncludeOptionsSchema.shape));
    // metadata_filters: the registry-generated schema, one property a filter field; no $ref left.
    const filters = schema.properties.metadata_filters.anyOf[0];
    expect(Object.keys(filters.properties)).toEqual(FIELD_NAMES);
    expect(JSON.stringify(tools)).not.toContain('$ref');
    // Each field's format and example once, on its scalar form (a model reads the schemas every turn).
    const year = filters.properties.sec_fiscal_year.oneOf;
    expect(year[0]).toMatchObject({ type: 'string', examples: ['FY-2025'], description: expect.stringContaining('FY-YYYY') });
    expect(year.slice(1).map((f: { type: string }) => f.type)).toEqual(['array', 'object']);
    expect(JSON.stringify(year.slice(1))).not.toMatch(/FY-YYYY|examples/);
  });

  it('the descriptions tell a model when to use each tool, how to cite and what filters need', () => {
    const query = tool('query_filings').description!;
    expect(query).toContain('[A], or [B, C]');
    expect(query).toMatch(/metadata_filters need mode research or agentic_research/);
    expect(tool('list_metadata_filters').description).toMatch(/Use it before filtering/);
    expect(tool('list_filings').description).toMatch(/Use it to learn what can be answered/);
    expect(tool('pull_filings').description).toMatch(/Use it when list_filings shows the index lacks/);
    // Only the pull writes (to the local index) and reaches outside (EDGAR).
    for (const t of tools)
      expect(t.annotations).toMatchObject({ readOnlyHint: t.name !== 'pull_filings', openWorldHint: t.name === 'pull_filings' });
  });
});

describe('query_filings', () => {
  it('returns agent_context.text whose evidence cites filings of the sample corpus', async () => {
    const result = await mcp.client.callTool({ name: 'query_filings', arguments: { query: CAPEX } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toMatch(/^## Evidence Instructions\n/);
    expect(text).toContain('FILTERS_INFERRED');
    const sources = registry(text);
    expect(sources.size).toBeGreaterThan(0);
    for (const s of sources.values()) {
      expect(s).toMatchObject({ ticker: 'MMM', fiscal_year: 'FY-2018' });
      expect(corpusFileOf(s.url!), s.url).toMatch(/^66740_10K_2018_/);
    }
    // Every id the coverage cites is in the registry.
    const cited = [...text.matchAll(/^- \[(\w+)\]/gm)].map((m) => m[1]!);
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect(sources.has(id)).toBe(true);
    expect(text).toMatch(/^- request_id: req_\w+$/m);
    expect(text).toMatch(/^- filters applied \(given and inferred\): .*"sec_ticker":"MMM"/m);
  });

  it('with include.answer: the answer first, citing ids of its evidence', async () => {
    const result = await mcp.client.callTool({
      name: 'query_filings',
      arguments: { query: CAPEX, include: { answer: true }, max_evidence: 3 },
    });
    const text = textOf(result);
    expect(text).toMatch(/^## Answer\n/);
    const answer = text.slice(0, text.indexOf('## Evidence Instructions'));
    const ids = [...answer.matchAll(/\[([A-Z](?:, [A-Z])*)\]/g)].flatMap((m) => m[1]!.split(', '));
    expect(ids.length).toBeGreaterThan(0);
    const sources = registry(text);
    for (const id of ids) expect(sources.has(id), `answer cites [${id}]`).toBe(true);
    expect(text.match(/<evidence_chain /g)!.length).toBeLessThanOrEqual(3);
  });

  it('with include.answer: the figures the answer states, as records in structuredContent', async () => {
    const result = await mcp.client.callTool({
      name: 'query_filings',
      arguments: { query: 'Which had the higher operating income in 2022, Coca-Cola or PepsiCo?', include: { answer: true } },
    });
    const { figures, grid } = result.structuredContent as { figures: FigureRecord[]; grid: FigureGrid };
    expect(figures.filter((f) => f.status === 'reported').map((f) => [f.ticker, f.value])).toEqual([
      ['KO', 10_909_000_000],
      ['PEP', 11_512_000_000],
    ]);
    expect(grid.rankings![0]!.ranked.map((r) => r.ticker)).toEqual(['PEP', 'KO']);
    // The analysis was asked for the records alone: the text shows the answer, not the analysis.
    const text = textOf(result);
    expect(text).toMatch(/^## Answer\n/);
    expect(text).not.toMatch(/^## Analysis$/m);
  });

  it('response_format json: the ResearchResponse, as structuredContent and as text', async () => {
    const result = await mcp.client.callTool({
      name: 'query_filings',
      arguments: { query: 'Coca-Cola dividends', mode: 'research', metadata_filters: { sec_ticker: 'ko' }, response_format: 'json' },
    });
    const body = result.structuredContent as Record<string, any>;
    expect(JSON.parse(textOf(result))).toEqual(body);
    expect(body.request_id).toMatch(/^req_/);
    expect(body.summary).toMatchObject({ mode: 'research', submitted_metadata_filters: { sec_ticker: 'KO' } });
    expect(body.summary.evidence_count).toBeGreaterThan(0);
    expect(body.agent_context).toBeUndefined();
    for (const s of registry(body.evidence).values()) expect(s.ticker).toBe('KO');
  });
});

describe('list_metadata_filters', () => {
  it('lists the fields; with include_values, the values of the index with their counts', async () => {
    const all = textOf(await mcp.client.callTool({ name: 'list_metadata_filters', arguments: {} }));
    for (const name of FIELD_NAMES) expect(all).toContain(`- ${name} (`);
    expect(all).not.toContain('values (filings)');

    const forms = await mcp.client.callTool({
      name: 'list_metadata_filters',
      arguments: { field: 'sec_form_type', include_values: true, response_format: 'json' },
    });
    const body = forms.structuredContent as { fields: { name: string; values: { value: string; count: number }[] }[] };
    expect(body.fields.map((f) => f.name)).toEqual(['sec_form_type']);
    expect(body.fields[0]!.values).toContainEqual({ value: '10-K', count: corpusFiles().filter((f) => f.includes('_10K_')).length });
  });
});

describe('list_filings', () => {
  it('lists what the index holds, narrowed by metadata_filters in the query forms', async () => {
    const text = textOf(await mcp.client.callTool({ name: 'list_filings', arguments: { metadata_filters: { sec_ticker: 'mmm' } } }));
    const rows = text.split('\n').filter((l) => l.startsWith('MMM | '));
    const mmmFiles = corpusFiles().filter((f) => f.startsWith('66740_'));
    expect(rows).toHaveLength(mmmFiles.length);
    for (const f of mmmFiles) expect(text).toContain(f.replace(/\.json\.gz$/, '').split('_')[3]!);
    expect(text).toMatch(new RegExp(`^${mmmFiles.length} of the ${corpusFiles().length} filings in the index match`));
  });

  it('operator objects and in, a limit, and JSON with item tags', async () => {
    const result = await mcp.client.callTool({
      name: 'list_filings',
      arguments: {
        metadata_filters: { sec_form_type: { neq: '10-K' }, report_filing_date: { gte: '2023-01-01' } },
        limit: 2,
        response_format: 'json',
      },
    });
    const body = result.structuredContent as {
      total: number;
      filings: { sec_form_type: string; report_filing_date: string; items: string[] }[];
    };
    expect(body.total).toBeGreaterThan(2);
    expect(body.filings).toHaveLength(2);
    for (const f of body.filings) {
      expect(f.sec_form_type).not.toBe('10-K');
      expect(f.report_filing_date >= '2023-01-01').toBe(true);
      expect(f.items.length).toBeGreaterThan(0);
    }
  });
});
