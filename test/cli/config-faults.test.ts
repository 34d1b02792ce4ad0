// Configuration errors are said, never dropped (issue 44.5), through the real process: a value of
// another JSON type in a hand-edited profile (`"timeout": 5` is read as "5"; an array, true or null is
// an error naming the file, the key and what it takes, exit 2); a name that is no setting is a warning;
// FILINGS_INDEX or the config file through a dangling symbolic link writes the file the link names and
// leaves the link a link; an empty HOME is unset, so nothing lands in the working directory.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleFilingsDir } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { BIN, cleanEnv } from './run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

/** A clean environment whose config file holds `profile` as its default profile, as a person wrote it. */
function withProfile(profile: unknown): { env: NodeJS.ProcessEnv; file: string } {
  const env = cleanEnv();
  const file = join(env.XDG_CONFIG_HOME!, 'filings', 'config.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ profiles: { default: profile } }));
  return { env, file };
}

const listed = async (env: NodeJS.ProcessEnv) => {
  const r = await runInProcess(['config', 'list', '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).settings as Record<string, { value: unknown; source: string }>;
};

describe('a hand-edited config file', () => {
  it('reads a number where the key takes a number of seconds as its value', async () => {
    const { env } = withProfile({ timeout: 5, lock_timeout: 0 });
    const s = await listed(env);
    expect(s.timeout).toEqual({ value: 5, source: 'profile', from: 'default' });
    expect(s.lock_timeout).toEqual({ value: 0, source: 'profile', from: 'default' });
  });

  it.each([
    [{ index: ['a.sqlite'] }, 'index', 'must be a string, a path; got an array'],
    [{ lock_timeout: true }, 'lock_timeout', 'must be a number of seconds (5 or "5"); got boolean true'],
    [{ mode: 5 }, 'mode', 'must be a string; got number 5'],
    [{ api_key: 123456789012 }, 'api_key', 'must be a string; got a number'],
    [{ timeout: null }, 'timeout', 'must be a number of seconds (5 or "5"); got null (to unset it: filings config unset timeout)'],
    [{ timeout: -5 }, 'timeout', 'must be a positive number of seconds; got "-5"'],
    [{ timeout: '-5' }, 'timeout', 'must be a positive number of seconds; got "-5"'],
  ])('refuses %j, naming the file, the key and what it takes (exit 2)', async (profile, key, what) => {
    const { env, file } = withProfile(profile);
    for (const args of [
      ['config', 'list'],
      ['query', '--dry-run', 'q'],
    ]) {
      const r = await runInProcess(args, { env });
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toBe(`filings: ${key} (profile "default" in ${file}) ${what}\n`);
    }
  });

  it('mends a value of the wrong type with config set, and unsets one with config unset', async () => {
    const { env, file } = withProfile({ index: ['a.sqlite'], timeout: null });
    expect((await runInProcess(['config', 'set', 'index', '/data/i.sqlite'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'unset', 'timeout'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { index: '/data/i.sqlite' } } });
    expect((await listed(env)).index).toMatchObject({ value: '/data/i.sqlite', source: 'profile' });
  });

  it('warns of a name that is no setting, and of a profile that is not an object refuses the file', async () => {
    const { env, file } = withProfile({ timout: '5' });
    const r = await runInProcess(['config', 'get', 'timeout'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('60\n');
    expect(r.stderr).toBe(
      `filings: warning: config file ${file}: profile "default" holds "timout", which is no setting (did you mean timeout?); it is ignored\n`,
    );
    const bad = withProfile('research');
    const b = await runInProcess(['config', 'list'], { env: bad.env });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(`profile "default" must be an object of settings`);
  });
});

describe('a path through a dangling symbolic link', () => {
  it('corpus add writes the index the link names (a new one, renamed into place), and the link stays a link', async () => {
    const dir = tempDir('filings-link-');
    const link = join(dir, 'index.sqlite');
    const target = join(dir, 'elsewhere', 'filings.sqlite');
    symlinkSync(target, link);
    const env = cleanEnv({ FILINGS_INDEX: link });
    const filing = join(
      sampleFilingsDir(),
      readdirSync(sampleFilingsDir())
        .filter((f) => f.endsWith('.json.gz'))
        .sort()[0]!,
    );
    const r = await runInProcess(['corpus', 'add', filing, '--constituents', join(sampleFilingsDir(), '..', 'constituents.csv')], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(target).isFile()).toBe(true);
    const stats = await runInProcess(['corpus', 'stats', '--json'], { env });
    expect(JSON.parse(stats.stdout)).toMatchObject({ filings: 1 });
  });

  it('config set writes the file a linked config.json names', async () => {
    const env = cleanEnv();
    const link = join(env.XDG_CONFIG_HOME!, 'filings', 'config.json');
    const target = join(env.XDG_CONFIG_HOME!, 'dotfiles', 'filings.json');
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
    expect((await runInProcess(['config', 'set', 'timeout', '9'], { env })).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ profiles: { default: { timeout: '9' } } });
  });
});

describe('an empty HOME', () => {
  const env = () => cleanEnv({ HOME: '', XDG_CONFIG_HOME: undefined, XDG_DATA_HOME: undefined, XDG_CACHE_HOME: undefined });

  it('is unset: the config file and the index are under the home the password database names', async () => {
    const cwd = tempDir('filings-cwd-');
    const home = userInfo().homedir;
    const config = await runInProcess(['config', 'path'], { env: env(), cwd });
    expect(config.stdout).toBe(`${join(home, '.config', 'filings', 'config.json')}\n`);
    const index = await runInProcess(['corpus', 'path'], { env: env(), cwd });
    expect(index.stdout).toBe(`${join(home, '.local', 'share', 'filings', 'index.sqlite')}\n`);
  });

  // A user the password database does not know (a container's made-up uid): there is no home at all.
  const root = process.getuid?.() === 0;
  const STRANGER = 54_321;
  const unknown = root && spawnSync(process.execPath, ['-e', "require('os').userInfo()"], { uid: STRANGER, gid: STRANGER }).status !== 0;
  const runs = unknown && spawnSync(process.execPath, [BIN, '--version'], { uid: STRANGER, gid: STRANGER }).status === 0;

  it.skipIf(!runs)('with no home at all, config set is refused (exit 2) and writes nothing, the key neither', () => {
    const cwd = tempDir('filings-cwd-');
    chmodSync(cwd, 0o777);
    // The test run's temporary directories above it (mode 0700) made traversable, nothing more.
    for (let d = dirname(cwd); process.env.FILINGS_TEST_TMP && d.startsWith(process.env.FILINGS_TEST_TMP); d = dirname(d))
      chmodSync(d, statSync(d).mode | 0o001);
    const r = spawnSync(process.execPath, [BIN, 'config', 'set', 'api_key', 'sk-test-0000000000001234'], {
      env: env(),
      cwd,
      uid: STRANGER,
      gid: STRANGER,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^filings: cannot place the config file: no home directory: HOME is empty/);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(cwd, '.config'))).toBe(false);
  });
});
