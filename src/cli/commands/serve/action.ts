// The action of `filings serve`: options -> keys -> createServer (which refuses what it cannot serve
// safely) -> signals. The server's own errors become usage errors here (exit 2).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createLogger,
  createServer,
  KeyConfigError,
  ListenError,
  loadKeys,
  ServerConfigError,
  TrustProxyError,
  type LogFormat,
  type RunningServer,
  type ServerLimits,
} from '../../../server/index.js';
import type { ActionContext } from '../../command.js';
import { UsageError } from '../../errors.js';
import type { Settings } from '../../settings/resolve.js';

interface ServeOpts {
  host: string;
  port: string;
  domain: string;
  keysFile?: string;
  allowShortKeys?: boolean;
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
  maxConnections?: string;
  maxConnectionsPerAddress: string;
  trustProxy?: string;
}

function intOption(value: string, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}; got "${value}"`);
  return n;
}

// --- issue 16 limits (server branch): the options of the rate limit, deadline and per-key queueing ---
/** A number of seconds (fractions allowed) as milliseconds. */
function secondsOption(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 86_400)
    throw new UsageError(`--${name} must be a number of seconds from 0 to 86400; got "${value}"`);
  return Math.round(n * 1000);
}

function limitOptions(o: ServeOpts): Partial<ServerLimits> {
  return {
    rateLimit: intOption(o.rateLimit, 'rate-limit', 0),
    rateBurst: o.rateBurst === undefined ? undefined : intOption(o.rateBurst, 'rate-burst', 1),
    requestTimeoutMs: secondsOption(o.requestTimeout, 'request-timeout'),
    keyConcurrency: o.keyConcurrency === undefined ? undefined : intOption(o.keyConcurrency, 'key-concurrency', 1),
    keyQueue: intOption(o.keyQueue, 'key-queue', 0),
    maxConnections: o.maxConnections === undefined ? undefined : intOption(o.maxConnections, 'max-connections', 1),
    maxConnectionsPerAddress: intOption(o.maxConnectionsPerAddress, 'max-connections-per-address', 1),
  };
}
// --- end of issue 16 limits ---

/** The accepted keys (the server_keys setting and --keys-file); undefined when there are none
 * (createServer then insists on --no-auth). */
function keysFor(o: ServeOpts, settings: Settings): string[] | undefined {
  const origin = settings.origins.server_keys;
  const envName = origin?.source === 'profile' ? `server_keys (profile "${origin.from}")` : origin?.from;
  try {
    const keys = loadKeys({ env: settings.serverKeys, envName, file: o.keysFile, allowShort: o.allowShortKeys });
    return keys.length > 0 ? keys : undefined;
  } catch (e) {
    if (e instanceof KeyConfigError) throw new UsageError(`refusing to serve: ${e.message}`);
    throw new UsageError(`cannot read --keys-file ${o.keysFile}: ${(e as Error).message}`);
  }
}

export async function runServe({ opts, f, io }: ActionContext): Promise<void> {
  const o = opts as unknown as ServeOpts;
  const keys = keysFor(o, f.settings());
  const logger = createLogger(o.logFormat);
  const indexPath = f.indexPath();
  const workers = o.workers === undefined ? availableParallelism() : intOption(o.workers, 'workers', 1);
  let running: RunningServer;
  try {
    running = await createServer({
      host: o.host,
      port: intOption(o.port, 'port', 0, 65_535),
      domain: o.domain,
      indexPath,
      workers,
      keys,
      // Keys, when there are any, are always checked; without any, only --no-auth serves.
      auth: keys !== undefined || o.auth,
      ...limitOptions(o),
      watchIntervalMs: intOption(o.watchInterval, 'watch-interval', 10),
      trustProxy: o.trustProxy,
      workerModule: o.backendModule ? pathToFileURL(resolve(o.backendModule)) : undefined,
      model: f.settings().model,
      logger,
    });
  } catch (e) {
    if (e instanceof ServerConfigError || e instanceof ListenError || e instanceof TrustProxyError) throw new UsageError(e.message);
    throw e;
  }
  const info = {
    url: running.url,
    base_url: running.baseUrl,
    workers,
    index: indexPath,
    auth: keys ? `${keys.length} key(s)` : 'off',
    ...(o.trustProxy ? { trust_proxy: o.trustProxy } : {}),
  };
  if (o.logFormat === 'json') logger.info('listening', info);
  else io.stderr.write(`filings serve: listening on ${running.url} (base URL ${running.baseUrl}, ${workers} workers)\n`);

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
