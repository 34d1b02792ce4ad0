// Crash safety: every change is made on a temporary file beside the index, which is renamed over the
// index only when complete. A crash or Ctrl-C mid-build leaves the previous index whole (and a stale
// temporary file, removed by the next build once its process is gone).
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const TMP_MARK = '.tmp-';

export function tempPathFor(target: string): string {
  return `${target}${TMP_MARK}${process.pid}-${Date.now().toString(36)}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary files left by builds whose process has died. */
export function removeStaleTemps(target: string): void {
  const dir = dirname(target);
  if (!existsSync(dir)) return;
  const prefix = `${basename(target)}${TMP_MARK}`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Runs `work` on a temporary file (a copy of `target` when `copy` and it exists, else nothing) and
 * renames it over `target` when `work` succeeds; removes it when `work` throws.
 */
export async function replaceAtomically<T>(target: string, copy: boolean, work: (tmp: string) => Promise<T> | T): Promise<T> {
  mkdirSync(dirname(target), { recursive: true });
  removeStaleTemps(target);
  const tmp = tempPathFor(target);
  const cleanup = () => {
    for (const p of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(p, { force: true });
  };
  const onSignal = () => {
    cleanup();
  };
  process.once('exit', onSignal);
  try {
    if (copy && existsSync(target)) copyFileSync(target, tmp);
    const result = await work(tmp);
    renameSync(tmp, target);
    return result;
  } catch (e) {
    cleanup();
    throw e;
  } finally {
    process.removeListener('exit', onSignal);
  }
}
