// Issue 16.10, the clock: the header and body timeouts fire when configured (Node checked them only
// every 30 s), and a response the client never reads is cut off and released instead of held forever.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/http-server.js';
import { KEY, delay, ensureBuilt, fixtureBackend, memoryLogger, startServer } from './helpers.js';

let s: RunningServer;
const log = memoryLogger();
beforeAll(async () => {
  ensureBuilt();
  s = await startServer({ backend: await fixtureBackend(), logger: log, headersTimeoutMs: 500, bodyTimeoutMs: 1000, sendTimeoutMs: 500 });
});
afterAll(() => s.close({ timeoutMs: 0 }));

/** Writes `text` and waits until the server closes the connection (or `giveUpMs`); returns when. */
function openAndWait(text: string, giveUpMs: number): Promise<{ closedAfterMs: number | null; response: string }> {
  const port = Number(new URL(s.url).port);
  return new Promise((resolve) => {
    const t0 = Date.now();
    const sock = net.connect(port, '127.0.0.1', () => sock.write(text));
    let response = '';
    sock.on('data', (d) => (response += d.toString('latin1')));
    const done = (closedAfterMs: number | null) => {
      clearTimeout(timer);
      sock.destroy();
      resolve({ closedAfterMs, response });
    };
    sock.on('close', () => done(Date.now() - t0));
    sock.on('error', () => undefined);
    const timer = setTimeout(() => done(null), giveUpMs);
  });
}

describe('timeouts fire when configured', () => {
  it('headers that never finish: 408 and closed after the headers timeout, not 30 s later', async () => {
    const r = await openAndWait('POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-Slow: ', 10_000);
    expect(r.closedAfterMs).not.toBeNull();
    expect(r.closedAfterMs!).toBeLessThan(3000);
    expect(r.response).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body that never finishes: closed after the body timeout', async () => {
    const head = `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`;
    const r = await openAndWait(head, 10_000);
    expect(r.closedAfterMs).not.toBeNull();
    expect(r.closedAfterMs!).toBeLessThan(4000);
  });
});

describe('a response the client never reads', () => {
  it('is cut off after the send timeout, released and logged', async () => {
    const port = Number(new URL(s.url).port);
    const before = log.entries.length;
    const body = JSON.stringify({ query: 'a lot [big:32768]' }); // 32 MB: more than the socket buffers hold
    const sock = net.connect(port, '127.0.0.1');
    sock.on('error', () => undefined);
    await new Promise((r) => sock.once('connect', r));
    sock.write(
      `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    sock.pause(); // and never read
    await delay(300);
    expect(s.inflight()).toBe(1);
    for (let i = 0; i < 200 && s.inflight() > 0; i++) await delay(50);
    expect(s.inflight()).toBe(0);
    const entry = log.entries.slice(before).find((e) => e.path === '/v2/sandp_500/query');
    expect(entry?.status).toBe(499);
    sock.destroy();
  });
});
