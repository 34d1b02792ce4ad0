// createServer: the HTTP server over a Backend (injected, or the default worker pool over the index),
// with the access log, in-flight tracking, the limits in front of the backend, and graceful close.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Backend } from '../backend.js';
import type { LlmConfig } from '../engine/engine-backend.js';
import { DEFAULT_DOMAIN } from '../contract/limits.js';
import { createLogger, type Logger } from './access-log.js';
import { Admission } from './admission.js';
import { createKeyChecker, isLoopbackHost } from './auth.js';
import { parseTrustedProxies, type TrustedProxies } from './client-address.js';
import { ConnectionGate, gateConnections, openFileLimit } from './connections.js';
import { ListenError, ServerConfigError } from './errors.js';
import { sendError } from './exchange.js';
import { ExchangeTracker } from './exchanges.js';
import { toHttpFailure } from './http-errors.js';
import { SERVER_DEFAULTS, resolveLimits, type ServerLimits } from './limits.js';
import { createPooledBackend, type HealthReporting } from './pooled-backend.js';
import { createRateLimiter } from './rate-limit.js';
import { route, type RouterContext } from './routes.js';

interface ServerBaseOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  domain?: string;
  /** A backend to serve (tests, the in-process contract suite). Without one: a worker pool over `indexPath`. */
  backend?: Backend;
  indexPath?: string;
  /** Worker threads of the default pool (default: the number of cores). */
  workers?: number;
  /** Module exporting `openBackend(data)` for the default pool's workers (default: the engine). */
  workerModule?: URL | string;
  /** The model the default pool's engines write answers with (none: extractive answers). */
  model?: LlmConfig;
  /** How often the index path is checked for replacement (ms). */
  watchIntervalMs?: number;
  /** Accepted API keys. Empty or absent with `auth` not false: createServer throws. */
  keys?: string[];
  /** false: no authentication (the serve command allows it on loopback hosts only). */
  auth?: boolean;
  heartbeatMs?: number;
  logger?: Logger;
  /** Reverse proxies whose X-Forwarded-For names the client ("127.0.0.1", "10.0.0.0/8,::1"). Off by default. */
  trustProxy?: string;
}

export type ServerOptions = ServerBaseOptions & Partial<ServerLimits>;

export interface RunningServer {
  server: http.Server;
  /** http://host:port */
  url: string;
  /** url + /v2/<domain> */
  baseUrl: string;
  backend: Backend;
  inflight(): number;
  /** Open connections, those refused by the caps and those closed to make room, since the start. */
  connections(): { open: number; refused: number; evicted: number };
  /** Stops accepting, lets in-flight work finish for up to `timeoutMs`, aborts the rest, closes. */
  close(opts?: { timeoutMs?: number }): Promise<void>;
}

const isHealthReporting = (b: Backend): b is Backend & HealthReporting => typeof (b as Partial<HealthReporting>).health === 'function';

export { SERVER_DEFAULTS };

