// One settings object per invocation, one key table. Every command that opens the index or the network
// uses the index that wins flag > environment > profile > default, and `config list` names where it came
// from; `config get` and `config list` know every key `config set` accepts.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskKey } from '../../src/cli/config.js';
import { resolveSettings } from '../../src/cli/settings/resolve.js';
import { SETTINGS } from '../../src/cli/settings/keys.js';
import { DEFAULT_LOCK_WAIT_MS } from '../../src/engine/index/lock.js';
import { startCli, until } from '../e2e/helpers.js';
import { hasFixtures, needsFixtures } from '../edgar/fixtures.js';
import { startStandIn } from '../edgar/stand-in.js';
import { repoRoot, sampleCorpusDir, sampleFiling, sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { cleanEnv } from './run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

/** A value `config set` accepts for each key: a new key without one here fails the first test. */
const SAMPLE: Record<string, string> = {
  base_url: 'https://api.example.com/v2/sandp_500',
  api_key: 'sk-sample-key-00001234',
  api_key_file: '/keys/filings',
  mode: 'basic',
  effort: 'high',
  format: 'xml',
  max_evidence: '12',
  llm_base_url: 'http://127.0.0.1:9/v1',
  llm_model: 'stand-in',
  llm_api_key: 'k-model-sample-5678',
  index: '/data/filings.sqlite',
  timeout: '12',
  lock_timeout: '3',
  sec_user_agent: 'Jane Doe jane@example.com',
  sec_www_url: 'http://127.0.0.1:9/www',
  sec_data_url: 'http://127.0.0.1:9/data',
  sample_corpus: '/data/corpus',
  server_keys: 'k1,k2',
};

describe('the key table', () => {
  it('config set, get and list know every key, each shown as set (secrets masked)', async () => {
    expect(Object.keys(SAMPLE).sort()).toEqual(SETTINGS.map((d) => d.key).sort());
    // Every key from the profile: no environment value (CI sets FILINGS_SAMPLE_CORPUS) outranks it.
    const env = cleanEnv({ FILINGS_SAMPLE_CORPUS: undefined });
    for (const [key, value] of Object.entries(SAMPLE)) {
      const set = await runInProcess(['config', 'set', key, value], { env });
      expect(set.code, `${key}: ${set.stderr}`).toBe(0);
      const get = await runInProcess(['config', 'get', key], { env });
      expect(get.code, `${key}: ${get.stderr}`).toBe(0);
      const def = SETTINGS.find((d) => d.key === key)!;
      expect(get.stdout.trim()).toBe(def.secret ? maskKey(value) : value);
    }
    const listed = JSON.parse((await runInProcess(['config', 'list', '--json'], { env })).stdout).settings as Record<
      string,
      { source: string }
    >;
    expect(Object.keys(listed).sort()).toEqual(['profile', ...Object.keys(SAMPLE)].sort());
    for (const key of Object.keys(SAMPLE)) expect(listed[key]!.source, key).toBe('profile');
  });

  it('config get of a key with no value is a usage error, never a crash', async () => {
    const r = await runInProcess(['config', 'get', 'sec_user_agent']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^filings: "sec_user_agent" has no value/);
  });

  it('flag > environment > profile > default for a key with all four (the User-Agent of corpus pull)', () => {
    const config = { profiles: { default: { sec_user_agent: 'Profile P p@example.com' } } };
    const ua = (flags: Record<string, unknown>, env: NodeJS.ProcessEnv, c = config) => {
      const s = resolveSettings({ flags, env, config: c });
      return [s.secUserAgent, s.origins.sec_user_agent!.source];
    };
    expect(ua({}, {}, { profiles: {} })).toEqual([undefined, 'default']);
    expect(ua({}, {})).toEqual(['Profile P p@example.com', 'profile']);
    expect(ua({}, { FILINGS_SEC_USER_AGENT: 'Env E e@example.com' })).toEqual(['Env E e@example.com', 'env']);
    expect(ua({ userAgent: 'Flag F f@example.com' }, { FILINGS_SEC_USER_AGENT: 'Env E e@example.com' })).toEqual([
      'Flag F f@example.com',
      'flag',
    ]);
  });

  it("the lock wait's default is the engine's", () => {
    expect(Number(SETTINGS.find((d) => d.key === 'lock_timeout')!.fallback!({})) * 1000).toBe(DEFAULT_LOCK_WAIT_MS);
  });

  it('a bad value in the profile is named with where it came from, and config set mends it', async () => {
    const env = cleanEnv();
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'filings'), { recursive: true });
    const file = join(env.XDG_CONFIG_HOME!, 'filings', 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { timeout: 'soon' } } }));
    const r = await runInProcess(['query', '--dry-run', 'q'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`filings: timeout (profile "default" in ${file}) must be a positive number of seconds; got "soon"\n`);
    // config set still mends it.
    expect((await runInProcess(['config', 'set', 'timeout', '30'], { env })).code).toBe(0);
    expect((await runInProcess(['query', '--dry-run', 'q'], { env })).code).toBe(0);
  });
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : [],
  );

