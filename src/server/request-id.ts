// Request ids: "req_" + 20 base62 characters from a CSPRNG (about 119 bits), like the public service's.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function newRequestId(): string {
  let out = 'req_';
  while (out.length < 24) {
    for (const b of randomBytes(32)) {
      // Rejection sampling: 248 = 4 * 62, so bytes below it map to base62 without bias.
      if (b < 248 && out.length < 24) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export const REQUEST_ID_PATTERN = /^req_[0-9A-Za-z]{20}$/;
