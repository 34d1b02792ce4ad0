// Request ids, made alike by every backend and the server.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `req_` and 20 base62 characters, as the public deployment's ids look. An id must be unique, not
 * secret: Math.random (seeded per process from the system's entropy) rather than node:crypto, whose
 * loading is about 5 ms of every cold `filings query`. */
export function newRequestId(): string {
  let s = 'req_';
  while (s.length < 24) s += ALPHABET[Math.floor(Math.random() * 62)];
  return s;
}

/** What an id looks like, for checks. */
export const REQUEST_ID_PATTERN = /^req_[0-9A-Za-z]{20}$/;
