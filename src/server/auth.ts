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

/** Keys shorter than this are refused unless allowed: an online guess must not stand a chance. */
export const MIN_KEY_LENGTH = 16;

/** A key the server refuses to load, named by where it is (never by its text). */
export class KeyConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyConfigError';
  }
}

export interface KeySources {
  /** Comma-separated keys (the server_keys setting). */
  env?: string;
  /** Where `env` came from, for messages (default FILINGS_SERVER_KEYS). */
  envName?: string;
  file?: string;
  /** Accept keys shorter than MIN_KEY_LENGTH (tests, a server on loopback). */
  allowShort?: boolean;
}

/**
 * Keys from a comma-separated env value and/or a file of one key per line. A line whose first
 * non-blank character is `#` is a comment; a `#` anywhere else belongs to the key (random keys hold
 * one). A key with blanks inside, or shorter than 16 characters (unless allowed), is refused with its
 * place, never its text.
 */
export function loadKeys(opts: KeySources): string[] {
  const found: { key: string; where: string }[] = [];
  if (opts.env)
    for (const [i, k] of opts.env.split(',').entries())
      found.push({ key: k.trim(), where: `${opts.envName ?? 'FILINGS_SERVER_KEYS'}, key ${i + 1}` });
  if (opts.file) {
    readFileSync(opts.file, 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        const key = line.trim();
        if (!key.startsWith('#')) found.push({ key, where: `${opts.file}, line ${i + 1}` });
      });
  }
  const keys = found.filter((k) => k.key.length > 0);
  for (const { key, where } of keys) {
    if (/\s/.test(key))
      throw new KeyConfigError(
        `${where}: the key has blanks inside it; one key a line, and comments on lines of their own (starting with #)`,
      );
    if (key.length < MIN_KEY_LENGTH && !opts.allowShort) {
      throw new KeyConfigError(
        `${where}: the key has ${key.length} characters; keys need at least ${MIN_KEY_LENGTH} (e.g. openssl rand -hex 24), or pass --allow-short-keys`,
      );
    }
  }
  return [...new Set(keys.map((k) => k.key))];
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
