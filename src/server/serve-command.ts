// The action of `filings serve`: options -> keys (or a refusal to start) -> server -> signals.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { UsageError } from '../cli/errors.js';
import { resolveIndexPath } from '../engine/index/location.js';
import { createLogger, type LogFormat } from './access-log.js';
import { isLoopbackHost, loadKeys } from './auth.js';
import { createServer } from './http-server.js';
import type { ServerLimits } from './limits.js';

interface ServeOpts {
  host: string;
  port: string;
  domain: string;
  index?: string;
  keysFile?: string;
  auth: boolean;
  workers?: string;
  rateLimit: string;
  shutdownTimeout: string;
  logFormat: LogFormat;
  watchInterval: string;
  backendModule?: string;
  // --- issue 16 limits (server branch): keep together when the action moves ---
  rateBurst?: string;
  requestTimeout: string;
  keyConcurrency?: string;
  keyQueue: string;
  // --- end of issue 16 limits ---
}

function intOption(value: string, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}; got "${value}"`);
  return n;
}

// --- issue 16 limits (server branch): the options of the rate limit, deadline and per-key queueing ---
/** A number of seconds (fractions allowed) as milliseconds. */
function secondsOption(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 86_400) throw new UsageError(`--${name} must be a number of seconds from 0 to 86400; got "${value}"`);
  return Math.round(n * 1000);
}

function limitOptions(o: ServeOpts): Partial<ServerLimits> {
  return {
    rateLimit: intOption(o.rateLimit, 'rate-limit', 0),
    rateBurst: o.rateBurst === undefined ? undefined : intOption(o.rateBurst, 'rate-burst', 1),
    requestTimeoutMs: secondsOption(o.requestTimeout, 'request-timeout'),
    keyConcurrency: o.keyConcurrency === undefined ? undefined : intOption(o.keyConcurrency, 'key-concurrency', 1),
    keyQueue: intOption(o.keyQueue, 'key-queue', 0),
  };
}
// --- end of issue 16 limits ---

function keysFor(o: ServeOpts, env: NodeJS.ProcessEnv): string[] | undefined {
  let keys: string[];
  try {
    keys = loadKeys({ env: env.FILINGS_SERVER_KEYS, file: o.keysFile });
  } catch (e) {
    throw new UsageError(`cannot read --keys-file ${o.keysFile}: ${(e as Error).message}`);
  }
  if (keys.length > 0) return keys;
  if (!o.auth && isLoopbackHost(o.host)) return undefined;
  if (!o.auth) throw new UsageError(`--no-auth is only allowed on a loopback host (127.0.0.1, ::1, localhost); not on "${o.host}"`);
  throw new UsageError('no API keys: set FILINGS_SERVER_KEYS=key1,key2 or pass --keys-file FILE (or --no-auth on a loopback host)');
}

export async function runServe(cmd: Command, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const o = cmd.optsWithGlobals<ServeOpts>();
  const keys = keysFor(o, env);
  const logger = createLogger(o.logFormat);
  const indexPath = resolveIndexPath({ flag: o.index, env });
  const workers = o.workers === undefined ? availableParallelism() : intOption(o.workers, 'workers', 1);
  let running;
  try {
    running = await createServer({
      host: o.host,
      port: intOption(o.port, 'port', 0, 65_535),
      domain: o.domain,
      indexPath,
      workers,
      keys,
      auth: keys !== undefined,
      ...limitOptions(o),
      watchIntervalMs: intOption(o.watchInterval, 'watch-interval', 10),
      workerModule: o.backendModule ? pathToFileURL(resolve(o.backendModule)) : undefined,
      logger,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL') {
      throw new UsageError(`cannot listen on ${o.host}:${o.port}: ${err.code}`);
    }
    throw e;
  }
  const info = { url: running.url, base_url: running.baseUrl, workers, index: indexPath, auth: keys ? `${keys.length} key(s)` : 'off' };
  if (o.logFormat === 'json') logger.info('listening', info);
  else process.stderr.write(`filings serve: listening on ${running.url} (base URL ${running.baseUrl}, ${workers} workers)\n`);

  const timeoutMs = intOption(o.shutdownTimeout, 'shutdown-timeout', 0) * 1000;
  await new Promise<void>((done) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      // A second signal stops waiting for in-flight work.
      const wait = ++signals === 1 ? timeoutMs : 0;
      logger.info('shutdown', { signal, inflight: running.inflight(), timeout_ms: wait });
      void running.close({ timeoutMs: wait }).then(done);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  logger.info('stopped');
  // Whatever a backend may have left behind (a stray timer) does not keep the process alive.
  setTimeout(() => process.exit(0), 2000).unref();
}
