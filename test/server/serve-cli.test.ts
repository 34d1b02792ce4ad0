// `filings serve` as a real child process: it refuses to start without keys (or with --no-auth on a
// non-loopback host), and on SIGTERM it stops accepting, lets in-flight work finish and exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../cli/run-cli.js';
import { FIXTURE_BACKEND, KEY, ROOT, call, delay, ensureBuilt, postQuery } from './helpers.js';
import { tempDir } from '../helpers/tmp.js';

const dir = tempDir('filings-serve-');
const index = join(dir, 'index.sqlite');
const BIN = join(ROOT, 'bin/filings.js');

beforeAll(() => {
  ensureBuilt();
  writeFileSync(index, 'fixture index');
});

interface Child {
  proc: ChildProcess;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function serve(args: string[], env: Record<string, string | undefined> = {}): Child {
  const proc = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--index', index, '--backend-module', fileURLToPath(FIXTURE_BACKEND), ...args],
    {
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  proc.stdout!.resume();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.on('exit', (code, signal) => r({ code, signal })),
  );
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  void exit.then(() => clearTimeout(timer));
  return { proc, stderr: () => err, exit };
}

async function listening(c: Child): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const m = /"msg":"listening".*?"url":"([^"]+)"|listening on (\S+)/.exec(c.stderr());
    if (m) return (m[1] ?? m[2])!;
    if (c.proc.exitCode !== null) break;
    await delay(50);
  }
  throw new Error(`the server did not start: ${c.stderr()}`);
}

describe('filings serve: starting', () => {
  it('refuses to start without keys (exit 2, a clear message)', async () => {
    const c = serve(['--host', '0.0.0.0']);
    expect((await c.exit).code).toBe(2);
    expect(c.stderr()).toMatch(/no API keys: set FILINGS_SERVER_KEYS/);
  });

  it('refuses --no-auth on a non-loopback host (exit 2)', async () => {
    const c = serve(['--host', '0.0.0.0', '--no-auth']);
    expect((await c.exit).code).toBe(2);
    expect(c.stderr()).toMatch(/loopback/);
  });

  it('a limit that is not a number in range is a usage error (exit 2) naming the option', async () => {
    for (const [flag, value] of [
      ['--request-timeout', 'soon'],
      ['--key-concurrency', '0'],
      ['--key-queue', '-1'],
      ['--rate-burst', '1.5'],
      ['--max-connections', '0'],
      ['--max-connections-per-address', 'many'],
      ['--trust-proxy', 'proxy.example'],
    ] as const) {
      const c = serve(['--no-auth', flag, value], {});
      expect((await c.exit).code).toBe(2);
      expect(c.stderr()).toContain(flag);
    }
  });

  it('starts with --no-auth on loopback and serves without a key', async () => {
    const c = serve(['--host', '127.0.0.1', '--no-auth', '--log-format', 'off']);
    const url = await listening(c);
    expect((await call(url, '/v2/sandp_500/metadata-filters', { key: null })).status).toBe(200);
    c.proc.kill('SIGTERM');
    expect(await c.exit).toEqual({ code: 0, signal: null });
  });
});

describe('filings serve: keys from a file', () => {
  it('keeps a # inside a key (only a line starting with # is a comment)', async () => {
    const file = join(dir, 'keys');
    const key = 'x#9fQ2-long-random-secret-part';
    writeFileSync(file, `# keys of the research team\n${key}\n`);
    const c = serve(['--keys-file', file, '--log-format', 'off']);
    const url = await listening(c);
    try {
      expect((await call(url, '/v2/sandp_500/metadata-filters', { key })).status).toBe(200);
      expect((await call(url, '/v2/sandp_500/metadata-filters', { key: 'x' })).status).toBe(401);
    } finally {
      c.proc.kill('SIGTERM');
      await c.exit;
    }
  });

  it('refuses a key shorter than 16 characters with its line number, never the key (exit 2), unless --allow-short-keys', async () => {
    const file = join(dir, 'short-keys');
    writeFileSync(file, `# keys\n${KEY}\n\nshort-s3cret\n`);
    const c = serve(['--keys-file', file]);
    expect((await c.exit).code).toBe(2);
    expect(c.stderr()).toBe(
      `filings: refusing to serve: ${file}, line 4: the key has 12 characters; keys need at least 16 (e.g. openssl rand -hex 24), or pass --allow-short-keys\n`,
    );
    const allowed = serve(['--keys-file', file, '--allow-short-keys', '--log-format', 'off']);
    const url = await listening(allowed);
    expect((await call(url, '/v2/sandp_500/metadata-filters', { key: 'short-s3cret' })).status).toBe(200);
    allowed.proc.kill('SIGTERM');
    await allowed.exit;
  });

  it("names a short key of a profile's server_keys by the setting and the profile", async () => {
    const config = tempDir('filings-serve-config-');
    mkdirSync(join(config, 'filings'));
    writeFileSync(join(config, 'filings', 'config.json'), JSON.stringify({ profiles: { default: { server_keys: 'tiny' } } }), {
      mode: 0o600,
    });
    const c = serve([], { XDG_CONFIG_HOME: config });
    expect((await c.exit).code).toBe(2);
    expect(c.stderr()).toContain('filings: refusing to serve: server_keys (profile "default"), key 1: the key has 4 characters');
    expect(c.stderr()).not.toContain('tiny');
  });
});

