// One HTTP exchange over Node's own http and https modules: any status comes back without throwing,
// redirects are never followed, the body is a Node stream read chunk by chunk, and each of the three
// timeouts (connect, first byte, idle) fails with a code of its own. Node's modules, not undici: they
// are part of Node's startup snapshot (about 3 ms to load against undici's 30 to 50), and parse HTTP
// natively, where undici's WebAssembly parser held a process's exit about 80 ms while V8 finished
// compiling it: a CLI that asks one question pays both.
import { Agent as HttpAgent, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent, RequestOptions } from 'node:https';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { type ProxySettings, proxyFor, proxyFromEnv } from './proxy.js';
import type { Timeouts } from './timeouts.js';
import { toTransportError, type TransportContext } from './transport-errors.js';

export { proxyFromEnv, type ProxySettings };

export interface Response {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

/** The connections a backend keeps (kept alive between its requests) and the proxy it goes through. */
export interface Transport {
  http: HttpAgent;
  /** Made by the first request that needs TLS. */
  https?: HttpsAgent;
  proxy?: ProxySettings;
  close(): void;
}

/** A failure of the exchange's own: a timeout, or a proxy that refused the tunnel. */
export class ExchangeError extends Error {
  constructor(
    readonly code: 'CONNECT_TIMEOUT' | 'FIRST_BYTE_TIMEOUT' | 'IDLE_TIMEOUT' | 'PROXY_REFUSED',
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeError';
  }
}

export function createTransport(env: NodeJS.ProcessEnv): Transport {
  const proxy = proxyFromEnv(env);
  const t: Transport = {
    http: new HttpAgent({ keepAlive: true }),
    ...(proxy ? { proxy } : {}),
    close() {
      t.http.destroy();
      t.https?.destroy();
    },
  };
  return t;
}

export interface SendOptions {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  transport: Transport;
  timeouts: Timeouts;
  signal?: AbortSignal;
}

/** Node's TLS modules, loaded by the first request that needs them: one to a service on http:// (a
 * team's `filings serve`) never does. */
interface Tls {
  https: typeof import('node:https');
  tls: typeof import('node:tls');
}
let tlsModules: Tls | undefined;
// (require, not import(): the bundle runs without a dynamic import callback: scripts/bundle.js.)
const loadTls = (): Tls => {
  const require = createRequire(import.meta.url);
  return (tlsModules ??= { https: require('node:https'), tls: require('node:tls') });
};

/** Whether a socket still has its TCP connection or TLS handshake ahead of it. */
const connecting = (s: Socket) =>
  s.connecting || (typeof (s as TLSSocket).getProtocol === 'function' && (s as TLSSocket).getProtocol() === null);

/** A TLS connection to `target` through an HTTP CONNECT tunnel of `proxy`. */
function tunnel(t: Tls, proxy: URL, target: URL, done: (err: Error | null, socket?: Socket) => void): void {
  const port = target.port || '443';
  const connect = (proxy.protocol === 'https:' ? t.https.request : httpRequest)({
    host: proxy.hostname,
    port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
    method: 'CONNECT',
    path: `${target.hostname}:${port}`,
    headers: { host: `${target.hostname}:${port}` },
    agent: false,
  });
  connect.once('connect', (res, socket) => {
    if (res.statusCode !== 200) {
      socket.destroy();
      done(new ExchangeError('PROXY_REFUSED', `the proxy ${proxy.host} refused the tunnel (HTTP ${res.statusCode})`));
      return;
    }
    const secure = t.tls.connect({ socket, servername: target.hostname });
    secure.once('secureConnect', () => done(null, secure));
    secure.once('error', (e) => done(e));
  });
  connect.once('error', (e) => done(e));
  connect.end();
}

/** The request, to the service or through the proxy. */
function open(o: SendOptions, target: URL, proxy: URL | undefined, tls: Tls | undefined): ClientRequest {
  const secure = target.protocol === 'https:';
  const headers: Record<string, string | number> = { ...o.headers, host: target.host };
  if (o.body !== undefined) headers['content-length'] = Buffer.byteLength(o.body);
  const httpsAgent = () => (o.transport.https ??= new tls!.https.Agent({ keepAlive: true }));
  if (proxy && !secure) {
    // A plain http:// target: the request goes to the proxy in absolute form, as curl sends it.
    const viaTls = proxy.protocol === 'https:';
    return (viaTls ? tls!.https.request : httpRequest)({
      method: o.method,
      headers,
      host: proxy.hostname,
      port: proxy.port || (viaTls ? 443 : 80),
      path: target.href,
      agent: viaTls ? httpsAgent() : o.transport.http,
    });
  }
  const options: RequestOptions = {
    method: o.method,
    headers,
    host: target.hostname,
    port: target.port || (secure ? 443 : 80),
    path: target.pathname + target.search,
    ...(proxy
      ? // An https:// target through a tunnel; no agent, so Node takes this connection as it is.
        { createConnection: (_: unknown, done: (err: Error | null, s?: Socket) => void) => tunnel(tls!, proxy, target, done) }
      : { agent: secure ? httpsAgent() : o.transport.http, servername: target.hostname }),
  } as RequestOptions;
  return (secure ? tls!.https.request : httpRequest)(options);
}

/** Sends one request; resolves once the status and headers are in, the body still unread. */
export async function send(o: SendOptions): Promise<Response> {
  const target = new URL(o.url);
  const proxy = proxyFor(target, o.transport.proxy);
  const tls = target.protocol === 'https:' || proxy?.protocol === 'https:' ? loadTls() : undefined;
  // The socket is TLS to the service, or to an https:// proxy; a tunnel's is handed over connected.
  const overTls = proxy ? target.protocol !== 'https:' && proxy.protocol === 'https:' : target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const timers = new Set<NodeJS.Timeout>();
    const later = (ms: number, fire: () => void) => {
      const t = setTimeout(fire, ms);
      timers.add(t);
      return () => {
        clearTimeout(t);
        timers.delete(t);
      };
    };
    const req = open(o, target, proxy, tls);
    const fail = (e: Error) => {
      for (const t of timers) clearTimeout(t);
      req.destroy(e);
      reject(e);
    };
    const onAbort = () => fail(new Error('aborted'));
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const stopConnect = later(o.timeouts.connectMs, () =>
      fail(new ExchangeError('CONNECT_TIMEOUT', `no connection within ${o.timeouts.connectMs} ms`)),
    );
    let stopFirstByte = () => {};
    const sent = () => {
      stopConnect();
      stopFirstByte = later(o.timeouts.firstByteMs, () => fail(new ExchangeError('FIRST_BYTE_TIMEOUT', 'no response headers in time')));
    };
    req.once('socket', (s) => (connecting(s) ? s.once(overTls ? 'secureConnect' : 'connect', sent) : sent()));
    req.on('error', (e) => {
      for (const t of timers) clearTimeout(t);
      o.signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    req.once('response', (res) => {
      stopConnect();
      stopFirstByte();
      o.signal?.removeEventListener('abort', onAbort);
      // Idle: no byte for this long while the body is read (the socket's, until it goes back to the
      // pool); the caller's abort ends the read too.
      const socket = res.socket;
      const idle = () => res.destroy(new ExchangeError('IDLE_TIMEOUT', 'no data in time'));
      socket?.setTimeout(o.timeouts.idleMs);
      socket?.on('timeout', idle);
      res.once('close', () => {
        socket?.setTimeout(0);
        socket?.off('timeout', idle);
      });
      // (A failure of the body reaches whoever reads it; unread, it must not end the process.)
      res.on('error', () => {});
      if (o.signal) {
        const stop = () => res.destroy(new Error('aborted'));
        o.signal.addEventListener('abort', stop, { once: true });
        res.once('close', () => o.signal!.removeEventListener('abort', stop));
      }
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: res });
    });
    req.end(o.body);
  });
}

/** Reads a whole body as text; failures (idle timeout, abort, reset) come out as Backend errors. */
export async function readText(res: Response, ctx: TransportContext): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
  } catch (err) {
    throw toTransportError(err, ctx, 'body');
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function header(res: Response, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function isEventStream(res: Response): boolean {
  return /^\s*text\/event-stream\b/i.test(header(res, 'content-type') ?? '');
}
