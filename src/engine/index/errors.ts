// Index errors: no index, and an index of another schema version. The engine knows nothing of exit
// codes; the CLI maps both to exit 4, the server to 503.
import { IndexUnavailableError } from '../../backend-errors.js';

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
