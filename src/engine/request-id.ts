import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `req_` and 20 base62 characters, as the public deployment's ids look. */
export function newRequestId(): string {
  const bytes = randomBytes(20);
  let s = 'req_';
  for (const b of bytes) s += ALPHABET[b % 62];
  return s;
}
