import { chmodSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskKey, type ConfigFile } from '../../src/cli/config.js';
import { resolveSettings } from '../../src/cli/settings/resolve.js';
import { cleanEnv } from './run-cli.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

const config: ConfigFile = {
  profiles: {
    default: {
      base_url: 'https://config.example/v2/sandp_500',
      api_key: 'config-key-0000000000',
      mode: 'basic',
      timeout: '30',
      index: '/cfg/index.sqlite',
    },
    work: { base_url: 'https://work.example/v2/sandp_500', api_key_file: '/keys/work' },
  },
};

describe('settings precedence: flag > env > config > default', () => {
  it('config alone', () => {
    const s = resolveSettings({ flags: {}, env: {}, config });
    expect(s).toMatchObject({
      profile: 'default',
      baseUrl: 'https://config.example/v2/sandp_500',
      apiKey: 'config-key-0000000000',
      apiKeySource: 'config',
      request: { mode: 'basic' },
      timeoutSeconds: 30,
      index: '/cfg/index.sqlite',
    });
  });
  it('env beats config', () => {
    const s = resolveSettings({
      flags: {},
      env: { FILINGS_BASE_URL: 'https://env.example/v2/x', FILINGS_API_KEY: 'env-key', FILINGS_TIMEOUT: '5', FILINGS_INDEX: '/env/i' },
      config,
    });
    expect(s).toMatchObject({
      baseUrl: 'https://env.example/v2/x',
      apiKey: 'env-key',
      apiKeySource: 'env',
      timeoutSeconds: 5,
      index: '/env/i',
    });
  });
  it('flags beat env', () => {
    const s = resolveSettings({
      flags: { baseUrl: 'https://flag.example/v2/x/', apiKeyFile: '/k', timeout: '2', index: '/flag/i' },
      env: { FILINGS_BASE_URL: 'https://env.example', FILINGS_API_KEY: 'env-key' },
      config,
    });
    expect(s).toMatchObject({
      baseUrl: 'https://flag.example/v2/x',
      apiKeyFile: '/k',
      apiKeySource: 'flag',
      apiKey: undefined,
      timeoutSeconds: 2,
      index: '/flag/i',
    });
  });
  it('defaults when nothing is set: the local engine', () => {
    const s = resolveSettings({ flags: {}, env: {}, config: { profiles: {} } });
    expect(s).toMatchObject({ profile: 'default', baseUrl: undefined, apiKey: undefined, timeoutSeconds: 60 });
  });
  it('--local beats every base URL; an empty base URL means local', () => {
    expect(resolveSettings({ flags: { local: true }, env: { FILINGS_BASE_URL: 'https://e.example' }, config }).baseUrl).toBeUndefined();
    expect(resolveSettings({ flags: { baseUrl: '' }, env: {}, config }).baseUrl).toBeUndefined();
  });
  it('profiles by flag and by FILINGS_PROFILE', () => {
    expect(resolveSettings({ flags: { profile: 'work' }, env: {}, config })).toMatchObject({
      baseUrl: 'https://work.example/v2/sandp_500',
      apiKeyFile: '/keys/work',
      apiKeySource: 'config-file',
    });
    expect(resolveSettings({ flags: {}, env: { FILINGS_PROFILE: 'work' }, config }).profile).toBe('work');
    expect(() => resolveSettings({ flags: { profile: 'nope' }, env: {}, config })).toThrow(/no profile "nope"/);
  });
  it("accepts the public deployment's key variable", () => {
    expect(resolveSettings({ flags: {}, env: { AI_BASELINE_API_KEY: 'ab-key' }, config: { profiles: {} } })).toMatchObject({
      apiKey: 'ab-key',
      apiKeySource: 'env',
    });
  });
  it.each(['ftp://x.example', 'not a url', 'https://user:pw@x.example/v2/s', 'https://x.example/v2/s?api_key=abc'])(
    'refuses base URL %s',
    (url) => {
      expect(() => resolveSettings({ flags: { baseUrl: url }, env: {}, config: { profiles: {} } })).toThrow(/^--base-url (must|is not)/);
    },
  );
  it('refuses a bad timeout', () => {
    expect(() => resolveSettings({ flags: { timeout: '-1' }, env: {}, config: { profiles: {} } })).toThrow(
      /^--timeout must be a positive number of seconds; got "-1"/,
    );
  });
  it('masks keys', () => {
    expect(maskKey('sk-live-0123456789abcd')).toBe('****abcd');
    expect(maskKey('short')).toBe('****');
  });
});

