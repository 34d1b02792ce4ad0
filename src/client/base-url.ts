// The service's base URL and the API key, checked once when the backend is created. Credentials go
// only in the X-API-Key header: a base URL carrying them would leak them into logs, shell history
// and proxies, so it is refused (and never echoed back in the message).
import { RemoteConfigError } from '../backend-errors.js';

/** A base URL or API key the client refuses to use (defined with the other backend errors). */
export { RemoteConfigError };

export interface BaseUrl {
  /** scheme://host[:port], free of credentials: safe to show in messages. */
  origin: string;
  /** The path prefix without a trailing slash, e.g. "/v2/sandp_500" (may be ""). */
  path: string;
  /** origin + path: what messages show as "the base URL". */
  href: string;
}

export function parseBaseUrl(raw: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RemoteConfigError('The base URL is not a valid absolute URL (expected e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteConfigError(`The base URL must use http or https, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new RemoteConfigError(
      'The base URL must not carry credentials (user:password@); give the API key with FILINGS_API_KEY, --api-key-file or `filings config set api_key`',
    );
  }
  // Any query string is refused, not only ones that look like keys: requests append paths to the
  // base URL, so a query there is meaningless, and it is where keys get pasted (?api_key=...).
  if (url.search !== '' || raw.includes('?')) {
    throw new RemoteConfigError(
      'The base URL must not have a query string; the API key is sent only in the X-API-Key header ' +
        '(FILINGS_API_KEY, --api-key-file or `filings config set api_key`)',
    );
  }
  if (url.hash !== '') throw new RemoteConfigError('The base URL must not have a #fragment');
  const path = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, path, href: url.origin + path };
}

/** The key as it goes in the header: trimmed (key files end with a newline); undefined when empty. */
export function checkApiKey(raw: string | undefined): string | undefined {
  const key = raw?.trim();
  if (!key) return undefined;
  // Visible ASCII only: anything else would be rejected by the HTTP layer with a less clear error,
  // or (CR/LF) would be header injection.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new RemoteConfigError('The API key contains whitespace, control or non-ASCII characters; check where it was read from');
  }
  return key;
}
