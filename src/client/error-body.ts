// An HTTP error response of any shape -> a ServiceError with a clear one-line message. The contract's
// ErrorResponse is one shape among many the client meets: `{"code": ...}`, pydantic's
// `{"detail": [{loc, msg, type}]}`, `{"detail": "text"}`, `{"error": ...}`, a proxy's HTML page, an
// empty body. The status is always preserved; `code` is the body's when it has one, else HTTP_<status>.
import { ServiceError, type ErrorResponse } from '../contract/errors.js';

export interface ErrorResponseInput {
  status: number;
  contentType?: string;
  text: string;
  retryAfterMs?: number;
  /** The Location header of a redirect. */
  location?: string;
  /** The base URL as messages show it (never carries credentials). */
  baseHref: string;
  keySent: boolean;
  /** Removes the API key from server-provided text before it reaches a message. */
  redact: (s: string) => string;
}

interface Issue {
  loc: string;
  message: string;
}

/** What could be read from a body. */
interface Reading {
  message?: string;
  code?: string;
  detail?: unknown;
  issues?: Issue[];
  html?: boolean;
  /** The body itself, when it is the contract's ErrorResponse: kept as received. */
  verbatim?: ErrorResponse;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

export function errorFromResponse(input: ErrorResponseInput): ServiceError {
  const { status, redact } = input;
  const r = readBody(input.text, input.contentType);
  const code = r.code ?? `HTTP_${status}`;
  const retryAfter = input.retryAfterMs === undefined ? undefined : Math.ceil(input.retryAfterMs / 1000);

  let lead = leadFor(status, input.keySent);
  const message = withoutPrefix(oneLine(redact(r.message ?? (r.html ? 'an HTML page' : 'empty body'))), lead);
  if (r.code) lead = lead.replace(/\)$/, `, ${r.code})`);
  let text = r.html ? `${lead} from a proxy: ${message}` : `${lead}: ${message}`;
  const first = r.issues?.[0];
  if (first && message.includes(oneLine(redact(first.message)))) {
    text += ` (at ${first.loc})`; // the server's message already says it (this project's server does)
  } else if (first) {
    text += `; at ${first.loc}: ${oneLine(redact(first.message))}`;
    const more = r.issues!.length - 1;
    if (more > 0) text += ` (+${more} more)`;
  }
  text += hintFor(input, retryAfter);

  const detail = r.detail ?? (r.verbatim ? r.verbatim.detail : { code });
  const error = new ServiceError(status, code, text, detail, retryAfter);
  // The contract-shaped body is what the server said: keep it whole (unknown keys included) for
  // --json output, while the Error's message is the one-line summary.
  if (r.verbatim) (error as { body: ErrorResponse }).body = r.verbatim;
  return error;
}

/** A contract ErrorResponse (e.g. an SSE `error` event's data) -> one line and its code. */
export function describeErrorPayload(data: unknown, redact: (s: string) => string): { message: string; code?: string } {
  const r = isObject(data) ? readObject(data) : { message: typeof data === 'string' ? data : undefined };
  let message = oneLine(redact(r.message ?? 'no message'));
  const first = r.issues?.[0];
  if (first) message += `; at ${first.loc}: ${oneLine(redact(first.message))}`;
  return { message, code: r.code };
}