/** What reads the environment where it should not, in the tree under `root` (src/ or a planted one). */
function environmentReads(root: string): string[] {
  // Where process.env may be read: the program's start (cli/main.ts), which hands it to the Factory;
  // the Factory's settings (settings/resolve.ts, through the key table) and its terminal decisions
  // (io.ts: NO_COLOR, COLUMNS) read the copy they are given. Nothing else reads it: the engine, the
  // server, MCP, EDGAR and the client are handed what they need.
  const READS_PROCESS_ENV = ['cli/main.ts'];
  // Where a FILINGS_ variable is named as a read: the key table and its resolver (FILINGS_PROFILE
  // chooses the profile), and the Factory (FILINGS_DEBUG, wanted before settings can resolve).
  const NAMES_FILINGS_VARIABLES = ['cli/settings/keys.ts', 'cli/settings/resolve.ts', 'cli/factory.ts'];
  // Comments may name them.
  const code = (f: string) => readFileSync(f, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
  return filesUnder(root).flatMap((f) => {
    const name = relative(root, f);
    const text = code(f);
    return [
      ...(/process\.env/.test(text) && !READS_PROCESS_ENV.includes(name) ? [`${name} reads process.env`] : []),
      ...(/\benv\.FILINGS_|\benv\[['"`]FILINGS_|\bio\.env\b/.test(text) && !NAMES_FILINGS_VARIABLES.includes(name)
        ? [`${name} reads the environment`]
        : []),
      ...(name.startsWith('cli/') && /index\/location\.js|resolveIndexPath/.test(text) ? [`${name} resolves the index path`] : []),
    ];
  });
}

describe('settings are read from the Factory alone', () => {
  it('no module of src/ but the start reads process.env, none but the settings a FILINGS_ variable, no command the index path', () => {
    expect(environmentReads(join(repoRoot, 'src'))).toEqual([]);
  });

  it('the check finds a planted read, and lets a comment or the start name one', () => {
    const root = tempDir('filings-planted-');
    const plant = (name: string, text: string) => {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    };
    plant('cli/main.ts', 'createFactory({ env: process.env });\n');
    plant(
      'engine/answer/model.ts',
      "// process.env.FILINGS_LLM_API_KEY is the CLI's to read\nexport const key = process.env.FILINGS_LLM_API_KEY;\n",
    );
    plant('edgar/agent.ts', 'export const ua = (env: NodeJS.ProcessEnv) => env.FILINGS_SEC_USER_AGENT;\n');
    expect(environmentReads(root).sort()).toEqual([
      'edgar/agent.ts reads the environment',
      'engine/answer/model.ts reads process.env',
      'engine/answer/model.ts reads the environment',
    ]);
  });
});

type Where = 'profile' | 'env' | 'flag';

/** The index set in one place only, or by flag over the other two (which name paths that do not
 * exist: a command that read one would fail or say so). */
function setUp(where: Where, winner: string) {
  const env = cleanEnv();
  const dir = tempDir('filings-where-');
  const [inProfile, inEnv] = where === 'flag' ? [join(dir, 'profile.sqlite'), join(dir, 'env.sqlite')] : [winner, winner];
  if (where !== 'env') {
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'filings'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME!, 'filings', 'config.json'), JSON.stringify({ profiles: { default: { index: inProfile } } }));
  }
  if (where !== 'profile') env.FILINGS_INDEX = inEnv;
  return { env, flags: where === 'flag' ? ['--index', winner] : [], losers: where === 'flag' ? [inProfile, inEnv] : [] };
}

const ORIGIN: Record<Where, object> = {
  profile: { source: 'profile', from: 'default' },
  env: { source: 'env', from: 'FILINGS_INDEX' },
  flag: { source: 'flag', from: '--index' },
};

describe.each<Where>(['profile', 'env', 'flag'])('the index set by %s: every command uses it', (where) => {
  it('config list names where it came from; corpus path prints it', async () => {
    const index = sampleIndexPath();
    const { env, flags } = setUp(where, index);
    const list = await runInProcess([...flags, 'config', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout).settings.index).toEqual({ value: index, ...ORIGIN[where] });
    expect((await runInProcess([...flags, 'corpus', 'path'], { env })).stdout).toBe(`${index}\n`);
  });

  it('query --local, filters --local, corpus list and stats read it', async () => {
    const index = sampleIndexPath();
    const { env, flags } = setUp(where, index);
    const q = await runInProcess([...flags, 'query', '--local', '--json', '-n', '1', '3M capital expenditure 2018'], { env });
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout).summary.evidence_count).toBe(1);
    const fl = await runInProcess([...flags, 'filters', '--local', '--values', '--field', 'ticker', '--list'], { env });
    expect(fl.code, fl.stderr).toBe(0);
    expect(fl.stdout.split('\n')).toContain('MMM');
    expect((await runInProcess([...flags, 'corpus', 'list', '--json'], { env })).code).toBe(0);
    expect(JSON.parse((await runInProcess([...flags, 'corpus', 'stats', '--json'], { env })).stdout).index).toBe(index);
  });

  it('corpus add writes it, corpus init finds it, corpus remove changes it', async () => {
    const index = join(tempDir('filings-winner-'), 'index.sqlite');
    const { env, flags, losers } = setUp(where, index);
    const add = await runInProcess(
      [
        ...flags,
        'corpus',
        'add',
        sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz'),
        '--constituents',
        join(sampleCorpusDir(), 'constituents.csv'),
        '--json',
      ],
      { env },
    );
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout).index).toBe(index);
    expect(existsSync(index)).toBe(true);
    for (const l of losers) expect(existsSync(l)).toBe(false);
    expect(JSON.parse((await runInProcess([...flags, 'corpus', 'init', '--if-missing', '--json'], { env })).stdout)).toEqual({
      index,
      skipped: true,
    });
    const rm = await runInProcess([...flags, 'corpus', 'remove', 'MMM', '--json'], { env });
    expect(rm.code, rm.stderr).toBe(0);
    expect(JSON.parse(rm.stdout).removed).toEqual(['0001558370-19-000470']);
  });

  // The stand-in EDGAR serves the recorded material.
  it.skipIf(!hasFixtures())(needsFixtures('corpus pull checks it for filings already indexed and names it'), async () => {
    const index = sampleIndexPath();
    const { env, flags } = setUp(where, index);
    const edgar = await startStandIn();
    try {
      Object.assign(env, {
        FILINGS_SEC_WWW_URL: edgar.url,
        FILINGS_SEC_DATA_URL: edgar.url,
        FILINGS_SEC_USER_AGENT: 'Filings Test Suite tests@example.org',
        XDG_CACHE_HOME: tempDir('filings-cache-'),
      });
      const r = await runInProcess([...flags, 'corpus', 'pull', '--dry-run', '--json', 'AAPL', '--forms', '10-K', '--years', '2024'], {
        env,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).index).toBe(index);
    } finally {
      await edgar.close();
    }
  });

  it('serve and mcp serve it', async () => {
    const index = sampleIndexPath();
    const { env, flags } = setUp(where, index);
    const serve = startCli([...flags, 'serve', '--no-auth', '--port', '0', '--workers', '1', '--log-format', 'json'], env);
    const mcp = startCli([...flags, 'mcp'], env);
    try {
      await until(() => /"base_url"/.test(serve.stderr()) || serve.child.exitCode !== null, 30_000, 'serve to listen');
      expect(
        JSON.parse(
          serve
            .stderr()
            .split('\n')
            .find((l) => l.includes('"listening"'))!,
        ).index,
      ).toBe(index);
      await until(() => /serving /.test(mcp.stderr()) || mcp.child.exitCode !== null, 30_000, 'mcp to start');
      expect(mcp.stderr()).toContain(`serving the local index ${index} on stdio`);
    } finally {
      serve.child.kill('SIGTERM');
      mcp.child.kill('SIGTERM');
      await Promise.all([serve.done, mcp.done]);
    }
  });
});
