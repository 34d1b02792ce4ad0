// Arguments in, request out: the body `filings query --dry-run` would send, from a real process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv } from './run-cli.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

async function dry(args: string[], input?: string) {
  const r = await runInProcess(['query', '--dry-run', ...args], { input });
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('filings query --dry-run: arguments in, request out', () => {
  it.each<[string[], Record<string, unknown>]>([
    [['What is 3M capex?'], { query: 'What is 3M capex?', mode: 'research' }],
    [['What', 'is', 'capex?'], { query: 'What is capex?', mode: 'research' }],
    [['--mode', 'basic', 'q'], { query: 'q', mode: 'basic' }],
    [
      ['--mode', 'agentic_research', '--effort', 'high', '-n', '800', 'q'],
      { query: 'q', mode: 'agentic_research', effort: 'high', retrieval: { max_evidence: 800 } },
    ],
    [
      ['-f', 'ticker=mmm', '-f', 'year=2018', 'q'],
      { query: 'q', mode: 'research', metadata_filters: { sec_ticker: 'mmm', sec_fiscal_year: '2018' } },
    ],
    [['-f', 'ticker=AAPL', '-f', 'ticker=MSFT', 'q'], { query: 'q', mode: 'research', metadata_filters: { sec_ticker: ['AAPL', 'MSFT'] } }],
    [['-f', 'form!=8-K', 'q'], { query: 'q', mode: 'research', metadata_filters: { sec_form_type: { neq: '8-K' } } }],
    [
      ['-f', 'filed>=2023-01-01', '-f', 'filed<=2023-12-31', 'q'],
      { query: 'q', mode: 'research', metadata_filters: { report_filing_date: { gte: '2023-01-01', lte: '2023-12-31' } } },
    ],
    [
      ['-f', 'sub-industry=Technology Hardware, Storage & Peripherals', 'q'],
      { query: 'q', mode: 'research', metadata_filters: { sec_gics_sub_industry: 'Technology Hardware, Storage & Peripherals' } },
    ],
    [
      ['-f', 'fye=0930', '-f', 'item=1A', '-f', 'sector=energy', 'q'],
      { query: 'q', mode: 'research', metadata_filters: { sec_fiscal_year_end: '0930', sec_item_tag: '1A', sec_gics_sector: 'energy' } },
    ],
    [
      ['--filters-json', '{"sec_ticker":["KO","PEP"]}', '-f', 'year=2022', 'q'],
      { query: 'q', mode: 'research', metadata_filters: { sec_ticker: ['KO', 'PEP'], sec_fiscal_year: '2022' } },
    ],
    [
      ['--evidence-format', 'xml', '--answer', '--analysis', '--agent-context', '--distribution', '--dashboard', 'q'],
      {
        query: 'q',
        mode: 'research',
        include: {
          evidence_format: 'xml',
          answer: true,
          analysis: true,
          agent_context: true,
          metadata_distribution: true,
          metadata_dashboard: true,
        },
      },
    ],
    [
      ['--no-evidence', '--no-instructions', '--no-summary', '--agent-context', 'q'],
      { query: 'q', mode: 'research', include: { agent_context: true, evidence: false, evidence_instructions: false, summary: false } },
    ],
    [['--stream', 'q'], { query: 'q', mode: 'research', stream: true }],
    [['--no-stream', 'q'], { query: 'q', mode: 'research', stream: false }],
    [['--jsonl', 'q'], { query: 'q', mode: 'research', stream: true }],
    [
      ['--request', '{"query":"from body","mode":"basic","include":{"answer":true}}'],
      { query: 'from body', mode: 'basic', include: { answer: true } },
    ],
    [['--request', '{"query":"from body","mode":"basic"}', '--mode', 'research', 'override'], { query: 'override', mode: 'research' }],
  ])('%j', async (args, expected) => {
    expect(await dry(args)).toEqual(expected);
  });

  it('reads the question from piped standard input', async () => {
    expect(await dry([], 'What did Pfizer say about Upjohn?\n')).toEqual({
      query: 'What did Pfizer say about Upjohn?\n',
      mode: 'research',
    });
  });
  it('reads the question from standard input with "-"', async () => {
    expect(await dry(['-'], 'piped')).toEqual({ query: 'piped', mode: 'research' });
  });
  it('reads --request and --filters-json from @files', async () => {
    const dir = tempDir('filings-req-');
    writeFileSync(join(dir, 'req.json'), JSON.stringify({ query: 'file q', mode: 'research', retrieval: { max_evidence: 3 } }));
    writeFileSync(join(dir, 'f.json'), JSON.stringify({ sec_ticker: 'PFE' }));
    expect(await dry(['--request', `@${join(dir, 'req.json')}`, '--filters-json', `@${join(dir, 'f.json')}`])).toEqual({
      query: 'file q',
      mode: 'research',
      retrieval: { max_evidence: 3 },
      metadata_filters: { sec_ticker: 'PFE' },
    });
  });
  it('takes mode and effort defaults from the config profile', async () => {
    const env = cleanEnv();
    for (const [k, v] of [
      ['mode', 'agentic_research'],
      ['effort', 'low'],
    ]) {
      expect((await runInProcess(['config', 'set', k!, v!], { env })).code).toBe(0);
    }
    const r = await runInProcess(['query', '--dry-run', 'q'], { env });
    expect(JSON.parse(r.stdout)).toEqual({ query: 'q', mode: 'agentic_research', effort: 'low' });
  });
});

describe('filings query --dry-run rejects what the server would, exit 2', () => {
  it.each(
    (
      [
        [['--mode', 'basic', '-f', 'ticker=AAPL', 'q'], 'FILTER_MODE_UNSUPPORTED'],
        [['-f', 'colour=red', 'q'], 'FILTER_FIELD_UNKNOWN'],
        [['-f', 'ticker>=A', 'q'], 'FILTER_OPERATOR_UNSUPPORTED'],
        [['-f', 'year=soon', 'q'], 'FILTER_VALUE_UNKNOWN'],
        [['-f', 'filed=2023-02-30', 'q'], 'FILTER_VALUE_UNKNOWN'],
        [['--filters-json', '{"or":[]}', 'q'], 'FILTER_EXPRESSION_UNSUPPORTED'],
        [['--filters-json', '{"sec_ticker":5}', 'q'], 'FILTER_VALUE_TYPE_INVALID'],
        [['-n', '0', 'q'], 'greater_than_equal'],
        [['-n', 'ten', 'q'], 'int_type'],
        [['   '], 'QUERY_EMPTY'],
        [['x'.repeat(4001)], 'QUERY_TOO_LONG'],
        [
          [
            '--request',
            JSON.stringify({ query: 'q', mode: 'research', metadata_filters: { sec_gics_sub_industry: Array(100).fill('y'.repeat(700)) } }),
          ],
          'REQUEST_TOO_LARGE',
        ],
        [['--request', '{"query":"q","filters":{}}'], 'extra_forbidden'],
        [['--request', '{"query":"q","include":{"foo":true}}'], 'extra_forbidden'],
        [['--request', '{"query":"q","stream":"yes"}'], 'bool_type'],
      ] as [string[], string][]
    ).map(([args, code]) => [JSON.stringify(args).slice(0, 60), code, args] as const),
  )('%s -> %s', async (_label, code, args) => {
    const r = await runInProcess(['query', '--dry-run', '--json', ...args]);
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout);
    expect(body.detail.code).toBe(code);
    expect(body.status_code).toBe(code === 'REQUEST_TOO_LARGE' ? 413 : 422);
    expect(r.stderr).toContain(code);
    expect(r.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
  });

  it('prints every violation at once without --json, and nothing on stdout', async () => {
    const r = await runInProcess(['query', '--dry-run', '--mode', 'basic', '-f', 'ticker=AAPL', '-f', 'colour=red', '-n', '0', 'q']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    for (const c of ['FILTER_MODE_UNSUPPORTED', 'FILTER_FIELD_UNKNOWN', 'greater_than_equal']) expect(r.stderr).toContain(c);
  });

  it.each<[string[], RegExp]>([
    [['query', '--dry-run', '--mode', 'deep', 'q'], /argument 'deep' is invalid/],
    [['query', '--dry-run', '--bogus', 'q'], /unknown option '--bogus'/],
    [['query', '--dry-run', '-f', 'no-operator', 'q'], /is not FIELD=VALUE/],
    [['query', '--dry-run', '-f', 'form!=8-K', '-f', 'form!=10-Q', 'q'], /one neq value per field/],
    [['query', '--dry-run', '--json', '--jsonl', 'q'], /choose one output format/],
    [['query', '--dry-run', '--filters-json', '{oops', 'q'], /--filters-json is not valid JSON/],
    [['query', '--curl', 'q'], /--curl goes with --dry-run/],
    [['query', '--dry-run'], /no question given|QUERY_EMPTY/],
  ])('usage errors exit 2: %j', async (args, message) => {
    const r = await runInProcess(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('filings query --dry-run --curl', () => {
  it('prints the curl command with the key masked and never in the URL', async () => {
    const key = 'sk-test-0123456789abcdef';
    const env = cleanEnv({ FILINGS_BASE_URL: 'https://api-beta.ai-baseline.xyz/v2/sandp_500', FILINGS_API_KEY: key });
    const r = await runInProcess(['query', '--dry-run', '--curl', '--answer', 'What is capex?'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("curl -sS -X POST 'https://api-beta.ai-baseline.xyz/v2/sandp_500/query'");
    expect(r.stdout).toContain("-H 'X-API-Key: ****cdef'");
    expect(r.stdout).toContain(`--data-raw '{"query":"What is capex?","mode":"research","include":{"answer":true}}'`);
    expect(r.stdout + r.stderr).not.toContain(key);
  });
  it('quotes single quotes in the body for the shell', async () => {
    const r = await runInProcess(['query', '--dry-run', '--curl', "What is 3M's capex?"]);
    expect(r.stdout).toContain(`'{"query":"What is 3M'\\''s capex?","mode":"research"}'`);
  });
  it('with no service configured, says the address is a placeholder, in a comment that pastes harmlessly', async () => {
    const r = await runInProcess(['query', '--dry-run', '--curl', 'q']);
    expect(r.stdout).toMatch(
      /^# no service is configured .*\n# the address below is a placeholder for "filings serve" on this machine\ncurl -sS -X POST 'http:\/\/127\.0\.0\.1:8080\/v2\/sandp_500\/query'/,
    );
    const configured = await runInProcess(['query', '--dry-run', '--curl', '--base-url', 'https://x.example/v2/s', 'q']);
    expect(configured.stdout).toMatch(/^curl /);
  });
});
