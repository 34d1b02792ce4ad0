// Issue 34.2: an index damaged on disk (pages overwritten), found in the middle of a query rather than
// on opening. `filings query` exits 4 saying the index is damaged and what to do, never "internal
// error"; `filings serve` answers 503 INDEX_UNAVAILABLE (naming the file only) and /healthz reports the
// index damaged (503), so a load balancer takes the replica out, until the file is replaced.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, openSync, renameSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, delay, ensureBuilt, postQuery } from '../server/helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { BIN, cleanEnv } from './run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const DAMAGED = /is damaged \(SQLite: database disk image is malformed\): move it aside \(or delete it\) and build it again/;

/** Overwrites every page of the statement blocks but the root with seeded noise: the index opens (its
 * schema, filings and directory are whole) and every query that reads evidence meets a malformed page. */
function damageBlocks(path: string): number {
  const db = new Database(path, { readonly: true });
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'blocks'").pluck().get() as number;
  const pages = db.prepare("SELECT pageno FROM dbstat WHERE name = 'blocks' AND pageno != ?").pluck().all(root) as number[];
  db.close();
  let seed = 34;
  const noise = Buffer.alloc(pageSize);
  const fd = openSync(path, 'r+');
  try {
    for (const p of pages) {
      for (let i = 0; i < pageSize; i++) noise[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
      writeSync(fd, noise, 0, pageSize, (p - 1) * pageSize);
    }
  } finally {
    closeSync(fd);
  }
  return pages.length;
}

let dir: string;
let damaged: string;

beforeAll(() => {
  ensureBuilt();
  dir = tempDir('filings-damaged-');
  damaged = join(dir, 'index.sqlite');
  copyFileSync(sampleIndexPath(), damaged);
  expect(damageBlocks(damaged)).toBeGreaterThan(100);
});

describe('filings query on a damaged index', () => {
  it('exit 4 with what to do, not an internal error; --json gives the body too', async () => {
    const r = await runInProcess(['query', '--index', damaged, 'What was 3M capital expenditure in 2018?'], { env: cleanEnv() });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(DAMAGED);
    expect(r.stderr).toContain(`filings: ${damaged} is damaged`);
    const j = await runInProcess(['query', '--json', '--index', damaged, 'Boeing production rates'], { env: cleanEnv() });
    expect(j.code).toBe(4);
    expect(JSON.parse(j.stdout)).toMatchObject({ detail: { exit_code: 4 } });
    expect(JSON.parse(j.stdout).message).toMatch(DAMAGED);
  });

  it('corpus add into it stops with the same advice (exit 4), the file not counted as failed', async () => {
    const files = JSON.parse((await runInProcess(['corpus', 'list', '--json', '--index', damaged], { env: cleanEnv() })).stdout) as {
      source_file: string;
    }[];
    expect(files.length).toBe(166);
    const { sampleFiling } = await import('../helpers/sample.js');
    const r = await runInProcess(['corpus', 'add', sampleFiling(files[0]!.source_file), '--index', damaged], { env: cleanEnv() });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(DAMAGED);
    expect(r.stderr).not.toMatch(/^failed: /m);
  });
});

describe('filings serve on a damaged index', () => {
  let proc: ChildProcess;
  let url: string;
  let stderr = '';

  beforeAll(async () => {
    const served = join(dir, 'served.sqlite');
    copyFileSync(damaged, served);
    proc = spawn(process.execPath, [BIN, 'serve', '--no-auth', '--port', '0', '--workers', '1', '--index', served], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.resume();
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    for (let i = 0; i < 600 && !url; i++) {
      const m = /"msg":"listening".*?"url":"([^"]+)"/.exec(stderr);
      if (m) url = m[1]!;
      else await delay(50);
    }
    expect(url, stderr).toBeDefined();
  }, 60_000);

  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  });

  it('opens and says ok until a query meets the damage; then 503 and /healthz unavailable, until the file is replaced', async () => {
    const before = await call(url, '/healthz', { key: null });
    expect(before.status).toBe(200);
    expect(before.json.index.state).toBe('ready');

    const q = await postQuery(url, { query: 'What was 3M capital expenditure in 2018?' }, { key: null });
    expect(q.status).toBe(503);
    expect(q.json).toMatchObject({ status_code: 503, detail: { code: 'INDEX_UNAVAILABLE', reason: 'damaged' } });
    expect(q.json.message).toMatch(/^served\.sqlite is damaged \(SQLite: database disk image is malformed\)/);
    expect(q.text).not.toContain(dir);
    expect(Number(q.headers['retry-after'])).toBeGreaterThan(0);

    const h = await call(url, '/healthz', { key: null });
    expect(h.status).toBe(503);
    expect(h.json).toMatchObject({ status: 'unavailable', index: { file: 'served.sqlite', state: 'damaged' } });
    expect(h.json.index.error).toMatch(/is damaged/);
    expect(h.text).not.toContain(dir);

    // Every request now gets the 503 at once, streamed or not, and the metadata listing too.
    const again = await postQuery(url, { query: 'Apple revenue', stream: true }, { key: null });
    expect(again.status).toBe(503);
    expect(again.json.message).toMatch(/^The index served\.sqlite is damaged/);
    expect((await call(url, '/v2/sandp_500/metadata-filters', { key: null })).status).toBe(503);
    expect(stderr).not.toMatch(/"status":500/);

    // A whole index renamed over the path: served again.
    const fresh = join(dir, 'fresh.sqlite');
    copyFileSync(sampleIndexPath(), fresh);
    renameSync(fresh, join(dir, 'served.sqlite'));
    let ok = false;
    for (let i = 0; i < 100 && !ok; i++) {
      ok = (await call(url, '/healthz', { key: null })).status === 200;
      if (!ok) await delay(100);
    }
    expect(ok).toBe(true);
    expect((await postQuery(url, { query: 'What was 3M capital expenditure in 2018?' }, { key: null })).status).toBe(200);
  }, 60_000);
});