describe('filings serve: the access log', () => {
  it('stays one JSON object a line through rounds of pipelined requests whose client hangs up', async () => {
    const c = serve(['--log-format', 'json', '--rate-limit', '0'], { FILINGS_SERVER_KEYS: KEY });
    const url = await listening(c);
    try {
      const { port } = new URL(url);
      for (let round = 0; round < 3; round++) {
        const sock = net.connect(Number(port), '127.0.0.1');
        sock.on('error', () => undefined);
        sock.on('data', () => undefined);
        await new Promise((r) => sock.once('connect', r));
        // The first takes a while; the others are refused at once (422), their answers queued behind it.
        const one = (i: number) => {
          const body = JSON.stringify(
            i === 0 ? { query: `pipelined ${round} [sleep:300]` } : { query: `pipelined ${round}.${i}`, mode: 'unknown' },
          );
          return `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
        };
        sock.write(Array.from({ length: 30 }, (_, i) => one(i)).join(''));
        await delay(200);
        sock.destroy();
      }
      let lines: string[] = [];
      for (let i = 0; i < 100; i++) {
        lines = c.stderr().trim().split('\n');
        if (lines.filter((l) => l.includes('"path":"/v2/sandp_500/query"')).length >= 90) break;
        await delay(50);
      }
      expect(lines.filter((l) => l.includes('"path":"/v2/sandp_500/query"'))).toHaveLength(90);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      c.proc.kill('SIGTERM');
      await c.exit;
    }
  });
});

describe('filings serve: SIGTERM', () => {
  it('finishes the in-flight request, refuses new connections, exits 0, and never logs the key', async () => {
    const key = 'cli-secret-key-42';
    const c = serve(['--workers', '2', '--keys-file', '/dev/null'], { FILINGS_SERVER_KEYS: key });
    const url = await listening(c);
    const inflight = postQuery(url, { query: 'slow one [sleep:1500]' }, { key });
    await delay(300);
    c.proc.kill('SIGTERM');
    await delay(300);
    await expect(call(url, '/healthz', { key: null })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const done = await inflight;
    expect(done.status).toBe(200);
    expect(done.json.summary.evidence_count).toBe(3);
    expect(await c.exit).toEqual({ code: 0, signal: null });
    const lines = c
      .stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => l.msg === 'shutdown')).toBe(true);
    expect(lines.some((l) => l.request_id === done.headers['x-request-id'] && l.status === 200)).toBe(true);
    expect(c.stderr()).not.toContain(key);
  });

  it('aborts what is still running at the shutdown deadline and still exits 0', async () => {
    const c = serve(['--shutdown-timeout', '1', '--log-format', 'off', '--allow-short-keys'], { FILINGS_SERVER_KEYS: 'k' });
    const url = await listening(c);
    const started = Date.now();
    const stuck = postQuery(url, { query: 'too slow [sleep:20000]' }, { key: 'k' });
    await delay(300);
    c.proc.kill('SIGTERM');
    const r = await stuck;
    expect(r.status).toBe(503);
    expect(r.json.detail.code).toBe('SERVICE_UNAVAILABLE');
    expect(await c.exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
