// What the index path holds, checked before SQLite is asked (which answers "file is not a database"
// or worse, "disk I/O error", and for a file of another program would happily add our tables to it):
// nothing, an empty file, or a whole SQLite database of ours. Anything else is an IndexFileError
// saying what it is.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { IndexDamagedError, IndexFileError } from './errors.js';

const MAGIC = 'SQLite format 3\0';
const HEADER_BYTES = 100;

export type IndexFileState = 'missing' | 'empty' | 'sqlite';

/** Throws IndexFileError unless the path is missing, empty, or a SQLite file whose size its header
 * accounts for. */
export function checkIndexFile(path: string): IndexFileState {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory())
      throw new IndexFileError(path, 'is a directory, not an index file: give the path of a file (e.g. .../index.sqlite)');
    if (!st.isFile()) throw new IndexFileError(path, 'is not a regular file');
    size = st.size;
  } catch (e) {
    if (e instanceof IndexFileError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw fileError(path, e);
  }
  if (size === 0) return 'empty';
  const header = Buffer.alloc(HEADER_BYTES);
  let read = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw fileError(path, e);
  }
  if (read < HEADER_BYTES || header.toString('latin1', 0, 16) !== MAGIC) {
    throw new IndexFileError(
      path,
      'is not an index: not a SQLite database (build one with "filings corpus init" or "corpus add" into another path)',
    );
  }
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  const pages = header.readUInt32BE(28);
  // A write-ahead log with frames in it holds the latest copy of every page it names, committed or
  // not, and SQLite reads those pages from it: while it is there the file's size tells nothing. A
  // checkpoint that stopped short (a full disk) leaves the file any size, even a part of a page,
  // and the index whole; the next writer finishes the copy.
  if (header[18] === 2 && walFrames(path)) return 'sqlite';
  // The header's page count holds only when its "valid-for" counter matches the change counter.
  const counted = header.readUInt32BE(92) === header.readUInt32BE(24) && pages > 0;
  if ((counted && size < pages * pageSize) || (pageSize >= 512 && size % pageSize !== 0)) {
    const expected = counted ? ` of the ${pages * pageSize} its header announces` : '';
    throw new IndexFileError(
      path,
      `is truncated (${size} bytes${expected}): rebuild it with "filings corpus init" or "filings corpus add"`,
    );
  }
  return 'sqlite';
}

/** The write-ahead log beside the index holds at least one frame (beyond its 32-byte header). */
function walFrames(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size > 32;
  } catch {
    return false;
  }
}

/** A filings index has a `meta` table with its schema version; a database without one is another
 * program's, which we neither read nor write. */
export function assertOurDatabase(db: Database.Database, path: string): void {
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (tables.n === 0) return;
  const meta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  const marked = meta && db.prepare("SELECT 1 FROM meta WHERE key = 'schema_version'").get();
  if (!marked)
    throw new IndexFileError(
      path,
      'is a SQLite database but not a filings index (it has no meta table with a schema version): refusing to read or change it',
    );
}

/** An error of the file system or of SQLite about the index file, as what it means for the user. */
export function fileError(path: string, e: unknown): IndexFileError {
  const code = (e as { code?: unknown }).code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'cannot be accessed: permission denied'
      : code === 'EROFS' || code === 'SQLITE_READONLY'
        ? 'is on a read-only file system'
        : code === 'SQLITE_NOTADB'
          ? 'is not an index: not a SQLite database'
          : `cannot be used: ${e instanceof Error ? e.message : String(e)}`;
  return damageOf(path, e) ?? new IndexFileError(path, why);
}

/** SQLite's word that the file is damaged (a malformed page, a page that is not the database's), as
 * an IndexDamagedError; undefined for any other error. */
export function damageOf(path: string, e: unknown): IndexDamagedError | undefined {
  if (e instanceof IndexDamagedError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !(code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) return undefined;
  const message = e instanceof Error ? e.message : code;
  return new IndexDamagedError(path, (e as Error).name === 'SqliteError' ? `SQLite: ${message}` : message);
}
