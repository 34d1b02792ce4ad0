// On a real pseudo-terminal (util-linux `script`): typed standard input, tables and reports within the
// terminal's width, the answer word-wrapped like the evidence, chain headings using the width.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasScript, localEnv, runCli, runOnTty } from './helpers.js';

const tty = () => localEnv({ TERM: 'xterm-256color', CI: undefined, NO_COLOR: '1' });
const lines = (s: string) => s.split('\n').map((l) => l.replace(/\r/g, ''));
/** Lines wider than `width`, paths and addresses left out (they stay whole to be copied). */
const overflowing = (s: string, width: number) => lines(s).filter((l) => [...l].length > width && !l.includes('/'));
const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
/** Typed once the CLI is waiting for it (its prompt), as a person would: before, there is nothing to
 * read yet, which is when a synchronous read of the terminal fails. */
const typing = (text: string) => ({ text, after: /end it with Ctrl-D/ });

describe.skipIf(!hasScript())('standard input typed at a terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('filings query - reads what is typed until Ctrl-D', async () => {
    const r = await runOnTty(['query', '--dry-run', '-'], tty(), 100, typing("What was 3M's capex in FY2018?\n\x04"));
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/end it with Ctrl-D/);
    expect(r.output).toContain(`"query": "What was 3M's capex in FY2018?\\n"`);
    expect(r.output).not.toMatch(/internal error|EAGAIN/);
  });

  it('--request - reads a typed body', async () => {
    const r = await runOnTty(
      ['query', '--dry-run', '--request', '-'],
      tty(),
      100,
      typing('{"query": "typed body", "mode": "basic"}\n\x04'),
    );
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('"query": "typed body"');
  });

  it('Ctrl-C while typing: exit 130', async () => {
    const r = await runOnTty(['query', '--dry-run', '-'], tty(), 100, typing('half a quest\x03'));
    expect(r.code, r.output).toBe(130);
    expect(r.output).toMatch(/filings: Interrupted/);
  });

  it('nothing typed: a usage error (exit 2), never an internal error', async () => {
    const r = await runOnTty(['query', '--dry-run', '-'], tty(), 100, typing('\x04'));
    expect(r.code, r.output).toBe(2);
    expect(r.output).toMatch(/QUERY_EMPTY/);
    expect(r.output).not.toMatch(/internal error|EAGAIN/);
  });
});

describe.skipIf(!hasScript())('tables and reports fit the terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it.each([80, 120])('corpus list at %i columns: no line wider, no box drawing, no rule between rows', async (cols) => {
    const r = await runOnTty(['corpus', 'list'], tty(), cols);
    expect(r.code, r.output).toBe(0);
    expect(overflowing(r.output, cols)).toEqual([]);
    expect(r.output).not.toMatch(/[│┌┐└┘├┤┼]/);
    expect(lines(r.output).filter((l) => /^─/.test(l))).toHaveLength(1);
    expect(r.output).toMatch(/^\d+ filings$/m);
  });

  it('corpus stats at 80 columns: wrapped between items, never inside one', async () => {
    const r = await runOnTty(['corpus', 'stats'], tty(), 80);
    expect(r.code, r.output).toBe(0);
    expect(overflowing(r.output, 80)).toEqual([]);
    for (const l of lines(r.output)) expect(l).not.toMatch(/FY-\d{0,4}:?$/);
    expect(r.output).toMatch(/FY-2023: \d+/);
  });

  it('corpus list --json stays JSON on a terminal', async () => {
    const r = await runOnTty(['corpus', 'list', '--json'], tty(), 80);
    expect(JSON.parse(r.output)[0]).toHaveProperty('accession');
  });
});

