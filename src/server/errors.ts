// Why the server cannot start. Whoever starts it (the serve command) decides what to tell the user;
// the server knows nothing of exit codes.

/** A configuration the server refuses: no keys with authentication on, authentication off on a host
 * other than loopback. */
export class ServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerConfigError';
  }
}

/** The address could not be listened on (taken, not allowed, not this machine's). `code` is the
 * system's (EADDRINUSE, EACCES, EADDRNOTAVAIL). */
export class ListenError extends Error {
  readonly code: string | undefined;
  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    super(`cannot listen on ${host}:${port}: ${cause.code ?? cause.message}`, { cause });
    this.name = 'ListenError';
    this.code = cause.code;
  }
}
