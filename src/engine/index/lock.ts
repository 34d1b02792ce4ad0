// One writer at a time per index: `<index>.lock` beside it, created exclusively, holding the writer's
// pid, host, process start time and command. Another writer waits for it (up to a timeout, then an
// IndexBusyError naming the holder). A lock whose process is gone (kill -9, a crash) is taken over:
// same host, and the pid is not running or is running a different process (its start time differs).
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { IndexBusyError } from './errors.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** The process's start time as /proc gives it (Linux), to tell a reused pid from the holder. */
  procStart?: string;
  since: string;
  command: string;
  token: string;
}

export interface LockOptions {
  /** How long to wait for another writer (ms); 0: fail at once. Default 60 s. */
  waitMs?: number;
  /** Told once when the lock is held by another process and waiting begins. */
  onWait?: (holder: LockHolder | undefined, lockPath: string) => void;
}

export const DEFAULT_LOCK_WAIT_MS = 60_000;
/** A lock file still empty or unreadable after this long was left by a writer that died creating it. */
const UNREADABLE_STALE_MS = 10_000;
const POLL_MS = 100;

export const lockPathFor = (indexPath: string) => `${indexPath}.lock`;

function procStart(pid: number): string | undefined {
  try {
    // Field 22 of /proc/PID/stat, counted after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const h = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.token === 'string' ? (h as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function isStale(h: LockHolder): boolean {
  if (h.host !== hostname()) return false; // another machine's process: cannot tell
  if (!running(h.pid)) return true;
  const now = procStart(h.pid);
  return h.procStart !== undefined && now !== undefined && now !== h.procStart;
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Moves a stale lock aside and deletes it, unless what was moved is not the stale one read (a new
 * holder created it in between), which is put back. */
function removeStale(lockPath: string, stale: LockHolder | undefined): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // gone already: someone else took it over
  }
  const moved = readHolder(aside);
  if (stale && moved && moved.token !== stale.token) {
    try {
      renameSync(aside, lockPath);
      return;
    } catch {
      /* fall through: remove it */
    }
  }
  rmSync(aside, { force: true });
}

function tryCreate(lockPath: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the index's write lock, waiting for another writer up to `waitMs`; resolves with the
 * function that releases it. */
export async function acquireIndexLock(indexPath: string, opts: LockOptions = {}): Promise<() => void> {
  const lockPath = lockPathFor(indexPath);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    procStart: procStart(process.pid),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
    token: randomBytes(8).toString('hex'),
  };
  const deadline = Date.now() + (opts.waitMs ?? DEFAULT_LOCK_WAIT_MS);
  let told = false;
  for (;;) {
    if (tryCreate(lockPath, me)) break;
    const holder = readHolder(lockPath);
    if (holder ? isStale(holder) : ageMs(lockPath) > UNREADABLE_STALE_MS) {
      removeStale(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) throw busy(lockPath, holder, opts.waitMs ?? DEFAULT_LOCK_WAIT_MS);
    if (!told) opts.onWait?.(holder, lockPath);
    told = true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: never one that replaced it after a takeover.
    if (readHolder(lockPath)?.token === me.token) rmSync(lockPath, { force: true });
  };
}

function busy(lockPath: string, h: LockHolder | undefined, waitMs: number): IndexBusyError {
  const who = h ? `process ${h.pid} on ${h.host} (since ${h.since}: ${h.command})` : 'another process';
  const waited = waitMs > 0 ? `; waited ${Math.round(waitMs / 100) / 10} s for it` : '';
  return new IndexBusyError(
    `the index is being written by ${who}${waited}. Try again when it is done (FILINGS_LOCK_TIMEOUT=SECONDS ` +
      `waits longer), or delete ${lockPath} if that process is certainly gone.`,
  );
}
