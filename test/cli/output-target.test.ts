// Issue 34.5: `query -o PATH` replaces only a regular file (or a new path), atomically; a FIFO, a
// device or a symbolic link is written through, as a shell redirection would: the FIFO's reader gets
// the output, the device stays a device, the link stays a link and its file gets the output.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../server/helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { cleanEnv } from './run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const Q = 'What was 3M capital expenditure in 2018?';
const query = (out: string) =>
  runInProcess(['query', '--json', '-n', '3', '-o', out, Q], { env: cleanEnv({ FILINGS_INDEX: sampleIndexPath() }) });
/** The response written: one JSON document with the evidence. */
const isResponse = (text: string) => ((JSON.parse(text) as { summary?: { evidence_count?: number } }).summary?.evidence_count ?? 0) > 0;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = tempDir('filings-output-');
});

describe('query -o', () => {
  it('a FIFO is written through: its reader gets the response, and it stays a FIFO', async () => {
    const fifo = join(dir, 'answers.fifo');
    execFileSync('mkfifo', [fifo]);
    // The reader, a process of its own (its open of the FIFO waits for a writer).
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const readerDone = new Promise<number | null>((r) => reader.once('exit', r));
    try {
      const r = await query(fifo);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const ended = await Promise.race([readerDone, new Promise((r) => setTimeout(() => r('waiting'), 5000))]);
      expect(ended, 'the reader of the FIFO got nothing and still waits').toBe(0);
      expect(isResponse(got)).toBe(true);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(readdirSync(dir)).toEqual(['answers.fifo']);
    } finally {
      reader.kill();
    }
  });

  it('a symbolic link is written through: the file it points to gets the response, the link stays', async () => {
    const real = join(dir, 'real.json');
    const link = join(dir, 'link.json');
    writeFileSync(real, 'old');
    chmodSync(real, 0o640);
    symlinkSync(real, link);
    const r = await query(link);
    expect(r.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(isResponse(readFileSync(real, 'utf8'))).toBe(true);
    // Replaced atomically beside the file, keeping its mode.
    expect(statSync(real).mode & 0o777).toBe(0o640);
  });

  it('a link to nothing yet creates what it points to, as `> link` would', async () => {
    const link = join(dir, 'dangling.json');
    symlinkSync(join(dir, 'target.json'), link);
    expect((await query(link)).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(isResponse(readFileSync(join(dir, 'target.json'), 'utf8'))).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a character device (a node of /dev/null made with mknod, as root) is written to and stays a device',
    async () => {
      const dev = join(dir, 'null');
      execFileSync('mknod', [dev, 'c', '1', '3']);
      const r = await query(dev);
      expect(r.code).toBe(0);
      expect(lstatSync(dev).isCharacterDevice()).toBe(true);
    },
  );

  it('a regular file is replaced whole, keeping its mode; a directory is refused before any work (exit 2)', async () => {
    const file = join(dir, 'plain.json');
    writeFileSync(file, 'x'.repeat(100_000));
    chmodSync(file, 0o600);
    expect((await query(file)).code).toBe(0);
    expect(isResponse(readFileSync(file, 'utf8'))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const r = await query(sub);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`filings: cannot write --output ${sub}: it is a directory\n`);
  });
});
