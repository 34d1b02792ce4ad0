// One HTTP exchange with undici's `request` (not `fetch`): it returns any status without throwing,
// never follows redirects, gives the body as a Node stream we can read chunk by chunk, and takes
// the first-byte (headersTimeout) and idle (bodyTimeout) timeouts per request, with distinct error
// codes for each; fetch would fold all of those into "TypeError: fetch failed".
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { toTransportError, type TransportContext } from './transport-errors.js';
import type { Timeouts } from './timeouts.js';

export type Response = Dispatcher.ResponseData;

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** The proxy variables (lower case first, as curl and undici read them); undefined when none is set. */
export function proxyFromEnv(env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const httpProxy = env.http_proxy || env.HTTP_PROXY || '';
  const httpsProxy = env.https_proxy || env.HTTPS_PROXY || '';
  if (!httpProxy && !httpsProxy) return undefined;
  return { httpProxy, httpsProxy, noProxy: env.no_proxy || env.NO_PROXY || '' };
}

/** The dispatcher the backend owns when the caller gave none: a plain Agent, or EnvHttpProxyAgent
 * when a proxy variable is set (it applies NO_PROXY itself). The connect timeout is set here
 * because undici only takes it per dispatcher, not per request. */
export function createDispatcher(timeouts: Timeouts, env: NodeJS.ProcessEnv): Dispatcher {
  const connect = { timeout: timeouts.connectMs };
  const proxy = proxyFromEnv(env);
  if (!proxy) return new Agent({ connect });
  return new EnvHttpProxyAgent({
    // Passed explicitly (empty string = none) so that `env` is the only source, not process.env.
    ...proxy,
    connect,
    proxyTls: connect,
    requestTls: connect,
    // http:// targets are sent to the proxy in absolute form, as curl does; https:// always tunnels.
    proxyTunnel: false,
  });
}

export interface SendOptions {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  dispatcher: Dispatcher;
  timeouts: Timeouts;
  signal?: AbortSignal;
}

/** Sends one request; resolves once the status and headers are in, the body still unread. */
export function send(o: SendOptions): Promise<Response> {
  return request(o.url, {
    method: o.method,
    headers: o.headers,
    body: o.body,
    signal: o.signal,
    dispatcher: o.dispatcher,
    headersTimeout: o.timeouts.firstByteMs,
    bodyTimeout: o.timeouts.idleMs,
  });
}

/** Reads a whole body as text; failures (idle timeout, abort, reset) come out as Backend errors. */
export async function readText(res: Response, ctx: TransportContext): Promise<string> {
  try {
    return await res.body.text();
  } catch (err) {
    throw toTransportError(err, ctx, 'body');
  }
}

export function header(res: Response, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function isEventStream(res: Response): boolean {
  return /^\s*text\/event-stream\b/i.test(header(res, 'content-type') ?? '');
}
