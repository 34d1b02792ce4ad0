// Watches the index path by polling its inode, size and mtime: the index is replaced by rename, which
// fs.watch reports unreliably across platforms, while a stat every second costs nothing.
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
