// HTTP_PROXY / NO_PROXY: a tiny forwarding proxy on loopback (absolute-form requests, no CONNECT)
// sees the client's requests for an http:// base URL, unless NO_PROXY exempts the host; HTTPS_PROXY
// carries an https:// one through a CONNECT tunnel, TLS end to end with the service.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, connect as connectTcp } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/backend-errors.js';
import { createRemoteBackend } from '../../src/client/remote-backend.js';
import { tempDir } from '../helpers/tmp.js';
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

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!hasOpenssl)('HTTPS_PROXY: a CONNECT tunnel (needs openssl for a certificate)', () => {
  it('asks the proxy for a tunnel to the service, and speaks TLS with the service through it', async () => {
    // A TLS service with a certificate of its own making: the client refuses it, after the handshake
    // went through the tunnel, which is what this shows.
    const dir = tempDir('filings-tls-');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      join(dir, 'c.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ]);
    expect(made.status).toBe(0);
    const service = createTlsServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, (socket) =>
      socket.end(),
    );
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    const target = `127.0.0.1:${(service.address() as AddressInfo).port}`;
    const tunnels: string[] = [];
    const proxyServer = http.createServer((_req, res) => res.writeHead(405).end());
    proxyServer.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
      tunnels.push(req.url!);
      const [host, port] = req.url!.split(':');
      const up = connectTcp(Number(port), host!, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        up.pipe(socket).pipe(up);
      });
      up.on('error', () => socket.destroy());
    });
    await new Promise<void>((r) => proxyServer.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
    try {
      const b = createRemoteBackend({
        baseUrl: `https://${target}/v2/sandp_500`,
        apiKey: 'k',
        env: { HTTPS_PROXY: proxyUrl },
        retries: { max: 0 },
      });
      const err = await b.query({ query: 'revenue' }).catch((e: unknown) => e);
      await b.close();
      expect(tunnels).toEqual([target]);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as Error).message).toMatch(/self-signed TLS certificate/);
    } finally {
      proxyServer.closeAllConnections();
      proxyServer.close();
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
