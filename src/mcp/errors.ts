// Failures as MCP tool errors: a result with isError, whose text a model reads (the contract's code,
// message, and each problem with where it is) and whose structuredContent is the contract's
// ErrorResponse. Protocol errors (an unknown tool, resource or prompt) are McpErrors instead.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AbortedError,
  DiskFullError,
  IndexUnavailableError,
  isDiskFull,
  NetworkError,
  StreamError,
  TimeoutError,
} from '../backend-errors.js';
import { ServiceError, type ErrorResponse, type ValidationIssue } from '../contract/errors.js';

type Loc = ValidationIssue['loc'];

/** The contract's ErrorResponse, with the detail NOTES.md gives it: a code and the problems. */
export interface ToolErrorBody {
  [key: string]: unknown;
  status_code: number;
  message: string;
  detail: { [key: string]: unknown; code: string; errors?: ValidationIssue[] };
}

/** The ErrorResponse of any failure; locations rewritten by `mapLoc` (a request's body -> the tool's arguments). */
export function errorResponse(error: unknown, mapLoc: (loc: Loc) => Loc = (l) => l): ToolErrorBody {
  if (error instanceof ServiceError) {
    const detail = (typeof error.body.detail === 'object' && error.body.detail !== null ? error.body.detail : {}) as Record<
      string,
      unknown
    >;
    const { errors, ...rest } = detail;
    const issues = Array.isArray(errors) ? (errors as ValidationIssue[]).map((i) => ({ ...i, loc: mapLoc(i.loc) })) : undefined;
    return { status_code: error.status, message: error.message, detail: { ...rest, code: error.code, ...(issues && { errors: issues }) } };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StreamError && error.body) return errorResponse(ServiceError.fromBody(500, error.body as ErrorResponse), mapLoc);
  // Transport failures have no HTTP status: 0, as `filings query --json` reports them.
  if (error instanceof TimeoutError) return { status_code: 0, message, detail: { code: 'TIMEOUT' } };
  if (error instanceof NetworkError) return { status_code: 0, message, detail: { code: 'NETWORK_ERROR' } };
  if (error instanceof StreamError) return { status_code: 0, message, detail: { code: 'STREAM_ERROR' } };
  if (error instanceof AbortedError) return { status_code: 0, message, detail: { code: 'CANCELLED' } };
  // An index found damaged in the middle of a call, as `filings serve` answers it.
  if (error instanceof IndexUnavailableError) return { status_code: 503, message, detail: { code: 'INDEX_UNAVAILABLE' } };
  // pull_filings with no room left on the index's disk: HTTP's 507 Insufficient Storage.
  if (error instanceof DiskFullError || isDiskFull(error)) return { status_code: 507, message, detail: { code: 'DISK_FULL' } };
  return { status_code: 500, message: `internal error: ${message}`, detail: { code: 'INTERNAL_ERROR' } };
}

/** A protocol error (a JSON-RPC error response) with the SDK's code and data. Not an McpError: its
 * message already starts "MCP error -32602:", and the client's McpError would say it twice. */
export function protocolError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined && { data }) });
}

/** Where a problem is, as a model reads it: "metadata_filters.sec_ticker" (the root left out). */
export const where = (loc: Loc): string => loc.slice(1).join('.') || String(loc[0] ?? '');

/** The tool result of an ErrorResponse: the text a model reads, the body as structured content. */
export function toolError(body: ToolErrorBody): CallToolResult {
  const lines = [`${body.detail.code}: ${body.message}`];
  for (const i of body.detail.errors ?? []) lines.push(`- ${where(i.loc)}: ${i.message} [${i.code}]`);
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }], structuredContent: body };
}
