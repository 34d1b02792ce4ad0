// The same CLI cases against the embedded engine (no base URL, the sample index): every output mode
// with the same events as the server streams, the exit codes, and Ctrl-C.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESC, cleanEnv, ensureBuilt, localEnv, runCli, startCli, tempDir, until } from './helpers.js';

const Q = "What was 3M's capital expenditure in FY2018?";
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  ensureBuilt();
  env = localEnv();
}, 120_000);

describe('filings query with the embedded engine', () => {
  it('text: answer, evidence for reading, sources, dashboard and summary; no escape code off a TTY', async () => {
    const r = await runCli(['query', '--answer', '--dashboard', '--mode', 'agentic_research', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Answer\n\S/);
    expect(r.stdout).toMatch(/^Evidence \d+ chains?, \d+ sources?$/m);
    expect(r.stdout).toMatch(/reported_fact/);
    expect(r.stdout).toMatch(/^Dashboard\n/m);
    expect(r.stdout).toMatch(/^mode \/ effort +agentic_research \/ medium$/m);
    expect(r.stdout).toMatch(/^plan: /m);
    expect(r.stdout + r.stderr).not.toMatch(ESC);
  });

  it('a company the index holds no filings of is said first, before any evidence', async () => {
    const r = await runCli(['query', "What was Tesla's revenue in 2022?"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Note: the index holds no filings of Tesla \(TSLA\); add them with: filings corpus\s+pull TSLA\n/);
    expect(r.stdout.indexOf('Note:')).toBeLessThan(r.stdout.indexOf('Evidence'));
  });

  it('--json: the response alone', async () => {
    const r = await runCli(['query', '--json', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).summary.applied_metadata_filters).toMatchObject({ sec_ticker: 'MMM', sec_fiscal_year: 'FY-2018' });
  });

  it('--jsonl: the same events as over SSE', async () => {
    const r = await runCli(['query', '--jsonl', '--answer', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    const names = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).event as string);
    expect(names.slice(0, 2)).toEqual(['retrieval.started', 'retrieval.completed']);
    expect(names).toContain('answer.delta');
    expect(names.at(-1)).toBe('final');
  });

  it('--evidence-only and --output FILE', async () => {
    const dir = tempDir();
    const r = await runCli(['query', '--evidence-only', '-o', join(dir, 'ev.txt'), Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(dir, 'ev.txt'), 'utf8')).toMatch(/^<source_registry>/);
    expect(readdirSync(dir)).toEqual(['ev.txt']);
  });

  it('--min-evidence: exit 8 below the threshold', async () => {
    expect((await runCli(['query', '--json', '--min-evidence', '500', Q], { env })).code).toBe(8);
  });

  it('an invalid request: exit 2 before anything runs', async () => {
    const r = await runCli(['query', '--json', '--mode', 'basic', '-f', 'ticker=MMM', Q], { env });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ status_code: 422, detail: { code: 'FILTER_MODE_UNSUPPORTED' } });
  });

  it('no index: exit 4', async () => {
    const r = await runCli(['query', Q], { env: cleanEnv({ FILINGS_INDEX: join(tempDir(), 'none.sqlite') }) });
    expect(r.code).toBe(4);
  });

  it('filters: the table with values and counts', async () => {
    const r = await runCli(['filters', '--values', '--field', 'sec_form_type'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^10-K +\d+/m);
  });

  it('Ctrl-C once the query runs: exit 130, or 0 when the query won the race; never killed by the signal', async () => {
    const run = startCli(['query', '--jsonl', '--answer', '--mode', 'agentic_research', '--effort', 'high', Q], env);
    // The engine works in bursts on the main thread; the signal is handled between them.
    await until(() => run.stdout().includes('retrieval.started'), 20_000, 'retrieval.started');
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.signal).toBeNull();
    expect([0, 130]).toContain(r.code);
    if (r.code === 130) expect(r.stdout).not.toContain('"event":"final"');
  });
});

