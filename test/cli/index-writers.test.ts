// Issue 16.4 and 16.8 with real processes: two `corpus add` at once both keep their filings (a write
// lock beside the index; a dead holder's lock is taken over, a live one named after the wait), and an
// index path that holds no index is a clear exit 4, never an internal error or a changed database.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, sampleCorpusDir, sampleFiling, sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const bin = join(repoRoot, 'bin', 'filings.js');
const dir = tempDir('filings-writers-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const constituents = join(sampleCorpusDir(), 'constituents.csv');
const env = { ...process.env, FILINGS_INDEX: '', XDG_DATA_HOME: join(dir, 'xdg'), NO_COLOR: '1' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], extra: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...env, ...extra }, timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function runAsync(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args], { env });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const tickers = (index: string) =>
  (JSON.parse(run(['corpus', 'list', '--json', '--index', index]).stdout) as { sec_ticker: string }[]).map((f) => f.sec_ticker).sort();

const A = ['66740_10K_2018_0001558370-19-000470.json.gz', '200406_8K_2023_0000200406-23-000091.json.gz'].map(sampleFiling);
const B = ['850209_8K_2022_0000850209-22-000006.json.gz', '78003_10K_2021_0000078003-22-000027.json.gz'].map(sampleFiling);

describe('two writers at once', () => {
  it('both exit 0 and the index holds the filings of both', async () => {
    const index = join(dir, 'both', 'index.sqlite');
    const [a, b] = await Promise.all([
      runAsync(['corpus', 'add', ...A, '--index', index, '--constituents', constituents, '--json']),
      runAsync(['corpus', 'add', ...B, '--index', index, '--constituents', constituents, '--json']),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(tickers(index)).toEqual(['FL', 'JNJ', 'MMM', 'PFE']);
    expect(existsSync(`${index}.lock`)).toBe(false);
  });

  it('takes over the lock of a process that is gone (kill -9 leaves it behind)', () => {
    const index = join(dir, 'stale', 'index.sqlite');
    mkdirSync(join(dir, 'stale'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(
      `${index}.lock`,
      JSON.stringify({
        pid: Number(dead.stdout),
        host: hostname(),
        since: '2020-01-01T00:00:00Z',
        command: 'filings corpus add',
        token: 'dead',
      }),
    );
    const r = run(['corpus', 'add', A[0]!, '--index', index, '--constituents', constituents]);
    expect(r.code).toBe(0);
    expect(tickers(index)).toEqual(['MMM']);
    expect(existsSync(`${index}.lock`)).toBe(false);
  });

  it('names the live holder after the wait and exits 5, leaving the index as it was', async () => {
    const index = join(dir, 'live', 'index.sqlite');
    mkdirSync(join(dir, 'live'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(
        `${index}.lock`,
        JSON.stringify({
          pid: holder.pid,
          host: hostname(),
          since: '2020-01-01T00:00:00Z',
          command: 'filings corpus add big',
          token: 'live',
        }),
      );
      const r = run(['corpus', 'add', A[0]!, '--index', index, '--constituents', constituents], { FILINGS_LOCK_TIMEOUT: '0.5' });
      expect(r.code).toBe(5);
      expect(r.stderr).toContain(`process ${holder.pid}`);
      expect(r.stderr).toContain('filings corpus add big');
      expect(existsSync(index)).toBe(false);
      expect(JSON.parse(readFileSync(`${index}.lock`, 'utf8')).token).toBe('live');
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('an index path that holds no index', () => {
  const other = join(dir, 'other.sqlite');
  const cases: [string, () => string, RegExp][] = [
    [
      'a directory',
      () => {
        mkdirSync(join(dir, 'adir'), { recursive: true });
        return join(dir, 'adir');
      },
      /is a directory/,
    ],
    [
      'a text file',
      () => {
        writeFileSync(join(dir, 'notes.txt'), 'not an index');
        return join(dir, 'notes.txt');
      },
      /not a SQLite database/,
    ],
    [
      'a truncated index',
      () => {
        const p = join(dir, 'truncated.sqlite');
        writeFileSync(p, readFileSync(sampleIndexPath()).subarray(0, 200_000));
        return p;
      },
      /is truncated/,
    ],
    [
      "another program's database",
      () => {
        const db = new Database(other);
        db.exec('CREATE TABLE IF NOT EXISTS invoices (id INTEGER PRIMARY KEY, total REAL)');
        db.close();
        return other;
      },
      /not a filings index/,
    ],
  ];

  it.each(cases)('%s: query, list and add exit 4 saying what it is', (_name, make, says) => {
    const path = make();
    for (const args of [
      ['query', 'revenue', '--index', path],
      ['corpus', 'list', '--index', path],
      ['corpus', 'add', A[0]!, '--index', path],
    ]) {
      const r = run(args);
      expect({ args: args.slice(0, 2), code: r.code }).toEqual({ args: args.slice(0, 2), code: 4 });
      expect(r.stderr).toMatch(says);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });

  it("another program's database is left exactly as it was, also by corpus init", () => {
    const db = new Database(other);
    db.exec('CREATE TABLE IF NOT EXISTS invoices (id INTEGER PRIMARY KEY, total REAL)');
    db.close();
    const before = readFileSync(other);
    expect(run(['corpus', 'add', A[0]!, '--index', other]).code).toBe(4);
    expect(run(['corpus', 'init', '--index', other]).code).toBe(4);
    expect(readFileSync(other).equals(before)).toBe(true);
  });

  it.skipIf(process.getuid?.() === 0)('a directory that cannot be written: exit 2, saying so (as for a read-only index)', () => {
    const ro = join(dir, 'readonly');
    mkdirSync(ro, { mode: 0o555 });
    const r = run(['corpus', 'add', A[0]!, '--index', join(ro, 'index.sqlite')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/its directory .*readonly is not writable by this user/);
  });

  it('an index of ours still opens (the checks pass a whole index)', () => {
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(sampleIndexPath(), copy);
    expect(run(['corpus', 'list', '--json', '--index', copy]).code).toBe(0);
  });
});
