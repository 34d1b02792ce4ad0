// A scripted HTTP server on 127.0.0.1 for the client tests: each test says how to answer, the
// fixture records exactly what arrived (method, URL, headers, body).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string, n: number) => void | Promise<void>;

export interface Fixture {
  origin: string;
  /** origin + "/v2/sandp_500" */
  baseUrl: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export const DOMAIN_PATH = '/v2/sandp_500';

export async function startFixture(handler: Handler): Promise<Fixture> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      Promise.resolve(handler(req, res, body, requests.length)).catch((err: unknown) => {
        res.destroy(err as Error);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: origin + DOMAIN_PATH,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sseHeaders(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A port that was just free: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const RESPONSE = {
  request_id: 'req_2xYk9mA3',
  evidence: '<source_registry>\n<source id="A" title="Apple 10-K" />\n</source_registry>',
  evidence_instructions: 'Use only the evidence.',
  summary: { domain: 'sandp_500', mode: 'basic', effort: 'medium', evidence_count: 1, future_summary_key: [1, 2] },
  future_top_level: { nested: { kept: true } },
};
