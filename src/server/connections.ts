// Connection caps: open connections per client address and in all. Idle connections cost a file
// descriptor each, and a process out of descriptors can accept no one; so past a cap a connection is
// answered 503 at once and closed, and the others (another address, a client already connected) go
// on. A trusted proxy's address is capped only by the total: its connections carry many clients.
// Connections that have not yet sent a request with a valid key cannot take the last places: with the
// total reached, a new connection closes the oldest of them that is idle (as nginx and HAProxy keep a
// server reachable under the same attack), so idle or slow connections from many addresses, each under
// its cap, never lock a keyed client out; only connections that sent a valid request are never closed
// to make room.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './access-log.js';
import type { TrustedProxies } from './client-address.js';

export interface ConnectionCaps {
  perAddress: number;
  total: number;
}

/** How long a refused connection may linger, reading what the client sent, so that closing it does
 * not reset the connection before the client reads the 503. */
const REFUSAL_LINGER_MS = 50;
/** Room above the total for refusals lingering and connections closed to make room: past it Node
 * closes new connections unanswered. */
const REFUSAL_ROOM = 128;

interface Counted {
  address: string;
  /** Requests being answered on it (an idle connection has none). */
  busy: number;
  /** Counted out already (closed to make room, or closed). */
  out: boolean;
}

export class ConnectionGate {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly counted = new WeakMap<Socket, Counted>();
  /** Connections that have sent no request with a valid key, oldest first: the ones that make room. */
  private readonly unproven = new Map<Socket, Counted>();
  /** Connections refused since the server started (for /healthz and the soak). */
  refused = 0;
  /** Connections closed to make room for a new one since the server started. */
  evicted = 0;

  constructor(
    readonly caps: ConnectionCaps,
    private readonly trusted?: TrustedProxies,
  ) {}

  get open(): number {
    return this.total;
  }

  /** Counts the connection in, or says why it is refused; a counted one is counted out on close. */
  admit(socket: Socket): string | undefined {
    const address = socket.remoteAddress ?? '';
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.caps.perAddress && !this.trusted?.has(address)) {
      return `Too many connections from this address (${mine} open, the limit is ${this.caps.perAddress}); reuse or close them`;
    }
    if (this.total >= this.caps.total && !this.evictOne()) return `The server has ${this.total} connections open, its limit; retry shortly`;
    const c: Counted = { address, busy: 0, out: false };
    this.total++;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.counted.set(socket, c);
    this.unproven.set(socket, c);
    socket.once('close', () => this.countOut(socket, c));
    return undefined;
  }

  /** The connection sent a request with a valid key (or any request, without authentication): it is
   * never closed to make room. */
  prove(socket: Socket): void {
    this.unproven.delete(socket);
  }

  /** A request starts (+1) or ends (-1) on the connection: one being answered is not idle. */
  busy(socket: Socket, delta: 1 | -1): void {
    const c = this.counted.get(socket);
    if (c) c.busy += delta;
  }

  /** Closes the oldest idle connection that has sent no valid request; false when there is none. */
  private evictOne(): boolean {
    for (const [socket, c] of this.unproven) {
      if (c.busy > 0) continue;
      this.countOut(socket, c);
      this.evicted++;
      socket.destroy();
      return true;
    }
    return false;
  }

  private countOut(socket: Socket, c: Counted): void {
    this.unproven.delete(socket);
    if (c.out) return;
    c.out = true;
    this.total--;
    const n = (this.byAddress.get(c.address) ?? 1) - 1;
    if (n > 0) this.byAddress.set(c.address, n);
    else this.byAddress.delete(c.address);
  }
}

/** A 503 written straight to the socket (no request was read), then the connection closed. */
function refuse(socket: Socket, message: string): void {
  const body = JSON.stringify({ status_code: 503, message, detail: { code: 'SERVICE_UNAVAILABLE' } });
  socket.on('error', () => undefined);
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `retry-after: 1\r\nconnection: close\r\n\r\n${body}`,
  );
  // Read (and drop) what the client sends meanwhile: unread bytes would turn the close into a reset
  // that can discard the 503 before the client reads it.
  socket.resume();
  const gone = () => socket.destroy();
  socket.once('end', gone);
  setTimeout(gone, REFUSAL_LINGER_MS).unref();
}

/** Puts the gate in front of the HTTP server's own connection handling. */
export function gateConnections(server: http.Server, gate: ConnectionGate, logger: Logger): void {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const evicted = gate.evicted;
    const why = gate.admit(socket);
    if (why === undefined) {
      if (gate.evicted > evicted && gate.evicted % 100 === 1) logger.info('connection closed to make room', { evicted: gate.evicted });
      for (const h of handlers) h.call(server, socket);
      return;
    }
    gate.refused++;
    // One line per refusal would let a flood fill the log; every 100th says how it goes.
    if (gate.refused % 100 === 1) logger.info('connection refused', { reason: why, refused: gate.refused });
    refuse(socket, why);
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    gate.busy(req.socket, 1);
    res.once('close', () => gate.busy(req.socket, -1));
  });
  // A last resort under the caps: never more sockets than the total, lingering refusals included.
  server.maxConnections = gate.caps.total + REFUSAL_ROOM;
}

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
export function openFileLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m && m[1] !== 'unlimited' ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