/** "Invalid request: x" under the lead "Invalid request (HTTP 422)" -> "x": no stutter. */
function withoutPrefix(message: string, lead: string): string {
  const words = lead.replace(/ \(HTTP.*$/, '').toLowerCase();
  return message.toLowerCase().startsWith(`${words}:`) ? message.slice(words.length + 1).trim() : message;
}

function leadFor(status: number, keySent: boolean): string {
  switch (status) {
    case 401:
      return keySent ? 'The API key was rejected (HTTP 401)' : 'No API key was sent and the service requires one (HTTP 401)';
    case 403:
      return 'The request was refused (HTTP 403)';
    case 404:
      return 'Not found (HTTP 404)';
    case 413:
      return 'Request too large (HTTP 413)';
    case 422:
      return 'Invalid request (HTTP 422)';
    case 429:
      return 'Rate limited (HTTP 429)';
    case 500:
      return 'Internal server error (HTTP 500)';
    case 503:
      return 'Service unavailable (HTTP 503)';
    default:
      return status >= 300 && status < 400 ? `Unexpected redirect (HTTP ${status})` : `HTTP ${status}`;
  }
}

function hintFor(input: ErrorResponseInput, retryAfter: number | undefined): string {
  const { status } = input;
  if (status === 401) return '. Set the key with FILINGS_API_KEY, --api-key-file or `filings config set api_key`';
  if (status === 404) {
    const domain = /\/v\d+\/([^/]+)$/.exec(input.baseHref)?.[1];
    return domain
      ? `. Check the base URL ${input.baseHref}: the domain "${domain}" may not be served there, or the ` +
          `prefix is wrong (expected .../v2/<domain>, e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)`
      : `. Check the base URL ${input.baseHref}: it probably lacks the /v2/<domain> prefix (e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)`;
  }
  if (status >= 300 && status < 400) {
    const to = input.location ? ` to ${safeLocation(input.location)}` : '';
    return `; the service redirects${to}: set the base URL to the final address`;
  }
  if (retryAfter !== undefined) return `; retry after ${retryAfter} s`;
  return '';
}

function readBody(text: string, contentType: string | undefined): Reading {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (/^[[{"]/.test(trimmed)) {
    try {
      const data: unknown = JSON.parse(trimmed);
      if (isObject(data)) return readObject(data);
      if (typeof data === 'string') return { message: data };
      return { message: trimmed };
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/html/i.test(contentType ?? '') || trimmed.startsWith('<')) return { html: true, message: htmlTitle(trimmed) };
  return { message: trimmed };
}

function readObject(o: Record<string, unknown>, depth = 0): Reading {
  const detail = o.detail;
  // The contract: {status_code, message, detail: {code, errors: [{code, loc, message}]}}
  if (str(o.message) && (typeof o.status_code === 'number' || isObject(detail))) {
    const d = isObject(detail) ? detail : {};
    const issues = Array.isArray(d.errors) ? d.errors.filter(isObject).map(toIssue) : undefined;
    return {
      message: str(o.message),
      code: str(d.code) ?? str(o.code),
      issues,
      verbatim: typeof o.status_code === 'number' ? (o as unknown as ErrorResponse) : undefined,
      detail: detail === undefined ? undefined : detail,
    };
  }
  // pydantic / FastAPI validation: {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}
  if (Array.isArray(detail)) {
    const items = detail.filter(isObject);
    const errors = items.map((i) => ({
      code: str(i.type) ?? 'validation_error',
      loc: Array.isArray(i.loc) ? i.loc : [],
      message: str(i.msg) ?? str(i.message) ?? '',
    }));
    const code = errors[0]?.code;
    return {
      message: items.length === 1 ? 'validation failed' : `validation failed (${items.length} problems)`,
      code,
      issues: items.map(toIssue),
      detail: { code: code ?? 'validation_error', errors },
    };
  }
  // FastAPI HTTPException(detail="...") or RFC 7807 problem details
  if (typeof detail === 'string') return { message: str(o.title) ? `${o.title as string}: ${detail}` : detail, code: str(o.code) };
  if (isObject(detail) && depth === 0) return { ...readObject(detail, 1), detail };
  // {"error": "..."} or {"error": {"message": "...", "code"|"type": "..."}}
  if (isObject(o.error) && depth === 0) {
    const inner = readObject(o.error, 1);
    return { ...inner, code: str(o.code) ?? inner.code, detail: o };
  }
  const message = str(o.message) ?? str(o.error) ?? str(o.msg) ?? str(o.title) ?? str(o.error_description);
  const code = str(o.code) ?? str(o.error_code) ?? str(o.type);
  return { message: message ?? JSON.stringify(o).slice(0, 200), code, detail: o };
}

function toIssue(i: Record<string, unknown>): Issue {
  const loc = Array.isArray(i.loc) ? i.loc.map(String).join('.') : (str(i.loc) ?? 'body');
  return { loc, message: str(i.message) ?? str(i.msg) ?? str(i.type) ?? str(i.code) ?? 'invalid' };
}

function htmlTitle(html: string): string {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const raw = m?.[1] ?? html.replace(/<[^>]*>/g, ' ');
  const text = decodeEntities(raw.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? 'an HTML page' : text;
}

function decodeEntities(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : all;
    }
    return named[e.toLowerCase()] ?? all;
  });
}

/** A few words saying what an unexpected body holds: an HTML page's title, else its first text. */
export function bodySnippet(text: string, contentType: string | undefined): string {
  const t = text.trim();
  if (/html/i.test(contentType ?? '') || t.startsWith('<')) return `an HTML page "${htmlTitle(t)}"`;
  return JSON.stringify(oneLine(t).slice(0, 120));
}

/** One line, at most 300 characters. */
export function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 300 ? `${t.slice(0, 299)}…` : t;
}

function safeLocation(location: string): string {
  try {
    const u = new URL(location);
    return u.origin + u.pathname;
  } catch {
    return oneLine(location.split('?')[0] ?? '');
  }
}
