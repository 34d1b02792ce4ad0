// Connection caps: open connections per client address and in all. Idle connections cost a file
// descriptor each, and a process out of descriptors can accept no one; so past a cap a connection is
// answered 503 at once and closed, and the others (another address, a client already connected) go
// on. A trusted proxy's address is capped only by the total: its connections carry many clients.
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
/** Room above the total for refusals lingering: past it Node closes new connections unanswered. */
const REFUSAL_ROOM = 128;

export class ConnectionGate {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  /** Connections refused since the server started (for /healthz and the soak). */
  refused = 0;

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
    if (this.total >= this.caps.total) return `The server has ${this.total} connections open, its limit; retry shortly`;
    if (mine >= this.caps.perAddress && !this.trusted?.has(address)) {
      return `Too many connections from this address (${mine} open, the limit is ${this.caps.perAddress}); reuse or close them`;
    }
    this.total++;
    this.byAddress.set(address, mine + 1);
    socket.once('close', () => {
      this.total--;
      const n = (this.byAddress.get(address) ?? 1) - 1;
      if (n > 0) this.byAddress.set(address, n);
      else this.byAddress.delete(address);
    });
    return undefined;
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
    const why = gate.admit(socket);
    if (why === undefined) {
      for (const h of handlers) h.call(server, socket);
      return;
    }
    gate.refused++;
    // One line per refusal would let a flood fill the log; every 100th says how it goes.
    if (gate.refused % 100 === 1) logger.info('connection refused', { reason: why, refused: gate.refused });
    refuse(socket, why);
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
