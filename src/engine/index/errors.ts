// Index errors: no index, an index of another schema version, a path that holds no usable index, an
// index another process is writing, and a write stopped by a full disk. The engine knows nothing of
// exit codes; the CLI maps the first three to exit 4, the busy index to exit 5 and the full disk to 9,
// the server the first four to 503.
import { dirname } from 'node:path';
import { DiskFullError, IndexBusyError, IndexUnavailableError } from '../../backend-errors.js';

/** Either index error (defined with the other backend errors). */
export { IndexUnavailableError };

export const HOW_TO_BUILD = 'build one with "filings corpus init" (the sample corpus) or "filings corpus add PATH..."';

export class NoIndexError extends IndexUnavailableError {
  constructor(path: string) {
    super(`no index at ${path}: ${HOW_TO_BUILD}`);
    this.name = 'NoIndexError';
  }
}

export class IndexVersionError extends IndexUnavailableError {
  constructor(path: string, found: number, wanted: number) {
    super(
      `the index at ${path} has schema version ${found}, this version of filings reads version ${wanted}: ` +
        `rebuild it with "filings corpus init" (sample corpus) or delete it and run "filings corpus add PATH..."`,
    );
    this.name = 'IndexVersionError';
  }
}

/** The index path holds something that is not a usable index: a directory, a file that is not SQLite,
 * a truncated or damaged one, another program's database, or a place that cannot be written. */
export class IndexFileError extends IndexUnavailableError {
  constructor(path: string, problem: string) {
    super(`${path} ${problem}`);
    this.name = 'IndexFileError';
  }
}

/** The index is damaged: SQLite found pages that are not what they should be (a disk fault, a file
 * overwritten in part), on opening or later, in the middle of a query. */
export class IndexDamagedError extends IndexFileError {
  constructor(path: string, why: string) {
    super(
      path,
      `is damaged (${why}): move it aside (or delete it) and build it again, with "filings corpus init" for the sample ` +
        'corpus or "filings corpus add PATH..." for your filings',
    );
    this.name = 'IndexDamagedError';
  }
}

/** The index (or its directory) cannot be written by this user: `corpus add`, `remove`, `pull` and
 * `init` refuse before changing anything. Not an IndexUnavailableError: the index reads fine. */
export class IndexReadOnlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexReadOnlyError';
  }
}

/** Another process holds the index's write lock (defined with the other backend errors). */
export { IndexBusyError };

/** A write to the index stopped because its disk is full. Nothing was changed: a change in place rolls
 * back (SQLite), a build aside is removed before it replaces anything. */
export class IndexDiskFullError extends DiskFullError {
  constructor(path: string, detail: string) {
    super(
      `no space left on the disk holding ${dirname(path)} (${detail}): the write stopped and changed nothing, the index ` +
        `${path} is as it was. Free space there, or give --index a path on a disk with room, and run the command again ` +
        '(adding in place needs about twice the size of what it adds; corpus init, room for a whole new index beside the old one)',
    );
    this.name = 'IndexDiskFullError';
  }
}
