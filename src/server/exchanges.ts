// Every request in flight, from arrival to release, and its access-log line. A request is released
// when its response closes, or when its connection closes: responses queued behind another on a
// pipelining connection never see a `close` of their own, so the socket's close releases (and aborts)
// them too. A response whose client stops reading is cut off after the send timeout.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loggablePath, type Logger } from './access-log.js';
import type { Exchange } from './exchange.js';
import { newRequestId } from '../request-id.js';

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
    // A response whose connection was cut for not reading may still count as finished (destroying the
    // socket completes its writes with an error): it was not delivered.
    const finished = res.writableFinished && !cut.has(req.socket);
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

interface SocketWatch {
  /** Responses of the socket being sent. */
  sending: number;
  timer?: NodeJS.Timeout;
}

/** Connections destroyed because their client stopped reading. */
const cut = new WeakSet<Socket>();

/** One progress watch per connection, however many requests are pipelined on it: a listener per
 * request on the socket would pass EventEmitter's limit (and print a warning into the log). */
const watches = new WeakMap<Socket, SocketWatch>();

/** Destroys the connection when nothing of what waits to be sent on it has left for `timeoutMs`.
 * Progress is judged on the socket, so a response queued behind a slow but moving one is spared. */
function watchProgress(ex: Exchange, timeoutMs: number): void {
  if (!(timeoutMs > 0)) return;
  const socket = ex.req.socket;
  let w = watches.get(socket);
  if (!w) {
    const created: SocketWatch = { sending: 0 };
    w = created;
    watches.set(socket, created);
    socket.once('close', () => clearInterval(created.timer));
  }
  const watch = w;
  watch.sending++;
  if (!watch.timer) {
    let last = socket.writableLength;
    let movedAt = performance.now();
    watch.timer = setInterval(
      () => {
        const pending = socket.writableLength;
        const now = performance.now();
        if (pending === 0 || pending < last) movedAt = now;
        last = pending;
        if (now - movedAt > timeoutMs) {
          cut.add(socket);
          socket.destroy();
        }
      },
      Math.max(25, Math.min(1000, timeoutMs / 4)),
    );
    watch.timer.unref();
  }
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    if (--watch.sending === 0) {
      clearInterval(watch.timer);
      watch.timer = undefined;
    }
  };
  ex.res.once('close', stop);
  ex.res.once('finish', stop);
}
