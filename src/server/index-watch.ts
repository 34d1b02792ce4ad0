// Watches the index path by polling its inode, size and mtime: a full build replaces the index by
// rename, which fs.watch reports unreliably across platforms, while a stat every second costs nothing.
// Filings added in place (WAL, one transaction) need no reload: each worker's connection sees the
// index's new data version on its next query and rebuilds its directory (engine-backend.ts); the file's
// stamp changes too once the WAL is copied back, and the pool then starts fresh workers as well.
import { stat } from 'node:fs/promises';

export interface IndexStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

export const sameStamp = (a: IndexStamp | undefined, b: IndexStamp | undefined): boolean =>
  a === b || (!!a && !!b && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);

export async function stampOf(path: string): Promise<IndexStamp | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** What the path holds when it holds no file: nothing, or something an index cannot be. */
export async function notAFile(path: string): Promise<'missing' | 'a directory' | 'not a regular file'> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? 'a directory' : 'not a regular file';
  } catch {
    return 'missing';
  }
}

/** Calls `onTick(stamp)` every `intervalMs` with the current stamp (undefined when missing). */
export function watchIndex(path: string, intervalMs: number, onTick: (stamp: IndexStamp | undefined) => Promise<void> | void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      await onTick(await stampOf(path));
    } finally {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    }
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
