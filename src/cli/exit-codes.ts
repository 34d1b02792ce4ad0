// The documented exit codes: the tables of the README and docs/commands.md and `filings --help` are
// generated from this list.

export const EXIT = {
  OK: 0,
  INTERNAL: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  UNAVAILABLE: 5,
  NETWORK: 6,
  STREAM: 7,
  MIN_EVIDENCE: 8,
  DISK_FULL: 9,
  FIGURES_PARTIAL: 10,
  FIGURES_NONE: 11,
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_DOCS: { code: ExitCode; meaning: string }[] = [
  { code: EXIT.OK, meaning: 'success' },
  {
    code: EXIT.INTERNAL,
    meaning:
      'internal error (a bug: rerun with --debug for the stack trace), or HTTP 500; standard output that fails for a reason other than a full disk',
  },
  {
    code: EXIT.USAGE,
    meaning:
      'usage error or invalid request: local validation, HTTP 400/413/422; files that could not be ' +
      'ingested; a `corpus pull` in which some filing or ticker failed (EDGAR still answering 429/503 ' +
      'after the retries included); an index this user cannot write',
  },
  { code: EXIT.AUTH, meaning: 'authentication or authorization: HTTP 401/403, or no API key for a remote service' },
  {
    code: EXIT.NOT_FOUND,
    meaning:
      'not found: HTTP 404, unknown domain, no usable local index (none, or the path holds a directory, another file or database, or a damaged index)',
  },
  {
    code: EXIT.UNAVAILABLE,
    meaning:
      "rate-limited or unavailable after retries: the service's HTTP 429/503; EDGAR's block page, which " +
      'stops a `corpus pull`; the index is being written by another process past the lock wait',
  },
  { code: EXIT.NETWORK, meaning: "network error or timeout, or a reply that is not the service's (a captive portal, a proxy page)" },
  { code: EXIT.STREAM, meaning: 'the stream reported an error after it opened' },
  { code: EXIT.MIN_EVIDENCE, meaning: 'fewer evidence chains than --min-evidence' },
  {
    code: EXIT.DISK_FULL,
    meaning:
      "the disk is full: a write stopped for want of space (standard output's too), and an index it was changing is left as it was; " +
      'the message says where to free space',
  },
  {
    code: EXIT.FIGURES_PARTIAL,
    meaning:
      '`filings figures` (and `query --fail-on-gap`): some figures asked not stated; the result is printed whole, each gap with its reason',
  },
  {
    code: EXIT.FIGURES_NONE,
    meaning: '`filings figures` (and `query --fail-on-gap`): no figure asked stated; the result is printed whole',
  },
  { code: EXIT.INTERRUPTED, meaning: 'interrupted (Ctrl-C, or SIGTERM): the work stops within a fraction of a second' },
];
