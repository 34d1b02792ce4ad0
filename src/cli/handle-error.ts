// The one top-level handler: every error class to its exit code and a clear message; the stack trace
// only with --debug; under --json the ErrorResponse body on stdout too.
import {
  AbortedError,
  DiskFullError,
  IndexBusyError,
  IndexUnavailableError,
  isDiskFull,
  NetworkError,
  RemoteConfigError,
  StreamError,
} from '../backend-errors.js';
import { ServiceError, type ValidationIssue } from '../contract/errors.js';
import { CliError, OutcomeError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';

export interface ErrorContext {
  debug: boolean;
  json: boolean;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.AUTH;
  if (status === 404) return EXIT.NOT_FOUND;
  if (status === 400 || status === 413 || status === 422) return EXIT.USAGE;
  if (status === 429 || status === 502 || status === 503 || status === 504) return EXIT.UNAVAILABLE;
  return EXIT.INTERNAL;
}

function issuesOf(body: unknown): ValidationIssue[] {
  const errors = (body as { detail?: { errors?: unknown } })?.detail?.errors;
  return Array.isArray(errors) ? (errors as ValidationIssue[]) : [];
}

/** Under --json, an error that came with no ErrorResponse gets one: the HTTP status that means the
 * same as its exit code, and a code naming the kind. */
const AS_HTTP: Partial<Record<ExitCode, [number, string]>> = {
  [EXIT.USAGE]: [400, 'USAGE_ERROR'],
  [EXIT.AUTH]: [401, 'AUTH_ERROR'],
  [EXIT.NOT_FOUND]: [404, 'NOT_FOUND'],
  [EXIT.UNAVAILABLE]: [503, 'UNAVAILABLE'],
  [EXIT.NETWORK]: [502, 'NETWORK_ERROR'],
  [EXIT.STREAM]: [502, 'STREAM_ERROR'],
  [EXIT.DISK_FULL]: [507, 'DISK_FULL'],
  [EXIT.INTERRUPTED]: [499, 'INTERRUPTED'],
};

export function cliErrorBody(
  code: ExitCode,
  message: string,
): { status_code: number; message: string; detail: { code: string; exit_code: number } } {
  const [status, name] = AS_HTTP[code] ?? [500, 'INTERNAL_ERROR'];
  return { status_code: status, message, detail: { code: name, exit_code: code } };
}

export function handleError(error: unknown, ctx: ErrorContext): ExitCode {
  let code: ExitCode;
  let body: unknown;
  let lines: string[];
  if (error instanceof ServiceError) {
    // A 2xx that is not the contract's JSON: something else answered (a captive portal, a proxy).
    code = error.code === 'RESPONSE_INVALID' ? EXIT.NETWORK : exitCodeForStatus(error.status);
    body = error.body;
    const issues = issuesOf(error.body);
    // The remote client's messages name the HTTP status; a local check's name only its code (no
    // HTTP was involved).
    lines = [
      error.message.includes(`HTTP ${error.status}`) || error.message.includes(error.code)
        ? error.message
        : `${error.message} (${error.code})`,
    ];
    if (issues.length > 1 || (issues.length === 1 && !error.message.includes(issues[0]!.message))) {
      for (const i of issues) lines.push(`  - ${i.loc.join('.')}: ${i.message} [${i.code}]`);
    }
    if (error.retryAfter !== undefined) lines.push(`  retry after ${error.retryAfter} s`);
  } else if (error instanceof IndexUnavailableError) {
    code = EXIT.NOT_FOUND;
    lines = [error.message];
  } else if (error instanceof DiskFullError) {
    code = EXIT.DISK_FULL;
    lines = [error.message];
  } else if (isDiskFull(error)) {
    // A write outside the index (the download cache, an --output file) with no room left.
    code = EXIT.DISK_FULL;
    lines = [
      `no space left on the disk: ${error instanceof Error ? error.message : String(error)}; free space there and run the command again`,
    ];
  } else if (error instanceof IndexBusyError) {
    code = EXIT.UNAVAILABLE;
    lines = [error.message];
  } else if (error instanceof RemoteConfigError) {
    code = EXIT.USAGE;
    lines = [error.message];
  } else if (error instanceof CliError) {
    code = error.exitCode;
    body = error.body;
    lines = [error.message];
  } else if (error instanceof AbortedError) {
    code = EXIT.INTERRUPTED;
    lines = [error.message];
  } else if (error instanceof StreamError) {
    code = EXIT.STREAM;
    body = error.body;
    lines = [`the stream failed after it opened: ${error.message}`];
  } else if (error instanceof NetworkError) {
    code = EXIT.NETWORK;
    lines = [error.message];
  } else {
    code = EXIT.INTERNAL;
    const message = error instanceof Error ? error.message : String(error);
    lines = [`internal error: ${message}${ctx.debug ? '' : ' (rerun with --debug for the stack trace)'}`];
  }
  // A result printed whole (--min-evidence, figures not all stated): the reason goes to stderr alone.
  if (ctx.json && !(error instanceof OutcomeError)) ctx.stdout.write(`${JSON.stringify(body ?? cliErrorBody(code, lines[0]!))}\n`);
  ctx.stderr.write(`filings: ${lines.join('\n')}\n`);
  if (ctx.debug && error instanceof Error && error.stack) ctx.stderr.write(`${error.stack}\n`);
  return code;
}
