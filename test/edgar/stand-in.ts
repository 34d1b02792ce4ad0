// A stand-in EDGAR on loopback: serves the recorded material at EDGAR's own paths over real HTTP
// (www and data on one port), answers as EDGAR does when something is missing (403 AccessDenied XML on
// www, 404 NoSuchKey XML on data), and can be told to serve the rate-limit block page, fail with 503,
// or answer slowly. It logs every request (path, time, User-Agent) for the tests to measure.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { archiveMap, edgarDir } from './fixtures.js';
import { tempDir } from '../helpers/tmp.js';

export interface Logged {
  path: string;
  /** Arrival time (performance.now() of the test process). */
  at: number;
  userAgent: string;
  status: number;
}

export interface StandInOptions {
  /** Paths answered with the block page (HTTP 403). */
  block?: (path: string) => boolean;
  /** Paths answered 503 (with Retry-After: 1) this many times before they succeed. */
  fail503?: Map<string, number>;
  /** Delay before answering an Archives document, ms. */
  documentDelayMs?: number;
}

export interface StandIn {
  url: string;
  log: Logged[];
  options: StandInOptions;
  close: () => Promise<void>;
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const dir = edgarDir();
  const archives = new Map(archiveMap().map((s) => [s.path, s.file]));
  const accessDenied = readFileSync(join(dir, 'errors', '403_www.sec.gov_archives_missing_path.xml'));
  const noSuchKey = readFileSync(join(dir, 'errors', '404_data.sec.gov_submissions_unknown_cik.xml'));
  const blockPage = readFileSync(join(dir, 'errors', 'sec_rate_limit_exceeded.html'));
  const log: Logged[] = [];
  const server: Server = createServer((req, res) => {
    // When the request arrived: what EDGAR's rate limit counts.
    const at = performance.now();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: Buffer, type: string, headers: Record<string, string> = {}) => {
      log.push({ path, at, userAgent: String(req.headers['user-agent'] ?? ''), status });
      res.writeHead(status, { 'content-type': type, 'content-length': body.length, ...headers });
      res.end(body);
    };
    if (options.block?.(path)) return send(403, blockPage, 'text/html');
    const failures = options.fail503?.get(path) ?? 0;
    if (failures > 0) {
      options.fail503!.set(path, failures - 1);
      return send(503, Buffer.from('Service Unavailable'), 'text/plain', { 'retry-after': '1' });
    }
    if (path === '/files/company_tickers.json') return send(200, readFileSync(join(dir, 'tickers', 'company_tickers.json')), 'application/json');
    const sub = /^\/submissions\/(CIK\d{10}(?:-submissions-\d{3})?\.json)$/.exec(path);
    if (sub) {
      try {
        return send(200, readFileSync(join(dir, 'submissions', sub[1]!)), 'application/json');
      } catch {
        return send(404, noSuchKey, 'application/xml');
      }
    }
    const file = archives.get(path);
    if (!file) return send(403, accessDenied, 'application/xml');
    const body = readFileSync(file);
    const delay = options.documentDelayMs ?? 0;
    if (delay > 0) setTimeout(() => send(200, body, 'text/html'), delay);
    else send(200, body, 'text/html');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    options,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The environment that points the CLI at a stand-in EDGAR, with its own index and download cache in a
 * new temporary directory. */
export const STAND_IN_UA = 'Filings Test Suite tests@example.org';

export function standInEnv(edgar: StandIn, prefix = 'filings-pull-'): Record<string, string> {
  const dir = tempDir(prefix);
  return {
    FILINGS_SEC_WWW_URL: edgar.url,
    FILINGS_SEC_DATA_URL: edgar.url,
    FILINGS_SEC_USER_AGENT: STAND_IN_UA,
    FILINGS_INDEX: join(dir, 'index.sqlite'),
    XDG_CACHE_HOME: join(dir, 'cache'),
  };
}
