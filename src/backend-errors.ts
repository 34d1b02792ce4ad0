// Failures that are not an ErrorResponse from the service: the transport, the stream, cancellation,
// a remote configuration the client refuses, an index that cannot be opened. Backends throw these (or
// a contract ServiceError); the CLI's error handler maps each class to an exit code, importing them
// from here alone, so it needs nothing of the client or the engine.

/** Could not reach the service, or the connection failed before a response (exit 6). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** A connect, first-byte or idle timeout (exit 6). */
export class TimeoutError extends NetworkError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TimeoutError';
  }
}

/** The SSE stream reported an `error` event, or broke, after it opened (exit 7). `body` is the
 * ErrorResponse of the error event when there was one. */
export class StreamError extends Error {
  readonly body?: unknown;
  constructor(message: string, body?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamError';
    this.body = body;
  }
}

/** The caller's AbortSignal fired (exit 130). */
export class AbortedError extends Error {
  constructor(message = 'The request was cancelled') {
    super(message);
    this.name = 'AbortedError';
  }
}

/** A base URL or API key the remote client refuses to use (exit 2). */
export class RemoteConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteConfigError';
  }
}

/** The local index is missing or of another schema version (exit 4; the server answers 503). The
 * engine's NoIndexError and IndexVersionError extend it. */
export class IndexUnavailableError extends Error {}

/** Another process holds the index's write lock, and kept it past the wait (exit 5). */
export class IndexBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexBusyError';
  }
}

/** A write stopped for want of space on its disk (exit 9; HTTP 507): the engine's IndexDiskFullError
 * extends it, saying what was kept and what to free. */
export class DiskFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiskFullError';
  }
}

/** SQLite's "database or disk is full", the system's "no space left on device" and "disk quota
 * exceeded". */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}
