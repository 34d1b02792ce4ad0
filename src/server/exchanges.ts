// Every request in flight, from arrival to release, and its access-log line. A request is released
// when its response closes, or when its connection closes: responses queued behind another on a
// pipelining connection never see a `close` of their own, so the socket's close releases (and aborts)
// them too. A response whose client stops reading is cut off after the send timeout.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loggablePath, type Logger } from './access-log.js';
import type { Exchange } from './exchange.js';
import { newRequestId } from './request-id.js';

export interface ExchangeTrackerOptions {
  logger: Logger;
  /** A response that makes no progress (the client does not read) this long is cut off; 0: never. */
  sendTimeoutMs: number;
}

export class ExchangeTracker {
  /** Requests that count as in flight (all but /healthz). */
  private readonly live = new Set<Exchange>();
  private readonly bySocket = new WeakMap<Socket, Set<Exchange>>();
  private readonly released = new WeakSet<Exchange>();

  constructor(private readonly opts: ExchangeTrackerOptions) {}

  get size(): number {
    return this.live.size;
  }

  open(req: IncomingMessage, res: ServerResponse): Exchange {
    const ex: Exchange = { req, res, id: newRequestId(), started: performance.now(), bytes: 0, controller: new AbortController() };
    if (!(req.url ?? '').startsWith('/healthz')) this.live.add(ex);
    const socket = req.socket;
    let onSocket = this.bySocket.get(socket);
    if (!onSocket) {
      const set = new Set<Exchange>();
      onSocket = set;
      this.bySocket.set(socket, set);
      socket.once('close', () => {
        for (const e of [...set]) this.release(e);
      });
    }
    onSocket.add(ex);
    res.once('close', () => this.release(ex));
    ex.onSending = () => watchProgress(ex, this.opts.sendTimeoutMs);
    return ex;
  }

  /** Aborts the work of every request still in flight (shutdown deadline). */
  abortAll(): void {
    for (const ex of this.live) ex.controller.abort();
  }

  private release(ex: Exchange): void {
    if (this.released.has(ex)) return;
    this.released.add(ex);
    this.live.delete(ex);
    this.bySocket.get(ex.req.socket)?.delete(ex);
    const { req, res } = ex;
    const finished = res.writableFinished;
    if (!finished) {
      ex.controller.abort();
      // A queued response of a closed connection: nothing can be written any more.
      if (!res.destroyed) res.destroy();
    }
    this.opts.logger.access({
      request_id: ex.id,
      method: req.method ?? '',
      path: loggablePath(req.url ?? ''),
      status: finished ? res.statusCode : 499,
      duration_ms: Math.round((performance.now() - ex.started) * 10) / 10,
      bytes: ex.bytes,
      ...(ex.keyId ? { key_id: ex.keyId } : {}),
      ...(ex.internal ? { error: ex.internal } : {}),
    });
  }
}

/** Destroys the connection when nothing of what waits to be sent on it has left for `timeoutMs`.
 * Progress is judged on the socket, so a response queued behind a slow but moving one is spared. */
function watchProgress(ex: Exchange, timeoutMs: number): void {
  if (!(timeoutMs > 0)) return;
  const socket = ex.req.socket;
  let last = socket.writableLength;
  let movedAt = performance.now();
  const timer = setInterval(
    () => {
      const pending = socket.writableLength;
      const now = performance.now();
      if (pending === 0 || pending < last) movedAt = now;
      last = pending;
      if (now - movedAt > timeoutMs) socket.destroy();
    },
    Math.max(25, Math.min(1000, timeoutMs / 4)),
  );
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    socket.off('close', stop);
  };
  ex.res.once('close', stop);
  ex.res.once('finish', stop);
  socket.once('close', stop);
}