export async function createServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const keys = opts.auth === false ? undefined : createKeyChecker(opts.keys ?? []);
  if (keys && keys.size === 0)
    throw new ServerConfigError(
      'no API keys: set FILINGS_SERVER_KEYS=key1,key2 or pass --keys-file FILE (or --no-auth on a loopback host)',
    );
  const hostname = opts.host ?? '127.0.0.1';
  if (!keys && !isLoopbackHost(hostname))
    throw new ServerConfigError(`--no-auth is only allowed on a loopback host (127.0.0.1, ::1, localhost); not on "${hostname}"`);
  const logger = opts.logger ?? createLogger('off');
  const domain = opts.domain ?? DEFAULT_DOMAIN;
  const owned = !opts.backend;
  const workers = opts.workers ?? availableParallelism();
  const limits = resolveLimits(opts, workers, openFileLimit());
  const trusted: TrustedProxies | undefined = opts.trustProxy ? parseTrustedProxies(opts.trustProxy) : undefined;
  const backend =
    opts.backend ??
    (await createPooledBackend({
      indexPath: requireIndexPath(opts.indexPath),
      workers,
      workerModule: opts.workerModule,
      workerData: { domain, model: opts.model },
      watchIntervalMs: opts.watchIntervalMs,
      abortGraceMs: limits.abortGraceMs,
      onReload: (info) => logger.info('index', { path: opts.indexPath, ...info }),
    }));

  const live = new ExchangeTracker({ logger, sendTimeoutMs: limits.sendTimeoutMs });
  let closing = false;
  let origin = '';
  const gate = new ConnectionGate({ perAddress: limits.maxConnectionsPerAddress, total: limits.maxConnections }, trusted);
  const ctx: RouterContext = {
    backend,
    domain,
    keys,
    trusted,
    limiter: createRateLimiter(limits.rateLimit, { burst: limits.rateBurst }),
    rateWaitMs: limits.rateWaitMs,
    authFailures: createRateLimiter(limits.authFailureRate, { burst: limits.authFailureBurst }),
    admission: new Admission({
      concurrency: workers,
      perKey: limits.keyConcurrency,
      queuePerKey: limits.keyQueue,
      queueTotal: limits.queueTotal,
    }),
    deadlineMs: limits.requestTimeoutMs,
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    isShuttingDown: () => closing,
    origin: () => origin,
    inflight: () => live.size,
    connections: () => ({ open: gate.open, refused: gate.refused, evicted: gate.evicted }),
    prove: (socket) => gate.prove(socket),
    health: () =>
      isHealthReporting(backend) ? backend.health() : { status: 'ok', index: { file: '', state: 'ready', generation: 0 }, workers: 0 },
  };

  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.bodyTimeoutMs,
      keepAliveTimeout: 5_000,
      // Node checks the two timeouts above every 30 s by default, so they fired up to 30 s late.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.bodyTimeoutMs) / 10))),
    },
    (req, res) => {
      const ex = live.open(req, res);
      if (closing) res.setHeader('connection', 'close');
      route(ex, ctx).catch((e: unknown) => {
        // A bug in the server itself: answer 500 (no details) if still possible, never crash.
        const f = toHttpFailure(e, ex.id);
        ex.internal = f.internal;
        if (!res.headersSent) sendError(ex, f.error);
        else res.destroy();
      });
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ status_code: status, message: 'Malformed HTTP request', detail: { code: 'BAD_REQUEST' } });
    // Closed for good, not half-closed: a client that never closes its side would keep the socket
    // (and a file descriptor) forever.
    const gone = () => socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      gone,
    );
    setTimeout(gone, 1000).unref();
  });
  gateConnections(server, gate, logger);

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 8080, hostname, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    // Port taken or not allowed: stop the workers started for nothing.
    if (owned) await backend.close();
    throw new ListenError(hostname, opts.port ?? 8080, e as NodeJS.ErrnoException);
  }
  // Failures to accept (out of file descriptors) must not end the process: the caps leave room, and
  // what still happens is logged.
  server.on('error', (e: NodeJS.ErrnoException) => logger.error('accept', { code: e.code, message: e.message }));
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  origin = `http://${host}:${addr.port}`;

  let closed: Promise<void> | undefined;
  // A second close() with a shorter timeout (a second signal) brings the deadline forward.
  let deadline = Infinity;
  const close = ({ timeoutMs = 10_000 } = {}) => {
    deadline = Math.min(deadline, Date.now() + timeoutMs);
    return (closed ??= (async () => {
      closing = true;
      const stopped = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      await waitUntil(() => live.size === 0 || Date.now() >= deadline);
      live.abortAll();
      const grace = Date.now() + 1000;
      await waitUntil(() => live.size === 0 || Date.now() >= grace);
      server.closeAllConnections();
      await stopped;
      if (owned) await backend.close();
    })());
  };

  return {
    server,
    url: origin,
    baseUrl: `${origin}/v2/${domain}`,
    backend,
    inflight: () => live.size,
    connections: () => ({ open: gate.open, refused: gate.refused, evicted: gate.evicted }),
    close,
  };
}

function requireIndexPath(p: string | undefined): string {
  if (!p) throw new Error('createServer needs a backend or an indexPath');
  return p;
}

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}
