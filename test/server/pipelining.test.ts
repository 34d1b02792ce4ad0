// Issue 16.1: requests pipelined on one connection whose client then goes away. Every one of them is
// released (in flight back to 0), aborted (its backend work stops), and logged; none is left for the
// shutdown to wait on.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/http-server.js';
import { KEY, call, delay, ensureBuilt, fixtureBackend, memoryLogger, startServer } from './helpers.js';

let s: RunningServer;
const log = memoryLogger();
beforeAll(async () => {
  ensureBuilt();
  s = await startServer({ backend: await fixtureBackend(), logger: log, keyConcurrency: 64, keyQueue: 64 });
});
afterAll(() => s.close({ timeoutMs: 0 }));

function pipelined(n: number, query: (i: number) => string): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const body = JSON.stringify({ query: query(i) });
    out +=
      `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }
  return out;
}

/** Sends `n` pipelined requests on one connection, reads for `readMs`, then destroys the socket. */
async function sendAndHangUp(n: number, query: (i: number) => string, readMs: number): Promise<string> {
  const port = Number(new URL(s.url).port);
  const sock = net.connect(port, '127.0.0.1');
  let got = '';
  sock.on('data', (d) => (got += d.toString('latin1')));
  sock.on('error', () => undefined);
  await new Promise((r) => sock.once('connect', r));
  sock.write(pipelined(n, query));
  await delay(readMs);
  sock.destroy();
  return got;
}

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) return false;
    await delay(25);
  }
  return true;
};

describe('pipelined requests, then the client closes', () => {
  it('releases and logs all of them, round after round, and aborts their work', async () => {
    const rounds = 6;
    const per = 50;
    const before = log.entries.length;
    for (let round = 0; round < rounds; round++) {
      // The first answers at once; the others sleep, so most are still queued when the client leaves.
      const text = await sendAndHangUp(per, (i) => (i === 0 ? `round ${round}` : `round ${round} #${i} [sleep:2000]`), 150);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
    }
    const released = await until(() => s.inflight() === 0);
    expect({ released, inflight: s.inflight() }).toEqual({ released: true, inflight: 0 });
    expect(log.entries.length - before).toBe(rounds * per);
    expect(log.entries.slice(before).filter((e) => e.status === 499).length).toBeGreaterThanOrEqual(rounds * (per - 1));
    // Nothing holds a slot any more: the work was aborted, not left to run.
    const health = await call(s.url, '/healthz', { key: null });
    expect(health.json.admission).toEqual({ running: 0, waiting: 0, keys: 0 });
  });

  it('leaves nothing for a shutdown to wait on', async () => {
    await sendAndHangUp(20, (i) => `late ${i} [sleep:5000]`, 100);
    expect(await until(() => s.inflight() === 0)).toBe(true);
  });
});
