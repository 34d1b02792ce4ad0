// Index errors: no index, an index of another schema version, a path that holds no usable index, and
// an index another process is writing. The engine knows nothing of exit codes; the CLI maps the
// first three to exit 4 and the last to exit 5, the server all to 503.
import { IndexBusyError, IndexUnavailableError } from '../../backend-errors.js';

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
