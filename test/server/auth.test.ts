// Authentication: keys from env and file, constant-time checking, keys refused in the URL, and keys
// never logged; /healthz and /v2/openapi.json open to all.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyChecker, isLoopbackHost, KeyConfigError, keyId, keyLikeParam, loadKeys } from '../../src/server/auth.js';
import type { RunningServer } from '../../src/server/http-server.js';
import { KEY, OTHER_KEY, call, ensureBuilt, expectErrorShape, fixtureBackend, memoryLogger, postQuery, startServer } from './helpers.js';
import { tempDir } from '../helpers/tmp.js';

describe('key helpers', () => {
  const dir = tempDir('keys-');

  it('loads keys from a comma list and a file with comment lines, trimmed and deduplicated', () => {
    const file = join(dir, 'keys');
    writeFileSync(
      file,
      '# server keys\nalpha-0123456789abcdef\n  beta-0123456789abcdef  \n\n  #gamma-0123456789abcdef\nalpha-0123456789abcdef\n',
    );
    expect(loadKeys({ env: ' one-0123456789abcdef, two-0123456789abcdef ,,', file })).toEqual([
      'one-0123456789abcdef',
      'two-0123456789abcdef',
      'alpha-0123456789abcdef',
      'beta-0123456789abcdef',
    ]);
    expect(loadKeys({})).toEqual([]);
  });

  it('keeps a # inside a key: only a line that starts with # is a comment', () => {
    const file = join(dir, 'hash-keys');
    writeFileSync(file, '# the key below holds a #\nx#9fQ2-long-random-secret-part\n');
    expect(loadKeys({ file })).toEqual(['x#9fQ2-long-random-secret-part']);
  });

  it('refuses a short key or one with blanks inside, naming the line, never the key', () => {
    const file = join(dir, 'short-keys');
    writeFileSync(file, '# keys\nlong-enough-key-0123456789\nsh0rt-s3cret\n');
    expect(() => loadKeys({ file })).toThrow(KeyConfigError);
    const message = (() => {
      try {
        loadKeys({ file });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toBe(
      `${file}, line 3: the key has 12 characters; keys need at least 16 (e.g. openssl rand -hex 24), or pass --allow-short-keys`,
    );
    expect(message).not.toContain('sh0rt');
    expect(loadKeys({ file, allowShort: true })).toEqual(['long-enough-key-0123456789', 'sh0rt-s3cret']);
    expect(() => loadKeys({ env: 'long-enough-key-0123456789,tiny' })).toThrow(/FILINGS_SERVER_KEYS, key 2: the key has 4 characters/);
    // Keys set in a profile (the server_keys setting) are named as such.
    expect(() => loadKeys({ env: 'tiny', envName: 'server_keys (profile "prod")' })).toThrow(
      /^server_keys \(profile "prod"\), key 1: the key has 4 characters/,
    );
    writeFileSync(file, 'a-key-0123456789abcdef  # an inline comment\n');
    expect(() => loadKeys({ file })).toThrow(/line 1: the key has blanks inside it; .*comments on lines of their own/);
  });

  it('checks keys against every configured digest and returns the key id', () => {
    const checker = createKeyChecker(['alpha', 'beta']);
    expect(checker.check('beta')).toBe(keyId('beta'));
    expect(checker.check('alpha')).toBe(keyId('alpha'));
    expect(checker.check('alph')).toBeUndefined();
    expect(checker.check('')).toBeUndefined();
    expect(checker.check(undefined)).toBeUndefined();
    expect(checker.check('x'.repeat(10_000))).toBeUndefined();
    expect(keyId('alpha')).toMatch(/^[0-9a-f]{8}$/);
    expect(keyId('alpha')).not.toContain('alpha');
  });

  it('takes about the same time for a near miss as for a far miss (digests, no early exit)', () => {
    const checker = createKeyChecker([KEY]);
    const time = (k: string) => {
      const t = process.hrtime.bigint();
      for (let i = 0; i < 20_000; i++) checker.check(k);
      return Number(process.hrtime.bigint() - t);
    };
    time(KEY); // warm up
    let near = Infinity;
    let far = Infinity;
    // Interleaved rounds, best of each: scheduling noise only ever adds time.
    for (let round = 0; round < 5; round++) {
      near = Math.min(near, time(`${KEY.slice(0, -1)}X`));
      far = Math.min(far, time(`Z${KEY.slice(1)}`));
    }
    expect(Math.max(near, far) / Math.min(near, far)).toBeLessThan(2);
  });

  it('recognises key-like query parameters and loopback hosts', () => {
    for (const p of ['api_key', 'apikey', 'key', 'x-api-key', 'X-API-KEY', 'x_api_key', 'token', 'access_token', 'api-key'])
      expect(keyLikeParam(p)).toBe(true);
    for (const p of ['field', 'include_values', 'keyboard', 'monkey']) expect(keyLikeParam(p)).toBe(false);
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.1', 'example.com', '128.0.0.1']) expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('X-API-Key over HTTP', () => {
  let s: RunningServer;
  const log = memoryLogger();
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer({ backend: await fixtureBackend(), logger: log });
  });
  afterAll(() => s.close());

  it('missing key: 401 UNAUTHORIZED with WWW-Authenticate', async () => {
    const r = await postQuery(s.url, { query: 'q' }, { key: null });
    expectErrorShape(r, 401, 'UNAUTHORIZED');
    expect(r.headers['www-authenticate']).toMatch(/X-API-Key/);
  });

  it('wrong key: 401 UNAUTHORIZED', async () => {
    expectErrorShape(await postQuery(s.url, { query: 'q' }, { key: 'nope' }), 401, 'UNAUTHORIZED');
    expectErrorShape(await call(s.url, '/v2/sandp_500/metadata-filters', { key: `${KEY}x` }), 401, 'UNAUTHORIZED');
  });

  it('right key (either of two): 200', async () => {
    expect((await postQuery(s.url, { query: 'q' })).status).toBe(200);
    expect((await call(s.url, '/v2/sandp_500/metadata-filters', { key: OTHER_KEY })).status).toBe(200);
  });

  it('a key in the query string is refused even when valid, and even with a valid header', async () => {
    for (const param of ['api_key', 'key', 'x-api-key', 'apikey', 'token']) {
      const r = await call(s.url, `/v2/sandp_500/metadata-filters?${param}=${KEY}`);
      expectErrorShape(r, 401, 'UNAUTHORIZED');
      expect(r.json.message).toMatch(/X-API-Key header/);
    }
    expectErrorShape(
      await postQuery(s.url, { query: 'q' }, {}).then(() => call(s.url, `/v2/sandp_500/query?api_key=${KEY}`, { body: '{"query":"q"}' })),
      401,
      'UNAUTHORIZED',
    );
  });

  it('/healthz and /v2/openapi.json need no key', async () => {
    expect((await call(s.url, '/healthz', { key: null })).status).toBe(200);
    expect((await call(s.url, '/v2/openapi.json', { key: null })).status).toBe(200);
  });

  it('a key in a query parameter of any other name is answered but never logged', async () => {
    const leaked = 'leaked-key-value-0042';
    for (const param of ['secret', 'password', 'k', 'sig', 'jwt', 'session', 'api_key[]', leaked]) {
      expect((await call(s.url, `/v2/sandp_500/metadata-filters?field=sec_ticker&${encodeURIComponent(param)}=${leaked}`)).status).toBe(
        200,
      );
    }
    expect(log.lines.join('\n')).not.toContain(leaked);
    expect(log.entries.some((e) => e.path === '/v2/sandp_500/metadata-filters?field=sec_ticker&***')).toBe(true);
  });

  it('never logs a key, only its 8-hex id; query values outside the API are masked', () => {
    const all = log.lines.join('\n');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain(OTHER_KEY);
    expect(log.entries.some((e) => e.key_id === keyId(KEY))).toBe(true);
    expect(log.entries.some((e) => e.path.endsWith('?***'))).toBe(true);
  });
});
