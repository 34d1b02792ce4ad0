// Crash safety and one writer at a time, under the index's write lock (lock.ts). A full build is made on
// a temporary file beside the index, renamed over it only when complete and synced to disk; a change
// to an existing index (adding or removing filings) is one SQLite transaction in place, in WAL mode,
// so it costs what it writes, not a copy of the index. Either way a crash or Ctrl-C leaves the previous
// index whole (and a stale temporary file or lock, removed or taken over by the next writer once their
// process is gone). Two writers at once take turns, so neither overwrites the other's filings. A path
// through a symbolic link writes the file it names (a dangling link's target is made), never the link.
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite.js';
import { assertOurDatabase, checkIndexFile, damageOf, fileError } from './check.js';
import { isDiskFull } from '../../backend-errors.js';
import { IndexDiskFullError, IndexFileError, IndexReadOnlyError } from './errors.js';
import { acquireIndexLock, type LockOptions } from './lock.js';
import { linkTarget } from './location.js';

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

/** The target may be replaced: nothing there, an empty file, or an index of ours (of any version). */
function checkReplaceable(target: string): void {
  if (checkIndexFile(target) !== 'sqlite') return;
  let db: Database.Database | undefined;
  try {
    db = openSqlite(target, { readonly: true, fileMustExist: true });
    assertOurDatabase(db, target);
  } catch (e) {
    throw e instanceof IndexFileError ? e : fileError(target, e);
  } finally {
    db?.close();
  }
}

/** Flushes a file (or a directory's entries) to disk; directories cannot be synced everywhere. */
function fsyncPath(path: string, directory = false): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, directory ? 'r' : 'r+');
    fsyncSync(fd);
  } catch (e) {
    if (!directory) throw e;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export interface ReplaceOptions {
  lock?: LockOptions;
}

const DENIED = new Set(['EACCES', 'EPERM', 'EROFS']);
const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/**
 * Throws IndexReadOnlyError when this user cannot change the index at `target`: the file itself (a
 * change in place writes it; SQLite would say "attempt to write a readonly database" halfway), or its
 * directory (the lock, the journal and a replacement are made there). Nothing there yet is fine.
 */
export function assertWritableIndex(target: string): void {
  const dir = dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (!DENIED.has(code)) throw fileError(target, e);
    throw new IndexReadOnlyError(
      `cannot change the index ${target}: its directory ${dir} is ${code === 'EROFS' ? 'on a read-only file system' : 'not writable by this user'} ` +
        '(the lock and the journal are written beside the index); choose another path with --index',
    );
  }
  let mode: number;
  try {
    const st = statSync(target);
    if (!st.isFile()) return; // a directory or the like: checkIndexFile says what it is
    mode = st.mode;
    accessSync(target, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return;
    if (!DENIED.has(code)) throw fileError(target, e);
    throw new IndexReadOnlyError(
      `cannot change the index ${target}: the file is read-only for this user (mode ${octal(mode!)}); ` +
        `make it writable (chmod u+w "${target}") or choose another path with --index. Nothing was changed`,
    );
  }
}

/** The index file a path names: through its symbolic links, even to a target not there yet, so that
 * a replacement renamed into place replaces the file and leaves the link a link (location.ts). */
function indexFileOf(path: string): string {
  try {
    return linkTarget(path);
  } catch (e) {
    throw fileError(path, e);
  }
}

/** Runs `body` on the index file `path` names (indexFileOf) under its write lock, the file checked
 * (again) once the lock is held. */
async function underLock<T>(path: string, opts: ReplaceOptions, body: (target: string) => Promise<T>): Promise<T> {
  const target = indexFileOf(path);
  assertWritableIndex(target);
  checkIndexFile(target);
  try {
    return await lockedBody(target, opts, () => body(target));
  } catch (e) {
    // SQLite's SQLITE_FULL, or ENOSPC from the lock, a copy or a sync: the change was not made.
    if (isDiskFull(e)) throw new IndexDiskFullError(target, e instanceof Error ? e.message : String(e));
    // A malformed page met while changing the index in place: the change rolled back.
    throw damageOf(target, e) ?? e;
  }
}

async function lockedBody<T>(target: string, opts: ReplaceOptions, body: () => Promise<T>): Promise<T> {
  const release = await acquireIndexLock(target, opts.lock);
  process.once('exit', release);
  try {
    removeStaleTemps(target);
    // Checked again under the lock: the previous writer may have just replaced it.
    checkReplaceable(target);
    return await body();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}

/** A replacement keeps the mode (and, for root, the owner) of the index it replaces. */
function keepModeOf(target: string, tmp: string): void {
  let st: Stats;
  try {
    st = statSync(target);
  } catch {
    return;
  }
  chmodSync(tmp, st.mode & 0o7777);
  if (process.getuid?.() === 0 && (st.uid !== 0 || st.gid !== 0)) chownSync(tmp, st.uid, st.gid);
}

/** `work` on a temporary file (a copy of `target` when `copy` and it exists), renamed over `target`
 * when it succeeds and removed when it throws. The caller holds the lock. */
async function viaTemporary<T>(target: string, copy: boolean, work: (tmp: string) => Promise<T> | T): Promise<T> {
  const tmp = tempPathFor(target);
  const cleanup = () => {
    for (const p of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(p, { force: true });
  };
  process.once('exit', cleanup);
  try {
    if (copy && existsSync(target)) copyFileSync(target, tmp);
    const result = await work(tmp);
    // On disk before it becomes the index: a power cut after the rename must not leave a hole.
    fsyncPath(tmp);
    // The old index's WAL and shared-memory files would be taken for the new file's by the next
    // reader (SQLite finds them by name): gone first. Readers of the old file keep their open handles.
    for (const p of [`${target}-wal`, `${target}-shm`]) rmSync(p, { force: true });
    keepModeOf(target, tmp);
    renameSync(tmp, target);
    fsyncPath(dirname(target), true);
    return result;
  } catch (e) {
    cleanup();
    throw e;
  } finally {
    process.removeListener('exit', cleanup);
  }
}

/**
 * Runs `work` on a temporary file (a copy of `target` when `copy` and it exists, else nothing) under
 * the index's write lock, and renames it over `target` when `work` succeeds; removes it when `work`
 * throws. The target must be missing, empty, or an index (IndexFileError otherwise).
 */
export function replaceAtomically<T>(
  target: string,
  copy: boolean,
  work: (tmp: string) => Promise<T> | T,
  opts: ReplaceOptions = {},
): Promise<T> {
  return underLock(target, opts, (file) => viaTemporary(file, copy, work));
}

const isIndex = (path: string) => checkIndexFile(path) === 'sqlite';

/**
 * Runs `work` under the index's write lock on the index itself when there is one to change (the
 * writer opens it in WAL mode and commits once, see writer.ts: adding ten filings to an index of
 * thousands writes ten filings' pages), else (no index yet, or `fresh`) on a temporary file renamed
 * over it. Which one is decided under the lock: a writer that waited finds its predecessor's index.
 */
export function writeIndex<T>(
  target: string,
  fresh: boolean,
  work: (path: string, inPlace: boolean) => Promise<T> | T,
  opts: ReplaceOptions = {},
): Promise<T> {
  return underLock(target, opts, (file) =>
    !fresh && isIndex(file) ? Promise.resolve(work(file, true)) : viaTemporary(file, false, (tmp) => work(tmp, false)),
  );
}
