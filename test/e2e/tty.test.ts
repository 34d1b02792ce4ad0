// On a pseudo-terminal (util-linux `script`): colour and a spinner for a person; NO_COLOR and
// --no-color leave no escape code at all; --json stays plain (pretty) even with FORCE_COLOR.
import { beforeAll, describe, expect, it } from 'vitest';
import { ESC, ensureBuilt, hasScript, localEnv, runCli, runOnTty } from './helpers.js';

const Q = 'Boeing 737 production rate';

describe.skipIf(!hasScript())('on a terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const tty = (extra: Record<string, string | undefined> = {}) => localEnv({ TERM: 'xterm-256color', CI: undefined, ...extra });

  it('colours the output and shows the spinner while retrieval runs', async () => {
    const r = await runOnTty(['query', '--answer', '-n', '2', Q], tty());
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(ESC);
    expect(r.output).toMatch(/Retrieving evidence \(research, medium effort\)/);
    expect(r.output).toMatch(/2 evidence chains retrieved/);
  });

  it.each([
    ['NO_COLOR=1', { NO_COLOR: '1' }, []],
    ['--no-color', {}, ['--no-color']],
  ])('%s: not one escape code, spinner included', async (_label, extra, flags) => {
    const r = await runOnTty([...flags, 'query', '--answer', '-n', '2', Q], tty(extra));
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/^Answer$/m);
    expect(r.output).toMatch(/^Summary$/m);
    expect(r.output).not.toMatch(/\x1b/);
  });

  it('lays the evidence out within the terminal width (addresses stay whole, to stay clickable)', async () => {
    const r = await runOnTty(['query', '-n', '3', Q], tty({ NO_COLOR: '1' }), 60);
    expect(r.code, r.output).toBe(0);
    for (const line of r.output.split('\n').filter((l) => !l.includes('https://'))) expect([...line].length, line).toBeLessThanOrEqual(60);
  });

  it('a terminal that says it has 0 columns: the spinner and the text take 80, and the run ends', async () => {
    // `script` without a size, some CI and `docker -t` sessions: the spinner's clearing once divided by
    // the width and looped, writing without end.
    const r = await runOnTty(['query', '--answer', '-n', '2', Q], tty(), 0);
    expect(r.flooded, `${r.output.length} characters and counting`).toBe(false);
    expect(r.code, r.output.slice(0, 2000)).toBe(0);
    expect(r.output).toMatch(/2 evidence chains retrieved/);
    // Each frame the spinner draws while retrieval runs starts its line again (the cursor to column 1).
    const text = r.output.replace(/\x1b\[1?G/g, '\n').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    for (const line of text.split('\n').filter((l) => !l.includes('https://'))) expect([...line].length, line).toBeLessThanOrEqual(80);
  });

  it('--json: pretty on a terminal, never an escape code, even with FORCE_COLOR', async () => {
    const r = await runOnTty(['query', '--json', '-n', '1', Q], tty({ FORCE_COLOR: '3' }));
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toMatch(/\x1b/);
    expect(r.output).toMatch(/^\{\n {2}"request_id": "req_/);
  });
});

describe('off a terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  it('FORCE_COLOR colours text output in a pipe; --json and --jsonl stay plain', async () => {
    const env = localEnv({ FORCE_COLOR: '1' });
    expect((await runCli(['query', '-n', '1', Q], { env })).stdout).toMatch(ESC);
    expect((await runCli(['query', '--json', '-n', '1', Q], { env })).stdout).not.toMatch(/\x1b/);
    expect((await runCli(['query', '--jsonl', '-n', '1', Q], { env })).stdout).not.toMatch(/\x1b/);
  });
});