describe.skipIf(!hasScript())('the answer and the chain headings use the width', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const Q = 'Is Boeing business subject to cyclicality?';

  it.each([80, 120])('at %i columns the answer is word-wrapped, every word whole', async (cols) => {
    const json = JSON.parse((await runCli(['query', '--json', '--answer', '-n', '2', Q], { env: localEnv() })).stdout);
    const r = await runOnTty(['query', '--answer', '-n', '2', Q], tty(), cols);
    expect(r.code, r.output).toBe(0);
    const answer = /^Answer\n([\s\S]*?)\n\n/m.exec(r.output)![1]!;
    expect(answer.split('\n').length).toBeGreaterThan(1);
    for (const l of answer.split('\n')) expect([...l].length, l).toBeLessThanOrEqual(cols);
    expect(words(answer)).toBe(words(json.answer.text));
  });

  it('a heading taken from the text is not cut at 60 characters: at 120 columns it uses the line', async () => {
    const q = 'Boeing 737 production rate';
    const evidence = (await runCli(['query', '--evidence-only', '-n', '5', q], { env: localEnv() })).stdout;
    const facets = [...evidence.matchAll(/facet="([^"]*)"/g)].map((m) => m[1]!);
    expect(facets.some((f) => f.length > 61)).toBe(true);
    const r = await runOnTty(['query', '-n', '5', q], tty(), 120);
    const headings = lines(r.output).filter((l) => /^ *\d+\. [█░]{10}/.test(l));
    expect(Math.max(...headings.map((l) => [...l].length))).toBeGreaterThan(82);
    expect(overflowing(r.output, 120)).toEqual([]);
  });
});

describe.skipIf(!hasScript())('an answer on a terminal fits one screen; pipes and JSON keep everything', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const Q = "What was 3M's capital expenditure in FY2018?";
  const chainLines = (s: string) => lines(s).filter((l) => /^ *\d+\. [█░]{10}/.test(l));

  it('80x40: the answer, its cited rows and a line a chain, within 40 lines', async () => {
    const r = await runOnTty(['query', '--answer', Q], tty(), 80);
    expect(r.code, r.output).toBe(0);
    const out = lines(r.output.trimEnd());
    expect(out.length, r.output).toBeLessThanOrEqual(40);
    expect(r.output).toMatch(/^Cited rows\n {2}\[A\] Purchases of property, plant and equipment \(PP&E\) — 2018: \(1,577\)/m);
    expect(chainLines(r.output)).toHaveLength(10);
    for (const l of chainLines(r.output)) expect([...l].length, l).toBeLessThanOrEqual(80);
    expect(r.output).not.toMatch(/Depreciation and amortization/);
  });

  it.each([['--evidence', 'full'], ['-v']])('%s: every chain whole', async (...flags) => {
    const r = await runOnTty(['query', '--answer', ...flags, Q], tty(), 80);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/Depreciation and amortization/);
    expect(r.output).not.toMatch(/^Cited rows$/m);
  });

  // (Rows of dashes every view leaves out: test/cli/render-brief.test.ts, on evidence that holds one.)
  it('a pipe keeps every chain whole; JSON keeps the evidence as the engine wrote it', async () => {
    const piped = await runCli(['query', '--answer', Q], { env: localEnv() });
    expect(piped.stdout).toMatch(/Depreciation and amortization/);
    expect(piped.stdout).not.toMatch(/^Cited rows$/m);
    // (JSON's evidence is the engine's own: every row of the chain's context, as its table prints it.)
    const json = JSON.parse((await runCli(['query', '--answer', '--json', Q], { env: localEnv() })).stdout);
    expect(json.evidence).toMatch(/<additional_context>[^<]*Depreciation and amortization — 2018: 1,488; 2017: 1,544; 2016: 1,474/);
  });

  it("a statement's caption on the terminal does not carry the auditor's report heading", async () => {
    const q = "What was Coca-Cola's net profit margin in 2021?";
    const json = JSON.parse((await runCli(['query', '--answer', '--json', q], { env: localEnv() })).stdout);
    expect(json.evidence).toMatch(/facet="Report of Independent Registered Public Accounting Firm/);
    for (const flags of [[], ['-v']]) {
      const r = await runOnTty(['query', '--answer', ...flags, q], tty(), 100);
      expect(r.code, r.output).toBe(0);
      expect(r.output).not.toMatch(/Report of Independent Registered Public Accounting Firm/);
    }
  });
});
