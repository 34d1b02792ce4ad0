// One request/response pair with what the access log needs, and the ways of answering it: JSON, an
// ErrorResponse (with Retry-After when the error has one), or an error that also closes the
// connection (used when the request body is left unread).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceError } from '../contract/errors.js';

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  started: number;
  /** Response body bytes written. */
  bytes: number;
  keyId?: string;
  /** An internal error's description, for the log only. */
  internal?: string;
  /** Fires when the client goes away or the server gives up on the request at shutdown. */
  controller: AbortController;
  /** Who the request counts against for rate and concurrency: the key id, or the client address. */
  client?: string;
  /** Gives back the rate-limit token, for a request refused for its own content. */
  refund?: () => void;
  /** Set once the request got a worker (a deadline passed after it is the query's own). */
  ran?: boolean;
  /** Called when the response starts to be written (the server's send timeout starts there). */
  onSending?: () => void;
}

const COMMON = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

export function sendJson(ex: Exchange, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const { res } = ex;
  if (res.headersSent || res.destroyed) return;
  ex.onSending?.();
  const text = JSON.stringify(body);
  ex.bytes += Buffer.byteLength(text);
  res.writeHead(status, {
    ...COMMON,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'x-request-id': ex.id,
    ...headers,
  });
  res.end(text);
}

export function sendError(ex: Exchange, error: ServiceError, headers: Record<string, string> = {}): void {
  const extra: Record<string, string> = { ...headers };
  if (error.retryAfter !== undefined) extra['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfter)));
  sendJson(ex, error.status, error.body, extra);
}

/**
 * Answers and closes the connection without reading the rest of the request body. The socket is
 * half-closed first and destroyed shortly after, so the client can read the answer before a reset.
 */
export function sendErrorAndClose(ex: Exchange, error: ServiceError, headers: Record<string, string> = {}): void {
  const { req, res } = ex;
  req.pause();
  const socket = req.socket;
  res.once('finish', () => {
    socket.end();
    setTimeout(() => socket.destroy(), 250).unref();
  });
  sendError(ex, error, { ...headers, connection: 'close' });
}

/** Whether the request announced a body (which an early answer leaves unread). */
export function hasBody(ex: Exchange): boolean {
  const h = ex.req.headers;
  return h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
}
