// Index errors that the CLI maps to exit codes: no index (4) and an index of another schema version (4).
import { NotFoundError } from '../../cli/errors.js';

export const HOW_TO_BUILD = 'build one with "filings corpus init" (the sample corpus) or "filings corpus add PATH..."';

export class NoIndexError extends NotFoundError {
  constructor(path: string) {
    super(`no index at ${path}: ${HOW_TO_BUILD}`);
  }
}

export class IndexVersionError extends NotFoundError {
  constructor(path: string, found: number, wanted: number) {
    super(
      `the index at ${path} has schema version ${found}, this version of filings reads version ${wanted}: ` +
        `rebuild it with "filings corpus init" (sample corpus) or delete it and run "filings corpus add PATH..."`,
    );
  }
}
