// Issue 44.4: standard output that cannot be written. The stream reports a failed write as an 'error'
// event after the command wrote it; one handler (main.ts) answers it for every command: a full disk
// (stdout on /dev/full) is one line on stderr and exit 9, as `-o /dev/full` is, never a stack trace; a
// reader that goes away (`| head`) ends the output quietly with the command's own code.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../server/helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { BIN, type CliResult, cleanEnv } from './run-cli.js';

/** The exit code of a full disk (src/cli/exit-codes.ts). */
const DISK_FULL = 9;
const FULL_LINE =
  /^filings: cannot write to standard output: no space left on the device \(ENOSPC\); free space there and run the command again\n$/;

/** The CLI with stdout on `stdout` (a file descriptor) or a pipe its reader closes after `readBytes`. */
function run(args: string[], stdout: number | { readBytes: number }): Promise<Omit<CliResult, 'stdout'>> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: cleanEnv({ FILINGS_INDEX: sampleIndexPath() }),
    stdio: ['ignore', typeof stdout === 'number' ? stdout : 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  if (typeof stdout !== 'number') {
    let read = 0;
    child.stdout!.on('data', (d: Buffer) => {
      read += d.length;
      if (read >= stdout.readBytes) child.stdout!.destroy();
    });
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    }),
  );
}

beforeAll(() => ensureBuilt(), 120_000);

describe.skipIf(!existsSync('/dev/full'))('standard output on a full disk (/dev/full)', () => {
  const commands: [string, string[]][] = [
    ['query --json', ['query', '--json', '-n', '2', 'Coca-Cola dividends']],
    ['query (text)', ['query', '-n', '2', 'Coca-Cola dividends']],
    ['query --jsonl', ['query', '--jsonl', '-n', '2', 'Coca-Cola dividends']],
    ['corpus list', ['corpus', 'list']],
    ['corpus list --json', ['corpus', 'list', '--json']],
    ['figures', ['figures', 'KO', '-m', 'revenue', '--years', '2022']],
    ['filters', ['filters']],
    ['config list', ['config', 'list']],
    ['--help', ['--help']],
  ];
  it.each(commands)(
    '%s: exit 9 and one line on stderr, no stack trace',
    async (_, args) => {
      const full = openSync('/dev/full', 'w');
      try {
        const r = await run(args, full);
        expect({ code: r.code, signal: r.signal }).toEqual({ code: DISK_FULL, signal: null });
        expect(r.stderr).toMatch(FULL_LINE);
      } finally {
        closeSync(full);
      }
    },
    60_000,
  );
});

describe('a reader that goes away', () => {
  it('corpus list --json (180 kB, more than a pipe holds) into a pipe closed after its first bytes: ends quietly, exit 0', async () => {
    const r = await run(['corpus', 'list', '--json'], { readBytes: 1 });
    expect(r).toEqual({ code: 0, signal: null, stderr: '' });
  }, 60_000);
});
