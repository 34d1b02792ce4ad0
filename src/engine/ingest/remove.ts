// Removing filings (by accession or ticker) from an index, in place in one transaction (index/atomic.ts).
import { existsSync } from 'node:fs';
import { writeIndex } from '../index/atomic.js';
import { NoIndexError } from '../index/errors.js';
import type { LockOptions } from '../index/lock.js';
import { openWriter } from './open-writer.js';

export async function removeFromIndex(indexPath: string, accessionOrTicker: string, lock?: LockOptions): Promise<string[]> {
  if (!existsSync(indexPath)) throw new NoIndexError(indexPath);
  let removed: string[] = [];
  class NothingRemoved extends Error {}
  try {
    await writeIndex(
      indexPath,
      false,
      (path, inPlace) => {
        const w = openWriter(path, inPlace);
        try {
          removed = w.remove(accessionOrTicker.trim());
          if (removed.length === 0) throw new NothingRemoved();
          w.close();
        } catch (e) {
          w.abort();
          throw e;
        }
      },
      { lock },
    );
  } catch (e) {
    if (!(e instanceof NothingRemoved)) throw e;
  }
  return removed;
}
