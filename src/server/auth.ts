// API keys: where they come from (FILINGS_SERVER_KEYS, --keys-file), how a presented key is checked
// (constant time over SHA-256 digests, so neither length nor content leaks through timing), and the
// short non-reversible key id the access log and the rate limiter use instead of the key.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** First 8 hex characters of the key's SHA-256: enough to tell keys apart in logs, useless to an attacker. */
export function keyId(key: string): string {
  return sha256(key).toString('hex').slice(0, 8);
}

/** Keys from a comma-separated env value and/or a file of one key per line (`#` starts a comment). */
export function loadKeys(opts: { env?: string; file?: string }): string[] {
  const keys: string[] = [];
  if (opts.env) keys.push(...opts.env.split(','));
  if (opts.file) {
    for (const line of readFileSync(opts.file, 'utf8').split(/\r?\n/)) keys.push(line.replace(/#.*$/, ''));
  }
  return [...new Set(keys.map((k) => k.trim()).filter((k) => k.length > 0))];
}

export interface KeyChecker {
  /** The key id of a matching key, or undefined. Always compares against every configured key. */
  check(presented: string | undefined): string | undefined;
  readonly size: number;
}

export function createKeyChecker(keys: string[]): KeyChecker {
  const digests = keys.map((k) => ({ digest: sha256(k), id: keyId(k) }));
  return {
    size: digests.length,
    check(presented) {
      if (presented === undefined) return undefined;
      const d = sha256(presented);
      let found: string | undefined;
      // No early exit: the time taken does not depend on which key (if any) matched.
      for (const k of digests) if (timingSafeEqual(d, k.digest) && found === undefined) found = k.id;
      return found;
    },
  };
}

/** Query parameters that look like an API key: refused even when the key is valid (keys go in headers). */
export function keyLikeParam(name: string): boolean {
  return /^(x[-_]?)?(api[-_]?)?(key|token)$|^apikey$|^access[-_]?token$|^auth(orization)?$/i.test(name);
}

export function queryStringKeyParams(search: URLSearchParams): string[] {
  return [...new Set([...search.keys()].filter(keyLikeParam))];
}

/** 127.0.0.0/8, ::1, localhost (and IPv4-mapped loopback). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.split('.')[0] === '127';
}
