// What the corpus actions share: their options, the check that the index can be written, how a writer
// waits for the index lock, and small formatting helpers. The index path is the Factory's
// (f.indexPath()), as for every command.
import { assertWritableIndex } from '../../../engine/corpus.js';
import { IndexReadOnlyError, type LockOptions } from '../../../engine/index-location.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';

export interface CorpusOpts {
  json?: boolean;
  constituents?: string;
  ifMissing?: boolean;
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Refuses (exit 2, saying why) before any work when this user cannot change the index. */
export function ensureWritable(indexPath: string): void {
  try {
    assertWritableIndex(indexPath);
  } catch (e) {
    if (e instanceof IndexReadOnlyError) throw new UsageError(e.message);
    throw e;
  }
}

/** How a writer waits for another one: the lock_timeout setting (FILINGS_LOCK_TIMEOUT, default 60 s),
 * saying so once. */
export function lockOptions(f: Factory): LockOptions {
  const seconds = f.settings().lockTimeoutSeconds;
  return {
    waitMs: seconds * 1000,
    onWait: (holder, lockPath) =>
      f.io.stderr.write(
        `waiting up to ${seconds} s for ` +
          `${holder ? `process ${holder.pid} (${holder.command})` : 'another process'}, which is writing the ` +
          `index (lock: ${lockPath})\n`,
      ),
  };
}
