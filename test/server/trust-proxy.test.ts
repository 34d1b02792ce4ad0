// Issue 21.2: rejected keys are throttled per client, a right key never is, so a client that shares an
// address with a guesser (every client behind one reverse proxy) is served; and with --trust-proxy the
// client is the one X-Forwarded-For names, as the proxy appended it (what a client writes there itself
// is not believed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../src/server/client-address.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { KEY, call, ensureBuilt, expectErrorShape, fixtureBackend, startServer } from './helpers.js';

const path = '/v2/sandp_500/metadata-filters';
const from = (xff: string | undefined, key: string) => ({ key, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });

beforeAll(() => ensureBuilt());

/** The rejected keys' budget refills one key in ten minutes, not one a second (the default): the 429s
 * seen are the burst spent, however slowly a loaded machine sends the requests. */
const SLOW_REFILL = { authFailureRate: 1 / 600 };

describe('a guesser and a client on one address', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ backend: await fixtureBackend(), ...SLOW_REFILL });
  });
  afterAll(() => s.close());

  it("wrong keys are answered 401, then 429; the right key's requests are all answered", async () => {
    const wrong: number[] = [];
    const right: number[] = [];
    for (let i = 0; i < 40; i++) {
      wrong.push((await call(s.url, path, { key: `wrong-key-guess-${i}` })).status);
      if (i % 2 === 0) right.push((await call(s.url, path, { key: KEY })).status);
    }
    expect(wrong.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(wrong.slice(10).every((x) => x === 429)).toBe(true);
    expect(right).toEqual(Array(20).fill(200));
  });
});

describe('--trust-proxy', () => {
  let direct: RunningServer;
  let proxied: RunningServer;
  beforeAll(async () => {
    direct = await startServer({ backend: await fixtureBackend(), ...SLOW_REFILL });
    proxied = await startServer({ backend: await fixtureBackend(), trustProxy: '127.0.0.1', ...SLOW_REFILL });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const burn = async (s: RunningServer, xff: string) => {
    for (let i = 0; i < 10; i++) expectErrorShape(await call(s.url, path, from(xff, `guess-${xff}-${i}`)), 401, 'UNAUTHORIZED');
    expectErrorShape(await call(s.url, path, from(xff, 'one-more-guess')), 429, 'RATE_LIMITED');
  };

  it('throttles each client behind the proxy on its own', async () => {
    await burn(proxied, '203.0.113.7');
    // Another client of the same proxy is not throttled for the first one's guesses.
    expectErrorShape(await call(proxied.url, path, from('198.51.100.20', 'a-wrong-key-of-its-own')), 401, 'UNAUTHORIZED');
    // A header the guesser wrote itself sits left of what the proxy appended: it changes nothing.
    expectErrorShape(await call(proxied.url, path, from('198.51.100.99, 203.0.113.7', 'spoofed-guess')), 429, 'RATE_LIMITED');
  });

  it('is off by default: the header is not believed, and the peer is the client', async () => {
    await burn(direct, '203.0.113.8');
    expectErrorShape(await call(direct.url, path, from('198.51.100.21', 'a-wrong-key-of-its-own')), 429, 'RATE_LIMITED');
  });

  it('parses addresses, ranges and loopback, and refuses anything else', () => {
    const t = parseTrustedProxies('10.0.0.0/8, ::1,192.168.1.5');
    for (const a of ['10.1.2.3', '::ffff:10.9.9.9', '::1', '192.168.1.5']) expect(t.has(a), a).toBe(true);
    for (const a of ['11.0.0.1', '192.168.1.6', '127.0.0.1', 'not an address']) expect(t.has(a), a).toBe(false);
    expect(parseTrustedProxies('loopback').has('127.3.4.5')).toBe(true);
    for (const bad of ['', 'proxy.example', '10.0.0.0/33', '1.2.3.4/8/9'])
      expect(() => parseTrustedProxies(bad), bad).toThrow(/--trust-proxy/);
  });
});
