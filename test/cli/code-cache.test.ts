// bin/run-bundle.js: the bundled CLI compiled from V8's code cache, one per command (and query mode).
// A missing cache is written after the command, a damaged one is rejected by V8 and rewritten, and
// neither changes what the command prints; FILINGS_NO_CODE_CACHE=1 writes none.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../server/helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const ROOT = resolve(__dirname, '../..');
const CACHE_DIR = join(ROOT, 'dist/bundle/.v8-cache');
const bin = join(ROOT, 'bin/filings.js');

// `completion fish` loads the CLI and prints a fixed script: a cheap command with a cache of its own.
const run = (env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, 'completion', 'fish'], { encoding: 'utf8', env: { ...process.env, ...env } });
const cacheFiles = () =>
  existsSync(CACHE_DIR) ? readdirSync(CACHE_DIR).filter((f) => f.startsWith('completion-') && f.endsWith('.v8cache')) : [];

describe('code cache of the bundled CLI', () => {
  let expected: string;
  beforeAll(() => {
    ensureBuilt();
    // The plain dist/ modules print the same, without any cache.
    const plain = spawnSync(
      process.execPath,
      [
        '-e',
        "import('./dist/cli/main.js').then(m => m.main(process.argv.slice(0, 1).concat(['x', 'completion', 'fish']))).then(c => process.exitCode = c)",
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(plain.status).toBe(0);
    expected = plain.stdout;
  });

  it('is written for a command that had none, and then used, with the same output', () => {
    for (const f of cacheFiles()) rmSync(join(CACHE_DIR, f), { force: true });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(expected);
    expect(cacheFiles()).toHaveLength(1);
    const file = join(CACHE_DIR, cacheFiles()[0]!);
    const written = statSync(file);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(expected);
    // Accepted by V8, the cache is read and not written again (a rewrite renames a new file over it).
    expect(statSync(file).ino).toBe(written.ino);
    expect(cacheFiles()).toHaveLength(1);
  });

  it("a failed run's cache is partial: kept until a run that succeeds writes the whole one", () => {
    for (const f of cacheFiles()) rmSync(join(CACHE_DIR, f), { force: true });
    const failed = spawnSync(process.execPath, [bin, 'completion', 'no-such-shell'], { encoding: 'utf8' });
    expect(failed.status).toBe(2);
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).toMatch(/\.partial\.v8cache$/);
    const partial = statSync(join(CACHE_DIR, cacheFiles()[0]!));
    // Another failure uses the partial cache and leaves it as it is.
    expect(spawnSync(process.execPath, [bin, 'completion', 'no-such-shell'], { encoding: 'utf8' }).status).toBe(2);
    expect(statSync(join(CACHE_DIR, cacheFiles()[0]!)).ino).toBe(partial.ino);
    const ok = run();
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(expected);
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toMatch(/partial/);
  });

  it('a damaged cache is rejected and rewritten, and the command still answers', () => {
    if (cacheFiles().length === 0) run();
    const file = join(CACHE_DIR, cacheFiles()[0]!);
    writeFileSync(file, Buffer.alloc(4096, 7));
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected);
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('FILINGS_NO_CODE_CACHE=1 neither reads nor writes one; a read-only package falls back to XDG_CACHE_HOME', () => {
    for (const f of cacheFiles()) rmSync(join(CACHE_DIR, f), { force: true });
    const off = run({ FILINGS_NO_CODE_CACHE: '1' });
    expect(off.status).toBe(0);
    expect(off.stdout).toBe(expected);
    expect(cacheFiles()).toHaveLength(0);
    // With the package's cache directory unwritable (a file in its place), the user's cache is used.
    const xdg = tempDir('filings-xdg-');
    rmSync(CACHE_DIR, { recursive: true, force: true });
    writeFileSync(CACHE_DIR, 'not a directory');
    try {
      const r = run({ XDG_CACHE_HOME: xdg });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(expected);
      expect(readdirSync(join(xdg, 'filings')).some((f) => f.startsWith('completion-'))).toBe(true);
      // An empty HOME is unset, a relative XDG_CACHE_HOME ignored: nothing is written where the command runs.
      // (The package's cache directory back in place: a fallback to the user's real home is not this
      // test's to write.)
      rmSync(CACHE_DIR, { force: true });
      mkdirSync(CACHE_DIR);
      const cwd = tempDir('filings-cwd-');
      const env = { ...process.env, HOME: '', XDG_CACHE_HOME: 'relative-cache' };
      const here = spawnSync(process.execPath, [bin, 'completion', 'fish'], { encoding: 'utf8', env, cwd });
      expect(here.stdout).toBe(expected);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(CACHE_DIR, { recursive: true, force: true });
      rmSync(xdg, { recursive: true, force: true });
    }
  });
});

describe('the libraries only some commands load', () => {
  const VENDOR = join(ROOT, 'dist/bundle/vendor');

  it('are files of their own, out of the bundle every command reads, and every file is ASCII (read as Latin-1)', () => {
    ensureBuilt();
    const main = readFileSync(join(ROOT, 'dist/bundle/main.cjs'), 'latin1');
    expect(main).toContain('require("./vendor/undici.cjs")');
    expect(main).not.toContain('Pool=class extends PoolBase');
    expect(readFileSync(join(VENDOR, 'undici.cjs'), 'latin1')).toContain('Pool=class extends PoolBase');
    for (const f of [
      'main.cjs',
      ...readdirSync(VENDOR)
        .filter((n) => n.endsWith('.cjs'))
        .map((n) => `vendor/${n}`),
    ])
      expect(
        readFileSync(join(ROOT, 'dist/bundle', f)).every((b) => b < 0x80),
        f,
      ).toBe(true);
  });

  it('run from a code cache of their own when a command loads one (the tables of `filters`)', () => {
    const caches = () => (existsSync(join(VENDOR, '.v8-cache')) ? readdirSync(join(VENDOR, '.v8-cache')) : []);
    for (const f of caches().filter((n) => n.startsWith('filters.terminal-'))) rmSync(join(VENDOR, '.v8-cache', f));
    const table = () =>
      spawnSync(process.execPath, [bin, 'filters'], { encoding: 'utf8', env: { ...process.env, FILINGS_INDEX: sampleIndexPath() } });
    const first = table();
    expect(first.status, first.stderr).toBe(0);
    expect(caches().filter((n) => n.startsWith('filters.terminal-'))).toHaveLength(1);
    const second = table();
    expect([second.status, second.stdout]).toEqual([first.status, first.stdout]);
  });

  it("a query to a service loads none of them: its HTTP client is Node's own", () => {
    const caches = () => (existsSync(join(VENDOR, '.v8-cache')) ? readdirSync(join(VENDOR, '.v8-cache')) : []);
    for (const f of caches().filter((n) => n.startsWith('query.'))) rmSync(join(VENDOR, '.v8-cache', f));
    const remote = spawnSync(
      process.execPath,
      [bin, 'query', '--json', '--base-url', 'http://127.0.0.1:9/v2/sandp_500', '--timeout', '2', 'q'],
      {
        encoding: 'utf8',
        env: { ...process.env, FILINGS_API_KEY: 'k-0123456789ab', FILINGS_BASE_URL: undefined },
      },
    );
    // Nothing listens on port 9: the client ran, and said so.
    expect(remote.status, remote.stderr).toBe(6);
    expect(caches().filter((n) => n.startsWith('query.'))).toEqual([]);
    // It ran from the bundle without the engine (bin/bundle-choice.js): the cache written is that file's.
    const client = statSync(join(ROOT, 'dist/bundle/client.cjs'));
    expect(readdirSync(CACHE_DIR).some((n) => n.startsWith('query') && n.includes(`-${client.size}-`))).toBe(true);
    expect(readFileSync(join(ROOT, 'dist/bundle/main.cjs'), 'latin1')).toContain('Engine=class');
    expect(readFileSync(join(ROOT, 'dist/bundle/client.cjs'), 'latin1')).not.toContain('Engine=class');
  });
});

describe('which cache a run uses', () => {
  const { cacheName } = createRequire(import.meta.url)('../../bin/run-bundle.js') as { cacheName: (argv: string[]) => string };
  const name = (...args: string[]) => cacheName(['node', 'filings', ...args]);

  it("is its command's, and for a query its mode's and whether it answers: each runs code the others do not", () => {
    expect(name('completion', 'fish')).toBe('completion');
    expect(name('corpus', 'stats')).toBe('corpus');
    expect(name('--help')).toBe('other');
    expect(name('query', 'what was capex')).toBe('query');
    expect(name('query', '--mode', 'basic', 'x')).toBe('query.basic');
    expect(name('query', '-m', 'agentic_research', 'x')).toBe('query.agentic_research');
    expect(name('query', '--mode=research', '--answer', 'x')).toBe('query.research.answer');
    expect(name('query', '--analysis', 'x')).toBe('query.answer');
    // A dry run opens no engine: its cache would leave out everything a query runs.
    expect(name('query', '--dry-run', 'x')).toBe('query.dry');
    expect(name('query', '--dry-run', '--curl', '--answer', 'x')).toBe('query.answer.dry');
    // Never a path: a mode that is not a word names no file.
    expect(name('query', '--mode', '../../x', 'q')).toBe('query');
  });
});
