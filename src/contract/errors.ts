// Error codes, the ErrorResponse shape of NOTES.md, and the one error class that carries it.
// Structural errors use pydantic's type names (the public deployment does: `extra_forbidden`);
// rules of the contract use upper-case codes.

export const ERROR_CODES = {
  // structure of the body (pydantic-style names)
  json_invalid: 'the body is not valid JSON',
  model_type: 'the body is not a JSON object',
  missing: 'a required property is missing',
  extra_forbidden: 'a property the contract does not define',
  string_type: 'a string was expected',
  bool_type: 'a boolean was expected',
  int_type: 'an integer was expected',
  dict_type: 'an object was expected',
  enum: 'a value outside the allowed set',
  greater_than_equal: 'a number below the minimum',
  // rules of the contract
  QUERY_EMPTY: 'the query is empty after normalization',
  QUERY_TOO_LONG: 'the query is longer than 4,000 normalized characters',
  REQUEST_TOO_LARGE: 'the raw body is larger than 65,536 bytes',
  FILTER_FIELD_UNKNOWN: 'a metadata filter names a field that does not exist',
  FILTER_OPERATOR_UNSUPPORTED: 'an operator the field does not allow',
  FILTER_VALUE_TYPE_INVALID: 'a filter value of the wrong JSON type',
  FILTER_VALUE_UNKNOWN: 'a filter value that cannot be canonicalized',
  FILTER_VALUE_TOO_LONG: 'a filter string longer than 256 characters',
  FILTER_EXPRESSION_UNSUPPORTED: 'a boolean-expression root (and, or, not, field)',
  FILTER_MODE_UNSUPPORTED: 'metadata filters sent in basic mode',
  FILTER_RANGE_INVALID: 'a date range whose lower bound is after its upper bound',
  FILTER_TOO_MANY_CONDITIONS: 'more than 50 filter conditions',
  FILTER_TOO_MANY_VALUES: 'more than 100 values in one condition',
  FILTER_TOO_MANY_VALUES_TOTAL: 'more than 250 filter values in all',
  // figure specs (`filings figures`)
  FIGURE_SPEC_INVALID: 'a figure spec of the wrong shape (tickers, measures, years)',
  MEASURE_UNKNOWN: 'a measure the lexicon does not hold',
  // transport and service
  UNAUTHORIZED: 'the API key is missing or not accepted',
  FORBIDDEN: 'the request is refused',
  NOT_FOUND: 'no such route',
  METHOD_NOT_ALLOWED: 'the route does not take this HTTP method',
  UNSUPPORTED_MEDIA_TYPE: 'a body that is not application/json',
  DOMAIN_UNKNOWN: 'the domain in the path is not served',
  RATE_LIMITED: 'too many requests for this key',
  INDEX_UNAVAILABLE: 'the local index is missing, damaged or being replaced',
  SERVICE_UNAVAILABLE: 'the service is unavailable',
  DEADLINE_EXCEEDED: "the query ran past the server's per-request deadline",
  INTERNAL_ERROR: 'an internal error',
  CANCELLED: 'the request was cancelled',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ValidationIssue {
  code: ErrorCode;
  /** Where the problem is, from the top of the request: ["body", "metadata_filters", "sec_ticker"] */
  loc: (string | number)[];
  message: string;
}

export interface ErrorDetail {
  code: string;
  errors?: ValidationIssue[];
  [key: string]: unknown;
}

export interface ErrorResponse {
  status_code: number;
  message: string;
  detail?: ErrorDetail | unknown;
}

/** An error with an HTTP status and an ErrorResponse body: raised by the engine, sent by the server,
 * rebuilt by the remote client from what it received. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorResponse;
  /** Seconds, from a Retry-After header, when the service said when to come back. */
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, detail?: unknown, retryAfter?: number) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    const d = detail === undefined ? { code } : detail;
    this.body = { status_code: status, message, detail: d };
  }

  static fromBody(status: number, body: ErrorResponse, code?: string, retryAfter?: number): ServiceError {
    const detail = body.detail as { code?: unknown } | null | undefined;
    const c = code ?? (detail && typeof detail.code === 'string' ? detail.code : `HTTP_${status}`);
    const e = new ServiceError(status, c, body.message, body.detail, retryAfter);
    return e;
  }
}

/** Issues listed in one error body; a body of 4,000 unknown filter fields would otherwise answer 1 MB. */
export const MAX_LISTED_ISSUES = 20;

/** The 422 for a list of validation issues: detail.code is the first issue's code; past
 * MAX_LISTED_ISSUES, `detail.errors_not_listed` counts the rest. */
export function validationError(issues: ValidationIssue[]): ServiceError {
  const first = issues[0];
  const code = first?.code ?? 'model_type';
  const message =
    issues.length === 1 ? `Invalid request: ${first!.message}` : `Invalid request: ${issues.length} problems; the first: ${first!.message}`;
  const listed = issues.slice(0, MAX_LISTED_ISSUES);
  const rest = issues.length - listed.length;
  return new ServiceError(status422or413(issues), code, message, {
    code,
    errors: listed,
    ...(rest > 0 ? { errors_not_listed: rest } : {}),
  });
}

function status422or413(issues: ValidationIssue[]): number {
  return issues.some((i) => i.code === 'REQUEST_TOO_LARGE') ? 413 : 422;
}
