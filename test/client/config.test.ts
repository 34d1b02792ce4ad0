// What createRemoteBackend refuses before sending anything: credentials in the base URL, keys that
// cannot go in a header, nonsense timeouts and retry settings.
import { describe, expect, it } from 'vitest';
import { RemoteConfigError, createRemoteBackend } from '../../src/client/remote-backend.js';
import { checkApiKey, parseBaseUrl } from '../../src/client/base-url.js';

const SECRET = 'hunter2-secret';

describe('base URL', () => {
  it('splits origin and path, dropping trailing slashes', () => {
    expect(parseBaseUrl('https://api-beta.ai-baseline.xyz/v2/sandp_500/')).toEqual({
      origin: 'https://api-beta.ai-baseline.xyz',
      path: '/v2/sandp_500',
      href: 'https://api-beta.ai-baseline.xyz/v2/sandp_500',
    });
    expect(parseBaseUrl('http://127.0.0.1:8080').href).toBe('http://127.0.0.1:8080');
  });

  it.each([
    [`https://user:${SECRET}@api.example/v2/sandp_500`, /must not carry credentials/],
    [`https://${SECRET}@api.example/v2/sandp_500`, /must not carry credentials/],
    [`https://api.example/v2/sandp_500?api_key=${SECRET}`, /must not have a query string/],
    [`https://api.example/v2/sandp_500?`, /must not have a query string/],
    ['ftp://api.example/v2', /http or https/],
    [`not a url ${SECRET}`, /not a valid absolute URL/],
  ])('refuses %s without echoing it', (url, message) => {
    const err = (() => {
      try {
        createRemoteBackend({ baseUrl: url, env: {} });
      } catch (e) {
        return e as Error;
      }
      throw new Error('accepted');
    })();
    expect(err).toBeInstanceOf(RemoteConfigError);
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain(SECRET);
  });
});

describe('API key', () => {
  it('is trimmed (key files end with a newline); empty means none', () => {
    expect(checkApiKey(' abc-123\n')).toBe('abc-123');
    expect(checkApiKey('')).toBeUndefined();
    expect(checkApiKey(undefined)).toBeUndefined();
  });

  it('refuses characters that cannot go in a header, without echoing the key', () => {
    for (const bad of [`${SECRET}\r\nX-Evil: 1`, `${SECRET} two`, `${SECRET}é`]) {
      expect(() => checkApiKey(bad)).toThrow(RemoteConfigError);
      expect(() => checkApiKey(bad)).not.toThrow(new RegExp(SECRET));
    }
  });
});

describe('settings', () => {
  it('refuses non-positive timeouts and negative retries', () => {
    expect(() => createRemoteBackend({ baseUrl: 'http://x', env: {}, timeouts: { idleMs: 0 } })).toThrow(/timeouts.idleMs/);
    expect(() => createRemoteBackend({ baseUrl: 'http://x', env: {}, retries: { max: -1 } })).toThrow(/retries.max/);
  });
});
