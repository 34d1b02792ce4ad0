// The one I/O object: colour, width and the spinner decided alike for every command, and its test
// double driving real actions (corpus list and stats, config list) without a terminal.
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionContext } from '../../src/cli/command.js';
import { run as corpusList } from '../../src/cli/commands/corpus/list.js';
import { run as corpusStats } from '../../src/cli/commands/corpus/stats.js';
import { createFactory } from '../../src/cli/factory.js';
import { memoryIo, type MemoryIo } from '../../src/cli/io.js';
import { loadColour, mayColour } from '../../src/cli/render/color.js';
import { NO_SPINNER } from '../../src/cli/spinner.js';
import { sampleIndexPath } from '../helpers/sample.js';

const ESC = /\x1b\[/;
/** An action's context with the double as its streams; the index given as by --index. */
async function ctx(io: MemoryIo, extra: Record<string, unknown> = {}): Promise<ActionContext> {
  const opts = { index: sampleIndexPath(), ...extra };
  const f = createFactory({ env: { XDG_CONFIG_HOME: '/nonexistent' }, io: () => io });
  await f.start(opts);
  return { args: [], opts, command: new Command(), f, io };
}
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
/** The longest line; a line holding a path is left out (paths, like addresses, stay whole). */
const widest = (text: string) =>
  Math.max(
    ...plain(text)
      .split('\n')
      .filter((l) => !l.includes('/'))
      .map((l) => [...l].length),
  );

// Chalk is loaded by main() for a run that may colour; these tests colour without it.
beforeAll(loadColour);
describe('Io decisions', () => {
  it('colour only on a terminal; NO_COLOR and --no-color win; FORCE_COLOR colours a pipe', () => {
    expect(memoryIo({ tty: true, env: {} }).colour()).toBe(true);
    expect(memoryIo({ tty: false, env: {} }).colour()).toBe(false);
    expect(memoryIo({ tty: true, env: { NO_COLOR: '1' } }).colour()).toBe(false);
    expect(memoryIo({ tty: true, env: {}, color: false }).colour()).toBe(false);
    expect(memoryIo({ tty: false, env: { FORCE_COLOR: '1' } }).colour()).toBe(true);
    expect(
      memoryIo({ tty: true, env: { NO_COLOR: '1' } })
        .chalk()
        .red('x'),
    ).toBe('x');
  });

  it('without colour, styles give their text back as chalk does at level 0', async () => {
    const { Chalk } = await import('chalk');
    const chalk0 = new Chalk({ level: 0 });
    const plain = memoryIo({ tty: false, env: {} }).chalk();
    for (const [style, args] of [
      ['red', ['x']],
      ['dim', ['a', 'b']],
      ['bold', [3]],
      ['cyan', []],
      ['yellow', [undefined]],
    ] as const) {
      expect(plain[style](...(args as unknown[]))).toBe(chalk0[style](...(args as unknown[])));
    }
    expect(plain.bold.underline('Summary')).toBe('Summary');
    expect(memoryIo({ tty: true, env: {} }).chalk().red('x')).toBe('\x1b[31mx\x1b[39m');
  });

  it('a run into a pipe loads no chalk: colour only where a stream may take it', () => {
    expect(mayColour({}, [{ isTTY: false }, { isTTY: false }])).toBe(false);
    expect(mayColour({}, [{ isTTY: false }, { isTTY: true }])).toBe(true);
    expect(mayColour({ FORCE_COLOR: '1' }, [{ isTTY: false }])).toBe(true);
    expect(mayColour({ NO_COLOR: '1' }, [{ isTTY: true }])).toBe(false);
  });

  it('width: the terminal, else COLUMNS, else 80, never below 40; a file is not a terminal', () => {
    expect(memoryIo({ tty: true, columns: 132 }).width()).toBe(132);
    expect(memoryIo({ tty: false, env: { COLUMNS: '100' } }).width()).toBe(100);
    expect(memoryIo({ tty: false }).width()).toBe(80);
    expect(memoryIo({ tty: true, columns: 20 }).width()).toBe(40);
    expect(memoryIo({ tty: true, columns: 132 }).width({ write: () => {}, isTTY: false })).toBe(80);
  });

  it('the spinner does nothing off a terminal', async () => {
    expect(await memoryIo({ tty: false }).spinner()).toBe(NO_SPINNER);
  });
});

describe('corpus commands through the Io double', () => {
  it('list: a table within 60 columns on a terminal, no rules between rows, no box drawing', async () => {
    const io = memoryIo({ tty: true, columns: 60, env: {} });
    await corpusList(await ctx(io));
    expect(widest(io.out())).toBeLessThanOrEqual(60);
    expect(io.out()).not.toMatch(/[│┌┐└┘├┤┼]/);
    expect(plain(io.out())).toMatch(/^accession +ticker +form +FY +company/m);
    expect(io.out()).toMatch(ESC);
  });

  it('list: tab-separated lines in a pipe; --json the data', async () => {
    const piped = memoryIo({ tty: false });
    await corpusList(await ctx(piped));
    expect(piped.out().split('\n')[0]!.split('\t')).toHaveLength(7);
    const json = memoryIo({ tty: true, columns: 60 });
    await corpusList(await ctx(json, { json: true }));
    expect(JSON.parse(json.out())[0]).toHaveProperty('accession');
  });

  it('stats: lines within the width (the index path whole), a "FY-2023: 58" never broken', async () => {
    const io = memoryIo({ tty: true, columns: 64, env: { NO_COLOR: '1' } });
    await corpusStats(await ctx(io));
    expect(widest(io.out())).toBeLessThanOrEqual(64);
    for (const l of io.out().split('\n')) expect(l).not.toMatch(/FY-\d*$|FY-\d{4}:$/);
  });
});