describe('--output into a directory that does not exist', () => {
  it('is a usage error before any work, not an internal error after it', async () => {
    const r = await runCli([
      'query',
      '--index',
      process.env.FILINGS_TEST_INDEX!,
      '--output',
      '/nonexistent/dir/out.txt',
      'capital expenditure',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write --output \/nonexistent\/dir\/out\.txt: the directory \/nonexistent\/dir does not exist/);
  });
});

describe('errors say what is wrong, the same way everywhere', () => {
  it('a local validation error names its code, not an HTTP status nothing went over', async () => {
    const r = await runCli(['query', '--mode', 'basic', '-f', 'ticker=MMM', Q], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^filings: .*FILTER_MODE_UNSUPPORTED/);
    expect(r.stderr).not.toMatch(/HTTP/);
  });

  it("Commander's errors and the CLI's share one prefix", async () => {
    const unknown = await runCli(['query', '--bogus', Q], { env });
    const invalid = await runCli(['query', '-n', 'ten', Q], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^filings: unknown option '--bogus'/);
    expect(invalid.stderr).toMatch(/^filings: /);
  });

  it('filters --field takes the short names -f takes', async () => {
    const r = await runCli(['filters', '--values', '--field', 'ticker'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sec_ticker/);
    expect(r.stdout).toMatch(/\bMMM +\d+/);
  });

  it('-f ticker=ZZZZ: an unknown ticker, with the closest ones (exit 2), before any search', async () => {
    const r = await runCli(['query', '-f', 'ticker=ZZZZ', 'capital expenditure'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"ZZZZ" is not a ticker of this index \(closest: [A-Z.]+, [A-Z.]+, [A-Z.]+\)/);
    const json = await runCli(['query', '--json', '-f', 'ticker=MMM', '-f', 'ticker=MMMM', 'capital expenditure'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      status_code: 422,
      detail: { code: 'FILTER_VALUE_UNKNOWN', errors: [{ loc: ['body', 'metadata_filters', 'sec_ticker', 1] }] },
    });
    expect(JSON.parse(json.stdout).message).toMatch(/closest: MMM\b/);
  });

  it('-f sector=Tech: refused with the list of sectors', async () => {
    const r = await runCli(['query', '-f', 'sector=Tech', 'capital expenditure'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"Tech" is not a known GICS sector \(one of: Communication Services, .*Information Technology, .*Utilities\)/);
  });

  it('--json and a failed -o: an ErrorResponse with a real status, not 0', async () => {
    const r = await runCli(['query', '--json', '-o', '/nonexistent/dir/out.json', Q], { env });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({
      status_code: 400,
      message: expect.stringMatching(/^cannot write --output/),
      detail: { code: 'USAGE_ERROR', exit_code: 2 },
    });
  });
});

describe('--agent-context and --min-evidence', () => {
  it('--agent-context shows in the text view beside the evidence, its coverage in good English', async () => {
    const r = await runCli(['query', '--agent-context', '-n', '1', Q], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Evidence 1 chain/m);
    expect(r.stdout).toMatch(/^Agent context\n## Evidence Instructions/m);
    expect(r.stdout).toMatch(/^- 1 evidence chain from 1 filing of 1 company \(MMM\)$/m);
  });

  it('--min-evidence above -n can never pass: refused at once (exit 2), saying why', async () => {
    const r = await runCli(['query', '--min-evidence', '50', '-n', '10', Q], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--min-evidence 50 can never pass: at most 10 evidence chains come back/);
  });

  it('--min-evidence without -n: exit 8, and the message says -n decides how many come back', async () => {
    const r = await runCli(['query', '--json', '--min-evidence', '50', Q], { env });
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/came back; --min-evidence asked for at least 50 \(without -n .*pass -n 50/);
    // stdout keeps the response alone: a script reading it gets one JSON document.
    expect(JSON.parse(r.stdout).summary.evidence_count).toBeLessThan(50);
  });
});