describe('filings config (real process)', () => {
  it('set, get, list, unset; the key is masked and the file is 0600', async () => {
    const env = cleanEnv();
    const key = 'sk-secret-key-998877665544';
    expect((await runInProcess(['config', 'set', 'api_key', key], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'set', 'base_url', 'https://api-beta.ai-baseline.xyz/v2/sandp_500'], { env })).code).toBe(0);
    const path = (await runInProcess(['config', 'path'], { env })).stdout.trim();
    expect(path).toBe(join(env.XDG_CONFIG_HOME!, 'filings', 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8')).profiles.default.api_key).toBe(key);
    const get = await runInProcess(['config', 'get', 'api_key'], { env });
    expect(get.stdout.trim()).toBe('****5544');
    const list = await runInProcess(['config', 'list', '--json'], { env });
    const listed = JSON.parse(list.stdout).settings;
    expect(listed.base_url).toEqual({ value: 'https://api-beta.ai-baseline.xyz/v2/sandp_500', source: 'profile', from: 'default' });
    expect(listed.api_key).toEqual({ value: '****5544', source: 'profile', from: 'default' });
    expect(list.stdout + list.stderr).not.toContain(key);
    expect((await runInProcess(['config', 'unset', 'api_key'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'api_key'], { env })).code).toBe(2);
  });
  it('writes to a named profile', async () => {
    const env = cleanEnv();
    expect((await runInProcess(['--profile', 'prod', 'config', 'set', 'mode', 'basic'], { env })).code).toBe(0);
    expect((await runInProcess(['--profile', 'prod', 'config', 'get', 'mode'], { env })).stdout.trim()).toBe('basic');
    // The default profile sets no mode: the value in effect is the default, as config list says.
    expect((await runInProcess(['config', 'get', 'mode'], { env })).stdout.trim()).toBe('research');
  });
  it('rejects unknown keys and bad values with exit 2', async () => {
    const env = cleanEnv();
    const a = await runInProcess(['config', 'set', 'colour', 'red'], { env });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/unknown config key "colour"/);
    const b = await runInProcess(['config', 'set', 'mode', 'deep'], { env });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/must be one of basic, research, agentic_research/);
    const c = await runInProcess(['config', 'set', 'base_url', 'https://h.example/v2/x?key=abc'], { env });
    expect(c.code).toBe(2);
  });
  it('warns when a config file holding a key is readable by others', async () => {
    const env = cleanEnv();
    const dir = join(env.XDG_CONFIG_HOME!, 'filings');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { default: { api_key: 'k-0123456789abcdef' } } }));
    chmodSync(path, 0o644);
    const r = await runInProcess(['config', 'list'], { env });
    expect(r.stderr).toMatch(/readable by others; run: chmod 600/);
    chmodSync(path, 0o600);
    expect((await runInProcess(['config', 'list'], { env })).stderr).not.toMatch(/readable by others/);
  });
  it('reports a broken config file clearly', async () => {
    const env = cleanEnv();
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'filings'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME!, 'filings', 'config.json'), '{not json');
    const r = await runInProcess(['query', '--dry-run', 'q'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not valid JSON/);
  });
});

describe('precedence through the real process', () => {
  it('env beats config, flag beats env (seen in the curl base URL)', async () => {
    const env = cleanEnv();
    await runInProcess(['config', 'set', 'base_url', 'https://config.example/v2/s'], { env });
    const curlUrl = async (extraEnv: Record<string, string>, args: string[] = []) => {
      const r = await runInProcess(['query', '--dry-run', '--curl', ...args, 'q'], { env: { ...env, ...extraEnv } });
      return /POST '([^']+)'/.exec(r.stdout)?.[1];
    };
    expect(await curlUrl({})).toBe('https://config.example/v2/s/query');
    expect(await curlUrl({ FILINGS_BASE_URL: 'https://env.example/v2/s' })).toBe('https://env.example/v2/s/query');
    expect(await curlUrl({ FILINGS_BASE_URL: 'https://env.example/v2/s' }, ['--base-url', 'https://flag.example/v2/s'])).toBe(
      'https://flag.example/v2/s/query',
    );
  });
  it('reads the key from --api-key-file and masks it', async () => {
    const dir = tempDir('filings-key-');
    writeFileSync(join(dir, 'key'), 'file-key-abcdefghijkl\n');
    const r = await runInProcess([
      'query',
      '--dry-run',
      '--curl',
      '--base-url',
      'https://x.example/v2/s',
      '--api-key-file',
      join(dir, 'key'),
      'q',
    ]);
    expect(r.stdout).toContain('X-API-Key: ****ijkl');
    expect(r.stdout).not.toContain('file-key');
  });
});

describe('filings config list and get: each value in effect and where it comes from', () => {
  const setUp = async () => {
    const env = cleanEnv({ FILINGS_TIMEOUT: '5' });
    expect((await runInProcess(['config', 'set', 'mode', 'agentic_research'], { env })).code).toBe(0);
    return env;
  };

  it('--json: typed values, each with its source (flag, environment, profile, default)', async () => {
    const env = await setUp();
    const r = await runInProcess(['--index', '/tmp/flag.sqlite', 'config', 'list', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout).settings;
    expect(s.timeout).toEqual({ value: 5, source: 'env', from: 'FILINGS_TIMEOUT' });
    expect(s.mode).toEqual({ value: 'agentic_research', source: 'profile', from: 'default' });
    expect(s.index).toEqual({ value: '/tmp/flag.sqlite', source: 'flag', from: '--index' });
    expect(s.base_url).toEqual({ value: null, source: 'default' });
    expect(s.effort).toEqual({ value: 'medium', source: 'default' });
    expect(s.profile).toEqual({ value: 'default', source: 'default' });
  });

  it('the text view says where each comes from', async () => {
    const env = await setUp();
    const r = await runInProcess(['config', 'list'], { env });
    expect(r.stdout).toMatch(/^timeout +5 +env FILINGS_TIMEOUT$/m);
    expect(r.stdout).toMatch(/^mode +agentic_research +profile default$/m);
    expect(r.stdout).toMatch(/^base_url +none: the embedded local engine +default$/m);
  });

  it('config get prints the value config list shows, whatever gave it', async () => {
    const env = await setUp();
    expect((await runInProcess(['config', 'get', 'effort'], { env })).stdout).toBe('medium\n');
    expect((await runInProcess(['config', 'get', 'timeout'], { env })).stdout).toBe('5\n');
    expect(JSON.parse((await runInProcess(['config', 'get', 'mode', '--json'], { env })).stdout)).toEqual({
      key: 'mode',
      value: 'agentic_research',
      source: 'profile',
      from: 'default',
    });
    const none = await runInProcess(['config', 'get', 'base_url'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^filings: "base_url" has no value/);
  });
});
