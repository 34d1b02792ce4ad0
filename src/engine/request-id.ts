import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `req_` and 20 base62 characters, as the public deployment's ids look. Bytes of 248 and above are
 * skipped so that every character is equally likely (248 = 4 x 62). */
export function newRequestId(): string {
  let s = 'req_';
  while (s.length < 24) {
    for (const b of randomBytes(24)) {
      if (b < 248 && s.length < 24) s += ALPHABET[b % 62];
    }
  }
  return s;
}
