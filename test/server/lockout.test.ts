// Issue 34.3 on real sockets: connections that have sent no valid request, from ten loopback addresses
// (127.0.0.2 ... 127.0.0.11, each under its cap), fill the server's total; a client with a key opening
// new connections is still served, because the oldest idle such connection is closed to make room.
// Connections that sent a request with a valid key are never closed for that: a server full of them
// refuses the next with a 503 as before.
import { describe, expect, it } from 'vitest';
import { KEY, call, delay, postQuery } from './helpers.js';
import { eventually, holdConnections, serveProcess, type Held, type Proc } from './sockets.js';

const ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
const PARTIAL = 'POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-Slow: ';
const VALID = `GET /v2/sandp_500/metadata-filters HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\n\r\n`;
const WRONG_KEY = 'GET /v2/sandp_500/metadata-filters HTTP/1.1\r\nHost: x\r\nX-API-Key: not-the-key-0000000\r\n\r\n';

/** `perAddress` connections from each of `addresses`, idle or after sending `send`. */
async function holdFrom(url: string, addresses: string[], perAddress: number, send?: string): Promise<Held[]> {
  return Promise.all(addresses.map((a) => holdConnections(url, perAddress, a, send)));
}
const ended = (held: Held[]) => held.reduce((n, h) => n + h.ended(), 0);
const destroy = (held: Held[]) => {
  for (const h of held) h.destroy();
};

async function withServer(body: (s: Proc) => Promise<void>): Promise<void> {
  // 200 in all, 30 per address: ten addresses of 20 fill the server, each under its own cap.
  const s = await serveProcess({ keys: [KEY], maxConnections: 200, maxConnectionsPerAddress: 30 });
  try {
    await body(s);
  } finally {
    await s.stop();
  }
}

/** 20 queries with the key, each on a new connection: their statuses. */
async function keyedTries(url: string, n = 20): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await postQuery(url, { query: `try ${i}` }).catch(() => ({ status: 0 }))).status);
  return out;
}

describe('a server full of connections that sent no valid request', () => {
  it('idle ones from ten addresses: every keyed query on a new connection is served; the oldest idle ones make room', () =>
    withServer(async (s) => {
      const held = await holdFrom(s.url, ADDRESSES, 20);
      await delay(200);
      const statuses = await keyedTries(s.url);
      expect(statuses).toEqual(statuses.map(() => 200));
      // At least one attacker's connection was closed (the keyed ones closed after each query).
      expect(ended(held)).toBeGreaterThanOrEqual(1);
      const first = held[0]!;
      expect(first.ended()).toBeGreaterThanOrEqual(1);
      const h = (await call(s.url, '/healthz', { key: null })).json;
      expect(h.connections.evicted).toBeGreaterThanOrEqual(1);
      expect(h.connections.open).toBeLessThanOrEqual(200);
      destroy(held);
    }));

  it('slowloris from ten addresses (a request that never finishes its headers): the same', () =>
    withServer(async (s) => {
      const held = await holdFrom(s.url, ADDRESSES, 20, PARTIAL);
      await delay(200);
      const statuses = await keyedTries(s.url);
      expect(statuses).toEqual(statuses.map(() => 200));
      destroy(held);
    }));

  it('a request with a wrong key proves nothing: those connections make room too', () =>
    withServer(async (s) => {
      const held = await holdFrom(s.url, ADDRESSES, 20, WRONG_KEY);
      // Each answered (401, or 429 once the address has sent ten wrong keys) and kept alive.
      expect(await eventually(() => held.every((h) => h.answered(401) + h.answered(429) === 20))).toBe(true);
      expect(ended(held)).toBe(0);
      const statuses = await keyedTries(s.url, 5);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      destroy(held);
    }));
});

describe('connections that sent a valid request are never closed to make room', () => {
  it('half proven, half idle: new keyed connections take the idle ones’ places, then a 503 for the next', () =>
    withServer(async (s) => {
      // 100 keep-alive connections that sent a request with the key, 100 idle ones.
      const proven = await holdFrom(s.url, ADDRESSES.slice(0, 5), 20, VALID);
      expect(await eventually(() => proven.every((h) => h.answered(200) === 20))).toBe(true);
      const idle = await holdFrom(s.url, ADDRESSES.slice(5), 20);
      await delay(100);
      // 100 more keyed connections that stay open: each closes an idle one.
      const more = await holdFrom(s.url, ['127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15', '127.0.0.16'], 20, VALID);
      expect(await eventually(() => more.every((h) => h.answered(200) === 20))).toBe(true);
      expect(await eventually(() => ended(idle) === 100)).toBe(true);
      expect(ended(proven)).toBe(0);
      // Full of proven connections: the next is refused as before, with the total's message.
      const refused = await call(s.url, '/healthz', { key: null }).catch(() => undefined);
      expect(refused?.status).toBe(503);
      expect(refused?.json.message).toBe('The server has 200 connections open, its limit; retry shortly');
      expect(ended(proven)).toBe(0);
      expect(ended(more)).toBe(0);
      destroy([...proven, ...idle, ...more]);
    }));
});
