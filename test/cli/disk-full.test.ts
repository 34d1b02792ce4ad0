// Issue 34.1: a full disk. On a small volume of its own (a tmpfs, mounted when the tests run as root and
// may mount), `corpus add` runs out of space at every stage of its write: before the commit it exits 9
// saying where to free space, and the index is as it was; after the commit reached the write-ahead log
// but not the index file (a checkpoint stopped short, the file left longer by part of a page), the
// filings are in, it says so, and once space is freed every command reads the index whole, never
// "truncated", and the next write copies the log back. Where no volume can be made, the same faults
// are injected into the writer in process.
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConstituents } from '../../src/engine/filing/constituents.js';
import { buildIndex } from '../../src/engine/ingest/build.js';
import { checkIndexFile } from '../../src/engine/index/check.js';
import { openIndex } from '../../src/engine/index/open.js';
import { IndexWriter } from '../../src/engine/index/writer.js';
import { handleError } from '../../src/cli/handle-error.js';
import { ensureBuilt } from '../server/helpers.js';
import { sampleCorpusDir, sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { cleanEnv, type runCli } from './run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

/** The exit code of a full disk (src/cli/exit-codes.ts). */
const DISK_FULL = 9;

/** Filings taken out of a copy of the sample index and added back: 12 filings, about 8 MB of index. */
const TICKERS = ['AAPL', 'AMZN', 'BA', 'DIS', 'CVS', 'DE'];
const CONSTITUENTS = () => join(sampleCorpusDir(), 'constituents.csv');

const cli = (args: string[], index: string) => runInProcess([...args, '--index', index], { env: cleanEnv() });
const count = async (index: string) => {
  const r = await cli(['corpus', 'list', '--json'], index);
  return { code: r.code, stderr: r.stderr, n: r.code === 0 ? (JSON.parse(r.stdout) as unknown[]).length : -1 };
};

/** A copy of the sample index without TICKERS' filings, and the corpus files of those filings. */
async function baseIndex(dir: string): Promise<{ index: string; files: string[]; filings: number; of: (ticker: string) => number }> {
  const index = join(dir, 'base.sqlite');
  copyFileSync(sampleIndexPath(), index);
  const listed = JSON.parse((await cli(['corpus', 'list', '--json'], index)).stdout) as { sec_ticker: string; source_file: string }[];
  const files = listed.filter((f) => TICKERS.includes(f.sec_ticker)).map((f) => join(sampleFilingsDir(), f.source_file));
  for (const t of TICKERS) expect((await cli(['corpus', 'remove', t], index)).code).toBe(0);
  const of = (ticker: string) => listed.filter((f) => f.sec_ticker === ticker).length;
  return { index, files, filings: listed.length - files.length, of };
}

function tryMount(dir: string, bytes: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${Math.ceil(bytes / 4096) * 4}k`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const unmount = (dir: string) => execFileSync('umount', [dir], { stdio: 'ignore' });

const mountable = (() => {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return false;
  const probe = tempDir('filings-mount-probe-');
  const ok = tryMount(probe, 1 << 20);
  if (ok) unmount(probe);
  return ok;
})();

describe.skipIf(!mountable)('corpus add on a volume too small (tmpfs)', () => {
  let dir: string;
  let base: Awaited<ReturnType<typeof baseIndex>>;
  let volume: string;
  let growth: number;
  const mounted: string[] = [];

  beforeAll(async () => {
    ensureBuilt();
    dir = tempDir('filings-full-');
    base = await baseIndex(dir);
    // What the add takes on a disk with room: the index grows by `growth`.
    const roomy = join(dir, 'roomy.sqlite');
    copyFileSync(base.index, roomy);
    const r = await runInProcess(['corpus', 'add', ...base.files, '--constituents', CONSTITUENTS(), '--index', roomy], {
      env: cleanEnv(),
    });
    expect(r.code).toBe(0);
    growth = statSync(roomy).size - statSync(base.index).size;
    expect(growth).toBeGreaterThan(2e6);
    volume = join(dir, 'volume');
    mkdirSync(volume);
  }, 300_000);

  afterAll(() => {
    for (const m of mounted) unmount(m);
  });

  /** The base index on a fresh volume with `free` bytes beside it, and `corpus add` of the files. */
  async function addWith(free: number) {
    if (mounted.length > 0) unmount(mounted.pop()!);
    expect(tryMount(volume, statSync(base.index).size + free)).toBe(true);
    mounted.push(volume);
    const index = join(volume, 'index.sqlite');
    copyFileSync(base.index, index);
    const add = await runInProcess(['corpus', 'add', ...base.files, '--constituents', CONSTITUENTS(), '--index', index], {
      env: cleanEnv(),
    });
    return { index, add };
  }

  /** Space freed (the volume made larger): the index reads whole, with or without the filings. */
  async function freed(index: string, expected: number) {
    execFileSync('mount', ['-o', 'remount,size=1g', volume]);
    const listed = await count(index);
    expect(listed.stderr).not.toMatch(/truncated|damaged|internal error/);
    expect(listed).toMatchObject({ code: 0, n: expected });
    const q = await cli(['query', '--json', '-n', '3', 'Boeing commercial airplanes backlog'], index);
    expect(q.code).toBe(0);
    return listed;
  }

  it('out of space before the commit: exit 9, where to free space, the index as it was', async () => {
    const { index, add } = await addWith(Math.round(growth / 4));
    expect(add.code).toBe(DISK_FULL);
    expect(add.stderr).toMatch(/^filings: no space left on the disk holding .*volume \(.*\): the write stopped and changed nothing/m);
    expect(add.stderr).toMatch(/Free space there, or give --index a path on a disk with room, and run the command again/);
    expect(add.stderr).not.toMatch(/internal error|truncated/);
    await freed(index, base.filings);
    // With room, the same add goes in.
    const again = await runInProcess(['corpus', 'add', ...base.files, '--constituents', CONSTITUENTS(), '--index', index], {
      env: cleanEnv(),
    });
    expect(again.code).toBe(0);
    expect((await count(index)).n).toBe(base.filings + base.files.length);
  });

  it('a full build (a new index) out of space: exit 9, nothing left behind', async () => {
    const { add } = await addWith(Math.round(growth / 4));
    expect(add.code).toBe(DISK_FULL);
    const fresh = join(volume, 'fresh.sqlite');
    const r = await runInProcess(['corpus', 'add', ...base.files, '--constituents', CONSTITUENTS(), '--index', fresh], { env: cleanEnv() });
    // 12 filings' index is larger than what is left: the temporary file it was built in is gone.
    expect(r.code).toBe(DISK_FULL);
    expect(readdirSync(volume).filter((f) => f.startsWith('fresh'))).toEqual([]);
  });

  it('the commit in the log, the copy into the index stopped short: the filings are in, said so, and read whole once space is freed', async () => {
    // Room for the log but not for the log and the index's growth together: the window is found by
    // trying (the log's size is close to, not equal to, the growth).
    let kept: { index: string; add: Awaited<ReturnType<typeof runCli>> } | undefined;
    for (const share of [1.3, 1.5, 1.7, 1.2, 1.9]) {
      const run = await addWith(Math.round(growth * share));
      expect([0, DISK_FULL]).toContain(run.add.code);
      if (run.add.code === 0 && existsSync(`${run.index}-wal`) && statSync(`${run.index}-wal`).size > 0) {
        kept = run;
        break;
      }
      await freed(run.index, run.add.code === 0 ? base.filings + base.files.length : base.filings);
    }
    expect(kept, 'no free space between the log and the log plus the growth was found').toBeDefined();
    const { index, add } = kept!;
    expect(add.stderr).toMatch(
      /warning: .*index\.sqlite: the disk is full: the change is made and every command reads it, but it stays in index\.sqlite-wal/,
    );
    await freed(index, base.filings + base.files.length);
    // The next write copies the log into the index: one file again, every filing there.
    expect((await cli(['corpus', 'remove', 'DE'], index)).code).toBe(0);
    expect(existsSync(`${index}-wal`)).toBe(false);
    expect(statSync(index).size % 16384).toBe(0);
    const after = await count(index);
    expect(after.n).toBe(base.filings + base.files.length - base.of('DE'));
  });
});

describe('the same faults, injected into the writer (any user)', () => {
  let dir: string;
  let files: string[];
  let copy: string;

  beforeAll(async () => {
    dir = tempDir('filings-full-inj-');
    copy = join(dir, 'index.sqlite');
    copyFileSync(sampleIndexPath(), copy);
    const listed = openIndex(copy);
    files = listed
      .filings()
      .filter((f) => f.sec_ticker === 'AAPL')
      .map((f) => join(sampleFilingsDir(), f.source_file));
    listed.close();
  });

  const add = async () => buildIndex({ indexPath: copy, files, constituents: await loadConstituents(CONSTITUENTS()) });
  const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL', name: 'SqliteError' });

  it('SQLITE_FULL while adding: an IndexDiskFullError (exit 9), the file not counted as failed, nothing changed', async () => {
    const before = statSync(copy).size;
    const spy = vi.spyOn(IndexWriter.prototype, 'addFiling').mockImplementationOnce(() => {
      throw full();
    });
    try {
      const e = await add().catch((x: unknown) => x);
      expect((e as Error).name).toBe('IndexDiskFullError');
      expect((e as Error).message).toMatch(/no space left on the disk holding .*: the write stopped and changed nothing/);
      const out: string[] = [];
      const sink = { write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream;
      expect(handleError(e, { debug: false, json: false, stdout: sink, stderr: sink })).toBe(9);
    } finally {
      spy.mockRestore();
    }
    expect(statSync(copy).size).toBe(before);
    expect(checkIndexFile(copy)).toBe('sqlite');
  });

  it('SQLITE_FULL copying the log back after the commit: the filings are in, with a notice', async () => {
    const pragma = Database.prototype.pragma;
    const spy = vi.spyOn(Database.prototype, 'pragma').mockImplementation(function (
      this: Database.Database,
      source: string,
      options?: never,
    ) {
      if (source === 'wal_checkpoint(TRUNCATE)') throw full();
      return pragma.call(this, source, options);
    });
    try {
      const r = await add();
      expect(r.added.map((a) => a.replaced)).toEqual(files.map(() => true));
      expect(r.notice).toMatch(/^the disk is full: the change is made and every command reads it, but it stays in index\.sqlite-wal/);
    } finally {
      spy.mockRestore();
    }
    const ix = openIndex(copy);
    expect(ix.filings().filter((f) => f.sec_ticker === 'AAPL')).toHaveLength(files.length);
    ix.close();
  });
});

describe('an index whose log holds pages past the end of the file is read whole (the check that called it truncated)', () => {
  it('a file longer by part of a page, with the log that holds that page: sqlite, not truncated', () => {
    const dir = tempDir('filings-wal-');
    const live = join(dir, 'live.sqlite');
    copyFileSync(sampleIndexPath(), live);
    // A writer that commits into the log and never copies it back (as a full disk stops it).
    const db = new Database(live);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE grow (x BLOB)');
    db.exec(
      'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300) INSERT INTO grow SELECT randomblob(4000) FROM c',
    );
    // The files as they are now (the connection still open keeps the log), and the index file
    // longer by a part of a page, as a checkpoint stopped by ENOSPC leaves it.
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(live, copy);
    copyFileSync(`${live}-wal`, `${copy}-wal`);
    db.close();
    appendFileSync(copy, Buffer.alloc(5000));
    expect(checkIndexFile(copy)).toBe('sqlite');
    const ix = openIndex(copy);
    expect(ix.db.prepare('SELECT count(*) FROM grow').pluck().get()).toBe(300);
    expect(ix.filings().length).toBeGreaterThan(100);
    ix.close();
    // Without its log the same file is what it looks like: truncated.
    const alone = join(dir, 'alone.sqlite');
    copyFileSync(copy, alone);
    expect(() => checkIndexFile(alone)).toThrow(/is truncated/);
  });
});
