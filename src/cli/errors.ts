// Error classes of the command line. One top-level handler (main.ts) maps each class to an exit code;
// actions throw, they never call process.exit themselves.
import { isDiskFull } from '../backend-errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';

export class CliError extends Error {
  readonly exitCode: ExitCode;
  /** The ErrorResponse-shaped body printed on stdout under --json. */
  readonly body?: unknown;
  constructor(message: string, exitCode: ExitCode, body?: unknown) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.body = body;
  }
}

/** Bad arguments or an invalid request (exit 2). */
export class UsageError extends CliError {
  constructor(message: string, body?: unknown) {
    super(message, EXIT.USAGE, body);
  }
}

/** No index, unknown domain, HTTP 404 (exit 4). */
export class NotFoundError extends CliError {
  constructor(message: string, body?: unknown) {
    super(message, EXIT.NOT_FOUND, body);
  }
}

/** Missing or rejected key (exit 3). */
export class AuthError extends CliError {
  constructor(message: string, body?: unknown) {
    super(message, EXIT.AUTH, body);
  }
}

/** The command's result is printed whole; its exit status says what it lacks. The message goes to
 * stderr alone: under a JSON format no error document follows the result. */
export class OutcomeError extends CliError {}

/** Fewer evidence chains than --min-evidence (exit 8). */
export class MinEvidenceError extends OutcomeError {
  constructor(message: string) {
    super(message, EXIT.MIN_EVIDENCE);
  }
}

/** Some figures asked are not stated (exit 10), or none is (exit 11): `filings figures` always, `query`
 * with --fail-on-gap. What is stated, and why the rest is not, is already printed. */
export class FiguresIncompleteError extends OutcomeError {
  constructor(stated: number, missing: number) {
    super(
      stated === 0
        ? `no figure stated of the ${missing} asked (each says why)`
        : `${missing} of ${stated + missing} figures not stated (each says why)`,
      stated === 0 ? EXIT.FIGURES_NONE : EXIT.FIGURES_PARTIAL,
    );
  }
}

/** The user pressed Ctrl-C, or a signal asked us to stop (exit 130). */
export class CancelledError extends CliError {
  constructor(message = 'Interrupted') {
    super(message, EXIT.INTERRUPTED);
  }
}

/** Standard output could not be written: a full disk (`> /dev/full`, exit 9, as `-o` on a full disk), or
 * another failure of what it goes to (exit 1). A reader that went away is none: that output ends quietly. */
export class OutputError extends CliError {
  constructor(cause: NodeJS.ErrnoException) {
    const full = isDiskFull(cause);
    super(
      full
        ? `cannot write to standard output: no space left on the device (${cause.code}); free space there and run the command again`
        : `cannot write to standard output: ${cause.message}`,
      full ? EXIT.DISK_FULL : EXIT.INTERNAL,
    );
  }
}
