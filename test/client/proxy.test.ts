// HTTP_PROXY / NO_PROXY: a tiny forwarding proxy on loopback (absolute-form requests, no CONNECT)
// sees the client's requests for an http:// base URL, unless NO_PROXY exempts the host.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { DOMAIN_PATH, RESPONSE, json, startFixture, type Fixture } from './fixture-server.js';

interface Proxy {
  url: string;
  seen: { method: string; url: string; apiKey?: string }[];
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  const seen: Proxy['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, apiKey: req.headers['x-api-key'] as string | undefined });
    const target = new URL(req.url!); // absolute form: http://host:port/path
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n')); // CONNECT-less
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let fx: Fixture | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  await fx?.close();
  await proxy?.close();
  fx = proxy = undefined;
});

describe('proxy from the environment', () => {
  it('HTTP_PROXY routes requests through the proxy', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    proxy = await startProxy();
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, apiKey: 'k', env: { HTTP_PROXY: proxy.url } });
    expect(await b.query({ query: 'revenue' })).toEqual(RESPONSE);
    await b.close();
    expect(proxy.seen).toEqual([{ method: 'POST', url: `${fx.baseUrl}/query`, apiKey: 'k' }]);
    expect(fx.requests[0]!.url).toBe(`${DOMAIN_PATH}/query`);
  });

  it('NO_PROXY exempts a host', async () => {
    fx = await startFixture((_req, res) => json(res, 200, RESPONSE));
    proxy = await startProxy();
    const b = createRemoteBackend({ baseUrl: fx.baseUrl, apiKey: 'k', env: { http_proxy: proxy.url, NO_PROXY: 'localhost,127.0.0.1' } });
    expect(await b.query({ query: 'revenue' })).toEqual(RESPONSE);
    await b.close();
    expect(proxy.seen).toEqual([]);
    expect(fx.requests).toHaveLength(1);
  });
});
