// What the corpus actions share: their options, the index path and small formatting helpers.
import { assertWritableIndex } from '../../../engine/index/atomic.js';
import { IndexReadOnlyError } from '../../../engine/index/errors.js';
import { resolveIndexPath } from '../../../engine/index/location.js';
import { DEFAULT_LOCK_WAIT_MS, type LockOptions } from '../../../engine/index/lock.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';

export interface CorpusOpts {
  index?: string;
  json?: boolean;
  constituents?: string;
  ifMissing?: boolean;
}

export function indexPathOf(opts: CorpusOpts, env: NodeJS.ProcessEnv): string {
  return resolveIndexPath({ flag: opts.index, env });
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

/** How a writer waits for another one: FILINGS_LOCK_TIMEOUT seconds (default 60), saying so once. */
export function lockOptions(io: Pick<Io, 'env' | 'stderr'>): LockOptions {
  const raw = io.env.FILINGS_LOCK_TIMEOUT;
  const seconds = raw === undefined || raw === '' ? DEFAULT_LOCK_WAIT_MS / 1000 : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError(`FILINGS_LOCK_TIMEOUT must be a number of seconds (0 or more); got "${raw}"`);
  return {
    waitMs: seconds * 1000,
    onWait: (holder, lockPath) =>
      io.stderr.write(
        `waiting up to ${seconds} s for ${holder ? `process ${holder.pid} (${holder.command})` : 'another process'}, which is writing the index (lock: ${lockPath})\n`,
      ),
  };
}
