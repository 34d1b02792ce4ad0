// Shared by the server tests: a fresh build of dist/ when sources changed (worker threads and child
// processes run compiled JavaScript), servers on 127.0.0.1 port 0, and raw HTTP calls.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Backend } from '../../src/backend.js';
import type { AccessEntry, Logger } from '../../src/server/access-log.js';
import { createServer, type RunningServer, type ServerOptions } from '../../src/server/http-server.js';

export const ROOT = resolve(__dirname, '../..');
export const FIXTURE_BACKEND = pathToFileURL(join(__dirname, 'fixtures/test-backend.mjs'));
export const KEY = 'test-key-0123456789';
export const OTHER_KEY = 'second-key-abcdef';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Compiles the project when dist/ is older than src/ (test files run in parallel: one builds). */
export function ensureBuilt(): void {
  const stamp = join(ROOT, 'dist/server/query-worker.js');
  const fresh = () => existsSync(stamp) && statSync(stamp).mtimeMs >= newestMtime(join(ROOT, 'src'));
  if (fresh()) return;
  const lock = join(ROOT, '.tmp/build.lock');
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (fresh()) return;
      if (waited > 120_000 || Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000) rmdirSync(lock);
      sleepSync(100);
    }
  }
  try {
    if (fresh()) return;
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'pipe' });
      // The CLI runs from the bundle when it is fresh; rebuild it with the sources.
      execFileSync(process.execPath, [join(ROOT, 'scripts/bundle.js')], { cwd: ROOT, stdio: 'pipe' });
    } catch {
      // Other people's files may not compile yet; tsc still emits ours.
    }
  } finally {
    rmdirSync(lock);
  }
}

export async function fixtureBackend(data: Record<string, unknown> = {}): Promise<Backend> {
  const mod = (await import(FIXTURE_BACKEND.href)) as { openBackend(d: unknown): Promise<Backend> };
  return mod.openBackend(data);
}

/** A logger that keeps every line (to check what is and is not logged). */
export function memoryLogger(): Logger & { lines: string[]; entries: AccessEntry[] } {
  const lines: string[] = [];
  const entries: AccessEntry[] = [];
  return {
    lines,
    entries,
    access: (e) => {
      entries.push(e);
      lines.push(JSON.stringify(e));
    },
    info: (msg, f) => lines.push(JSON.stringify({ msg, ...f })),
    error: (msg, f) => lines.push(JSON.stringify({ msg, ...f })),
  };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  return createServer({ host: '127.0.0.1', port: 0, keys: [KEY, OTHER_KEY], rateLimit: 0, ...opts });
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string | undefined>;
  body?: string | Buffer;
  key?: string | null;
  agent?: http.Agent | false;
  signal?: AbortSignal;
}

/** One request with exactly the given headers (X-API-Key: KEY unless key is null). */
export function call(base: string, path: string, o: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (o.key !== null) headers['x-api-key'] = o.key ?? KEY;
  if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(o.body));
  }
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    if (v === undefined) delete headers[k.toLowerCase()];
    else headers[k.toLowerCase()] = v;
  }
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      base + path,
      { method: o.method ?? (o.body === undefined ? 'GET' : 'POST'), headers, agent: o.agent ?? false, signal: o.signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

export const postQuery = (base: string, body: unknown, o: CallOptions = {}) =>
  call(base, '/v2/sandp_500/query', { ...o, body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) });

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An ErrorResponse of the project's shape with the given status and detail.code. */
export function expectErrorShape(reply: Reply, status: number, code: string): void {
  const b = reply.json as { status_code: unknown; message: unknown; detail: { code: unknown } };
  if (reply.status !== status || b?.status_code !== status || typeof b.message !== 'string' || b.detail?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${reply.text.slice(0, 300)}`);
  }
}
