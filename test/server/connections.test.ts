// Issue 21.1 on real sockets, the server in a process of its own whose open file handles are counted:
// a connection the server gave up on (408 after a header or body timeout) is closed for good even when
// the client never closes its side, and connections are capped per address and in total with a 503,
// so an attacker's idle connections cannot take every file handle from the clients that follow.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_BACKEND, KEY, ROOT, call, ensureBuilt, postQuery } from './helpers.js';
import { canCountHandles, eventually, holdConnections, openHandles, serveProcess, started, type Proc } from './sockets.js';
import { tempDir } from '../helpers/tmp.js';

beforeAll(() => ensureBuilt());

const PARTIAL = 'POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-Slow: ';

describe.skipIf(!canCountHandles)('a connection the server gives up on is closed, not half-closed', () => {
  let s: Proc;
  beforeAll(async () => {
    s = await serveProcess({ keys: [KEY], headersTimeoutMs: 300, bodyTimeoutMs: 600 });
  });
  afterAll(() => s?.stop());

  it('after the 408 for headers that never finish, the handles come back though the clients keep their side open', async () => {
    const before = openHandles(s.pid);
    const held = await holdConnections(s.url, 40, '127.0.0.2', PARTIAL);
    expect(await eventually(() => openHandles(s.pid) >= before + 40 || held.ended() > 0)).toBe(true);
    // Every client got its 408 and the server's end of the connection...
    expect(await eventually(() => held.answered(408) === 40 && held.ended() === 40)).toBe(true);
    // ...and the server let go of every socket, though no client closed its own side.
    expect(await eventually(() => openHandles(s.pid) <= before)).toBe(true);
    expect(held.sockets.every((x) => !x.destroyed)).toBe(true);
    held.destroy();
  });

  it('the same after a body that never finishes', async () => {
    const before = openHandles(s.pid);
    const head = `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`;
    const held = await holdConnections(s.url, 20, '127.0.0.2', head);
    expect(await eventually(() => held.ended() === 20)).toBe(true);
    expect(await eventually(() => openHandles(s.pid) <= before)).toBe(true);
    held.destroy();
  });
});

describe.skipIf(!canCountHandles)('connection caps', () => {
  it('past the cap per address: a 503 and the connection closed; other addresses are served', async () => {
    const s = await serveProcess({ keys: [KEY], maxConnectionsPerAddress: 20, maxConnections: 500 });
    try {
      const before = openHandles(s.pid);
      const held = await holdConnections(s.url, 30, '127.0.0.2');
      // Ten refused at once, with a body saying why; the twenty kept are the only handles held.
      expect(await eventually(() => held.answered(503) === 10)).toBe(true);
      const refusal = held.received.find((r) => r.startsWith('HTTP/1.1 503 '))!;
      expect(refusal).toMatch(/retry-after: 1/i);
      expect(JSON.parse(refusal.slice(refusal.indexOf('\r\n\r\n') + 4))).toEqual({
        status_code: 503,
        message: 'Too many connections from this address (20 open, the limit is 20); reuse or close them',
        detail: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(await eventually(() => held.sockets.filter((x) => x.readyState === 'open').length === 20)).toBe(true);
      expect(await eventually(() => openHandles(s.pid) <= before + 20)).toBe(true);
      // A client from another address is answered; /healthz counts what was refused.
      expect((await postQuery(s.url, { query: 'q' })).status).toBe(200);
      const h = (await call(s.url, '/healthz', { key: null })).json;
      expect(h.connections.refused).toBe(10);
      held.destroy();
    } finally {
      await s.stop();
    }
  });

  it('past the total of connections that sent a valid request: a 503 for everyone until connections close', async () => {
    const s = await serveProcess({ keys: [KEY], maxConnectionsPerAddress: 100, maxConnections: 25 });
    try {
      // Keep-alive connections that each sent a request with the key (idle ones would make room: lockout.test.ts).
      const valid = `GET /v2/sandp_500/metadata-filters HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\n\r\n`;
      const held = await holdConnections(s.url, 25, '127.0.0.2', valid);
      expect(await eventually(() => held.answered(200) === 25)).toBe(true);
      const refused = await call(s.url, '/healthz', { key: null }).catch(() => undefined);
      expect(refused?.status).toBe(503);
      expect(refused?.json.message).toBe('The server has 25 connections open, its limit; retry shortly');
      held.destroy();
      let ok = false;
      for (let i = 0; i < 100 && !ok; i++) ok = (await call(s.url, '/healthz', { key: null })).status === 200;
      expect(ok).toBe(true);
    } finally {
      await s.stop();
    }
  });

  it('filings serve under a low open-file limit keeps serving other clients while one address holds hundreds of connections', async () => {
    const dir = tempDir('filings-conn-');
    const index = join(dir, 'index.sqlite');
    writeFileSync(index, 'fixture index');
    // 300 file handles for the whole process: the default total (the limit less a reserve) and the cap
    // per address keep an attacker's 320 connections from taking them all.
    const cmd = `ulimit -n 300 && exec "$0" "$@"`;
    const args = [
      join(ROOT, 'bin/filings.js'),
      'serve',
      '--port',
      '0',
      '--index',
      index,
      '--backend-module',
      fileURLToPath(FIXTURE_BACKEND),
      '--max-connections-per-address',
      '50',
      '--rate-limit',
      '0',
    ];
    const proc = spawn('bash', ['-c', cmd, process.execPath, ...args], {
      env: { ...process.env, FILINGS_SERVER_KEYS: KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = await started(proc, 'filings serve');
    try {
      const held = await holdConnections(s.url, 320, '127.0.0.2');
      // 270 refused: with a 503, or (a flood faster than refusals end) closed unanswered at accept.
      expect(await eventually(() => held.ended() === 270)).toBe(true);
      expect(held.answered(503)).toBeGreaterThan(0);
      expect(openHandles(s.pid)).toBeLessThan(300);
      for (let i = 0; i < 5; i++) expect((await postQuery(s.url, { query: `still served ${i}` })).status).toBe(200);
      held.destroy();
      // The refusals are logged (one line per hundred), never a crash.
      expect(s.stderr()).toMatch(/"msg":"connection refused","reason":"Too many connections from this address/);
      expect(proc.exitCode).toBeNull();
    } finally {
      await s.stop();
    }
  });
});
