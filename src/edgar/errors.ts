// Errors of the EDGAR client. A missing document fails one filing; a block stops the whole run.

/** 404, or a 403 with S3's XML AccessDenied body: EDGAR's answer for a path that does not exist. */
export class EdgarMissingError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`not on EDGAR: ${url} (HTTP ${status})`);
    this.name = 'EdgarMissingError';
  }
}

/** EDGAR's "Request Rate Threshold Exceeded" page: every request is refused for about ten minutes. */
export class EdgarBlockedError extends Error {
  constructor(readonly url: string) {
    super(
      'EDGAR blocked this machine for exceeding its request rate (its "Request Rate Threshold Exceeded" page); ' +
        'the block lifts after about 10 minutes without requests. Wait, then run the same command again: it resumes where it stopped.',
    );
    this.name = 'EdgarBlockedError';
  }
}

/** Any other failure after retries (5xx, 429, network errors, an unexpected status). */
export class EdgarHttpError extends Error {
  constructor(
    readonly url: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EdgarHttpError';
  }
}

/** No User-Agent: EDGAR asks every client to name its user and an email address. */
export class UserAgentMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserAgentMissingError';
  }
}
