// Real processes and raw sockets for the connection tests: a server in a child process (so its open
// file handles can be counted in /proc), and many client connections that stay open as an attacker's
// would, from a chosen loopback address (127.0.0.2, ...: every 127/8 address is this machine's).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { delay } from './helpers.js';

export const canCountHandles = existsSync('/proc/self/fd');

/** Open file handles of a process (sockets included). */
export const openHandles = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

export interface Proc {
  url: string;
  pid: number;
  proc: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Waits for a child to print a line with `"url"` (JSON) or "listening on URL"; kills it on failure. */
export async function started(proc: ChildProcess, what: string): Promise<Proc> {
  let out = '';
  let err = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await new Promise((r) => proc.once('exit', r));
      clearTimeout(timer);
    }
  };
  for (let i = 0; i < 600; i++) {
    const m = /"url":"([^"]+)"/.exec(out + err);
    if (m) return { url: m[1]!, pid: proc.pid!, proc, stderr: () => err, stop };
    if (proc.exitCode !== null) break;
    await delay(50);
  }
  await stop();
  throw new Error(`${what} did not start: ${err}`);
}

/** createServer over the fixture backend in a process of its own (fixtures/serve-process.mjs). */
export function serveProcess(options: Record<string, unknown>): Promise<Proc> {
  const script = join(__dirname, 'fixtures', 'serve-process.mjs');
  const proc = spawn(process.execPath, [script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  return started(proc, 'the server process');
}

export interface Held {
  sockets: net.Socket[];
  /** What each socket received. */
  received: string[];
  /** Sockets the server ended (sent its FIN). */
  ended(): number;
  /** Sockets that got an answer whose status line is `status`. */
  answered(status: number): number;
  destroy(): void;
}

/**
 * Opens `n` connections from `localAddress` and leaves them open: idle, or after writing `send`.
 * allowHalfOpen: when the server ends its side, the client does not end its own (as an attacker's
 * would not), so a server that only half-closes keeps the socket.
 */
export async function holdConnections(url: string, n: number, localAddress: string, send?: string): Promise<Held> {
  const { port } = new URL(url);
  const sockets: net.Socket[] = [];
  const received: string[] = [];
  const endedBy = new Set<number>();
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      received.push('');
      const s = net.connect({ port: Number(port), host: '127.0.0.1', localAddress, allowHalfOpen: true });
      sockets.push(s);
      s.on('error', () => undefined);
      s.on('data', (d: Buffer) => (received[i] += d.toString('latin1')));
      s.on('end', () => endedBy.add(i));
      return new Promise<void>((resolve) => {
        s.once('connect', () => {
          if (send) s.write(send);
          resolve();
        });
        s.once('close', () => resolve());
      });
    }),
  );
  return {
    sockets,
    received,
    ended: () => endedBy.size,
    answered: (status) => received.filter((r) => r.startsWith(`HTTP/1.1 ${status} `)).length,
    destroy: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

/** Polls until `check()` holds or `limitMs` passes; returns whether it held. */
export async function eventually(check: () => boolean, limitMs = 15_000): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (check()) return true;
    await delay(50);
  }
  return check();
}
