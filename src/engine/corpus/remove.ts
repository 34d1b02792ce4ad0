// Removing filings (by accession or ticker) from an index, on a temporary copy renamed over it.
import { existsSync } from 'node:fs';
import { replaceAtomically } from '../index/atomic.js';
import { NoIndexError } from '../index/errors.js';
import type { LockOptions } from '../index/lock.js';
import { IndexWriter } from '../index/writer.js';

export async function removeFromIndex(indexPath: string, accessionOrTicker: string, lock?: LockOptions): Promise<string[]> {
  if (!existsSync(indexPath)) throw new NoIndexError(indexPath);
  let removed: string[] = [];
  class NothingRemoved extends Error {}
  try {
    await replaceAtomically(indexPath, true, (tmp) => {
      const w = IndexWriter.open(tmp);
      try {
        removed = w.remove(accessionOrTicker.trim());
        if (removed.length === 0) throw new NothingRemoved();
        w.close();
      } catch (e) {
        w.abort();
        throw e;
      }
    }, { lock });
  } catch (e) {
    if (!(e instanceof NothingRemoved)) throw e;
  }
  return removed;
}
