// Routing and the gates in front of the API: route (404), method (405 + Allow), no key in the query
// string (401), API key (401, or 429 once a client address has had too many rejected), domain (404
// DOMAIN_UNKNOWN), rate limit (a short wait, else 429 + Retry-After). Concurrency and queueing come
// after (admission.ts).
import type { Socket } from 'node:net';
import { API_VERSION } from '../contract/limits.js';
import { openApiDocument } from '../contract/openapi.js';
import { handleMetadataFilters, handleQuery, type ApiContext } from './api-routes.js';
import { queryStringKeyParams, type KeyChecker } from './auth.js';
import { clientAddress, type TrustedProxies } from './client-address.js';
import type { ServiceError } from '../contract/errors.js';
import { hasBody, sendError, sendErrorAndClose, sendJson, type Exchange } from './exchange.js';
import { domainUnknown, methodNotAllowed, notFound, rateLimited, shuttingDown, unauthorized } from './http-errors.js';
import { sleep } from './deadline.js';
import type { HealthInfo } from './pooled-backend.js';
import type { RateLimiter } from './rate-limit.js';

export interface RouterContext extends ApiContext {
  domain: string;
  /** undefined: authentication disabled (--no-auth on loopback). */
  keys?: KeyChecker;
  limiter: RateLimiter;
  /** How long a request may wait for its key's next token before a 429. */
  rateWaitMs: number;
  /** Rejected keys per client address: over budget, a rejected key is a 429 instead of a 401. */
  authFailures: RateLimiter;
  /** Reverse proxies whose X-Forwarded-For names the client (--trust-proxy). */
  trusted?: TrustedProxies;
  /** The server's base URL (http://host:port), for the OpenAPI document's servers. */
  origin(): string;
  health(): Pick<HealthInfo, 'status' | 'index' | 'workers'> & Partial<HealthInfo>;
  inflight(): number;
  connections(): { open: number; refused: number; evicted: number };
  /** The connection sent a request with a valid key (any API request without authentication): it is
   * no longer closed to make room for new ones when the server is full. */
  prove(socket: Socket): void;
}

type Route =
  | { name: 'healthz'; allow: string[] }
  | { name: 'openapi'; allow: string[] }
  | { name: 'query' | 'filters'; allow: string[]; domain: string };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchRoute(pathname: string): Route | undefined {
  if (pathname === '/healthz') return { name: 'healthz', allow: ['GET', 'HEAD'] };
  if (pathname === `/${API_VERSION}/openapi.json`) return { name: 'openapi', allow: ['GET', 'HEAD'] };
  const m = /^\/([^/]+)\/([^/]+)\/(query|metadata-filters)$/.exec(pathname);
  if (!m || m[1] !== API_VERSION) return undefined;
  const domain = decode(m[2]!);
  return m[3] === 'query' ? { name: 'query', allow: ['POST'], domain } : { name: 'filters', allow: ['GET', 'HEAD'], domain };
}

function parseUrl(raw: string): URL | undefined {
  try {
    // Concatenated, not resolved: a target like "//host/x" stays a path.
    return new URL(`http://server.invalid${raw.startsWith('/') ? '' : '/'}${raw}`);
  } catch {
    return undefined;
  }
}

let openApiCache: { server: string; doc: unknown } | undefined;

export async function route(ex: Exchange, ctx: RouterContext): Promise<void> {
  const { req } = ex;
  // An answer before the body is read closes the connection rather than reading and discarding it.
  const refuse = (e: ServiceError, headers: Record<string, string> = {}) =>
    hasBody(ex) ? sendErrorAndClose(ex, e, headers) : sendError(ex, e, headers);
  const url = parseUrl(req.url ?? '/');
  const r = url && matchRoute(url.pathname);
  if (!url || !r) return refuse(notFound(url?.pathname ?? '(unparseable URL)'));
  const method = req.method ?? 'GET';
  if (!r.allow.includes(method)) return refuse(methodNotAllowed(method, r.allow), { allow: r.allow.join(', ') });

  const keyParams = queryStringKeyParams(url.searchParams);
  if (keyParams.length > 0) {
    return refuse(unauthorized(`API keys are not accepted in the URL (${keyParams.join(', ')}); send the key in the X-API-Key header`));
  }
  if (r.name === 'healthz') {
    const h = ctx.health();
    return sendJson(ex, h.status === 'ok' ? 200 : 503, {
      ...h,
      inflight: ctx.inflight(),
      admission: ctx.admission.stats(),
      connections: ctx.connections(),
    });
  }
  if (r.name === 'openapi') {
    const server = `${ctx.origin()}/${API_VERSION}/${ctx.domain}`;
    if (openApiCache?.server !== server) openApiCache = { server, doc: openApiDocument([server]) };
    return sendJson(ex, 200, openApiCache.doc);
  }

  const address = `addr:${clientAddress(req, ctx.trusted)}`;
  if (ctx.keys) {
    const header = req.headers['x-api-key'];
    const presented = Array.isArray(header) ? header[0] : header;
    ex.keyId = ctx.keys.check(presented);
    if (!ex.keyId) {
      // Wrong keys are throttled per client address; a right key never is, so a client sharing an
      // address with a guesser (behind one proxy, one NAT) is not locked out. Guessing itself is bounded
      // by the keys' length (16 characters at least), not by this throttle.
      const budget = presented === undefined ? undefined : ctx.authFailures.take(address);
      if (budget && !budget.ok)
        return refuse(rateLimited(budget.retryAfter, `Too many rejected API keys from this address; retry after ${budget.retryAfter} s`));
      return refuse(unauthorized(presented ? 'The API key is not accepted' : 'Missing API key: send it in the X-API-Key header'), {
        'www-authenticate': 'ApiKey header="X-API-Key"',
      });
    }
  }
  ctx.prove(req.socket);
  if (r.domain !== ctx.domain) return refuse(domainUnknown(r.domain, ctx.domain));
  if (ctx.isShuttingDown()) return refuse(shuttingDown(), { connection: 'close' });
  const client = ex.keyId ?? address;
  ex.client = client;
  const limit = ctx.limiter.take(client, ctx.rateWaitMs);
  if (!limit.ok) return refuse(rateLimited(limit.retryAfter));
  let refunded = false;
  const refund = () => {
    if (!refunded) ctx.limiter.refund(client);
    refunded = true;
  };
  ex.refund = refund;
  // A token due within the wait: queue for it rather than refuse a client's burst.
  if (limit.waitMs > 0 && !(await sleep(limit.waitMs, ex.controller.signal))) return refund();

  if (r.name === 'query') return handleQuery(ex, ctx);
  return handleMetadataFilters(ex, ctx, url.searchParams);
}
