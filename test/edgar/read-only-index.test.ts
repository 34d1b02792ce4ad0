// Issue 21.7: an index this user cannot write. `corpus add`, `remove`, `init` and `pull` refuse before
// changing anything, say why, and exit 2 (not "internal error: attempt to write a readonly database",
// exit 1); the pull sends no request. And `corpus init` over an index it may write keeps that index's
// mode. Root may write any file, so as root the refusals are run as uid 65534 (nobody).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFilingsDir } from '../helpers/sample.js';
import { BIN, type CliResult } from '../cli/run-cli.js';
import { hasFixtures, needsFixtures } from './fixtures.js';
import { envIn, STAND_IN_UA, startStandIn, type StandIn } from './stand-in.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

const root = process.getuid?.() === 0;
const NOBODY = 65534;
// As root, the refusals run as nobody, who must be able to read the program.
const readable =
  !root ||
  spawnSync(process.execPath, [BIN, '--version'], { uid: NOBODY, gid: NOBODY, env: { PATH: process.env.PATH, HOME: '/nonexistent' } })
    .status === 0;
const why = readable ? '' : ' (skipped: this checkout is not readable by uid 65534, which the test runs as under root)';

/** As root, nobody must reach `dir`: the test run's temporary directories above it (mode 0700, made by
 * the harness, test/helpers/tmp-check.ts) are made traversable, nothing more. */
function traversable(dir: string): void {
  const top = process.env.FILINGS_TEST_TMP;
  if (!top) return;
  for (let d = dirname(dir); d.startsWith(top); d = dirname(d)) {
    const mode = statSync(d).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(d, mode | 0o001);
  }
}

const filings = () =>
  readdirSync(sampleFilingsDir())
    .filter((f) => f.endsWith('.json.gz'))
    .sort()
    .slice(0, 2)
    .map((f) => join(sampleFilingsDir(), f));

/** The CLI as a user who cannot write the index (nobody under root; this user otherwise). */
function runAsReader(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(root ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe.skipIf(!hasFixtures() || !readable)(needsFixtures(`an index this user cannot write${why}`), () => {
  const dir = tempDir('filings-ro-');
  const index = join(dir, 'index.sqlite');
  let edgar: StandIn;
  let env: NodeJS.ProcessEnv;
  let before: { ino: number; mtimeMs: number; size: number };

  beforeAll(async () => {
    const made = await runInProcess(['corpus', 'add', '--index', index, ...filings()], {
      env: envIn(join(dir, 'setup')),
    });
    expect(made.code, made.stderr).toBe(0);
    edgar = await startStandIn();
    mkdirSync(join(dir, 'home'));
    env = {
      PATH: process.env.PATH,
      HOME: join(dir, 'home'),
      XDG_CACHE_HOME: join(dir, 'home'),
      XDG_CONFIG_HOME: join(dir, 'home'),
      FILINGS_INDEX: index,
      FILINGS_SAMPLE_CORPUS: process.env.FILINGS_SAMPLE_CORPUS,
      FILINGS_SEC_WWW_URL: edgar.url,
      FILINGS_SEC_DATA_URL: edgar.url,
      FILINGS_SEC_USER_AGENT: STAND_IN_UA,
    };
    if (root) {
      traversable(dir);
      for (const p of [dir, index, join(dir, 'home')]) chownSync(p, NOBODY, NOBODY);
    }
    chmodSync(index, 0o444);
    const st = statSync(index);
    before = { ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
  }, 120_000);
  afterAll(async () => {
    await edgar?.close();
  });

  const unchanged = () => {
    const st = statSync(index);
    expect({ ino: st.ino, mtimeMs: st.mtimeMs, size: st.size, mode: st.mode & 0o777 }).toEqual({ ...before, mode: 0o444 });
    // No lock, journal or temporary file left beside it.
    expect(readdirSync(dir).filter((n) => n.startsWith('index.sqlite'))).toEqual(['index.sqlite']);
  };

  it.each([
    ['corpus add', () => ['corpus', 'add', ...filings()]],
    ['corpus remove', () => ['corpus', 'remove', '0000100493-22-000097']],
    ['corpus init', () => ['corpus', 'init']],
    ['corpus pull', () => ['corpus', 'pull', 'AAPL', '--forms', '10-K', '--years', '2024']],
  ])('%s: says so and exits 2, changing nothing', async (_name, args) => {
    const r = await runAsReader(args(), env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `filings: cannot change the index ${index}: the file is read-only for this user (mode 0444); make it writable (chmod u+w "${index}") or choose another path with --index. Nothing was changed\n`,
    );
    unchanged();
    expect(edgar.log).toHaveLength(0);
  });

  it('is still read: a query is answered', async () => {
    const r = await runAsReader(['corpus', 'list', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
  });
});

describe.skipIf(!hasFixtures())(needsFixtures('corpus init over an index it may write'), () => {
  const dir = tempDir('filings-mode-');

  it('keeps the mode of the index it replaces', async () => {
    // A sample corpus of two filings, so that init is quick.
    const corpus = join(dir, 'corpus');
    mkdirSync(join(corpus, 'filings'), { recursive: true });
    for (const f of filings()) copyFileSync(f, join(corpus, 'filings', f.split('/').pop()!));
    const index = join(dir, 'index.sqlite');
    const env = envIn(dir, { FILINGS_SAMPLE_CORPUS: corpus, FILINGS_INDEX: index });
    expect((await runInProcess(['corpus', 'init'], { env })).code).toBe(0);
    chmodSync(index, 0o640);
    const first = statSync(index).ino;
    const again = await runInProcess(['corpus', 'init'], { env });
    expect(again.code, again.stderr).toBe(0);
    const st = statSync(index);
    expect(st.ino).not.toBe(first);
    expect(st.mode & 0o777).toBe(0o640);
  });
});
