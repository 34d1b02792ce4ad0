// A stand-in EDGAR on loopback: serves the recorded material at EDGAR's own paths over real HTTP
// (www and data on one port: Archives, submissions, company facts), answers as EDGAR does when something is missing (403 AccessDenied XML on
// www, 404 NoSuchKey XML on data), and can be told to serve the rate-limit block page, fail with 503,
// answer slowly, serve files of the test's own (`extra`), or inject a fault on a path: another status
// or body, or the body cut short with no Content-Length (the connection closed mid-body). It logs
// every request (path, time, User-Agent) for the tests to measure.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { archiveMap, edgarDir } from './fixtures.js';
import { tempDir } from '../helpers/tmp.js';

export interface Logged {
  path: string;
  /** Arrival time (performance.now() of the test process). */
  at: number;
  userAgent: string;
  status: number;
}

/** What a path is answered with instead of its file. */
export type Fault =
  /** This status and body (an error page sent with 200, a submissions file that is not JSON). */
  | { status: number; body: string | Buffer; type?: string; headers?: Record<string, string> }
  /** The first `bytes` of the file, with no Content-Length, then the connection closed. */
  | { cutAt: number };

export interface StandInOptions {
  /** Paths answered with the block page (HTTP 403). */
  block?: (path: string) => boolean;
  /** Paths answered 503 (with Retry-After: 1) this many times before they succeed. */
  fail503?: Map<string, number>;
  /** Delay before answering an Archives document, ms. */
  documentDelayMs?: number;
  /** Files of the test's own, by EDGAR path (material the recordings lack). */
  extra?: Map<string, Buffer>;
  /** A fault for a path, or undefined to serve it as usual. */
  fault?: (path: string) => Fault | undefined;
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
    const fault = options.fault?.(path);
    if (fault && 'status' in fault) return send(fault.status, Buffer.from(fault.body), fault.type ?? 'text/html', fault.headers);
    const failures = options.fail503?.get(path) ?? 0;
    if (failures > 0) {
      options.fail503!.set(path, failures - 1);
      return send(503, Buffer.from('Service Unavailable'), 'text/plain', { 'retry-after': '1' });
    }
    if (path === '/files/company_tickers.json')
      return send(200, readFileSync(join(dir, 'tickers', 'company_tickers.json')), 'application/json');
    const own = options.extra?.get(path);
    const sub = /^\/submissions\/(CIK\d{10}(?:-submissions-\d{3})?\.json)$/.exec(path);
    if (sub && own) return send(200, own, 'application/json');
    if (sub) {
      try {
        return send(200, readFileSync(join(dir, 'submissions', sub[1]!)), 'application/json');
      } catch {
        return send(404, noSuchKey, 'application/xml');
      }
    }
    const facts = /^\/api\/xbrl\/companyfacts\/(CIK\d{10}\.json)$/.exec(path);
    if (facts && own) return send(200, own, 'application/json');
    if (facts && fault && 'cutAt' in fault) {
      const body = readFileSync(join(dir, 'companyfacts', facts[1]!));
      log.push({ path, at, userAgent: String(req.headers['user-agent'] ?? ''), status: 200 });
      req.socket.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n'),
          body.subarray(0, fault.cutAt),
        ]),
      );
      return;
    }
    if (facts) {
      try {
        return send(200, readFileSync(join(dir, 'companyfacts', facts[1]!)), 'application/json');
      } catch {
        return send(404, noSuchKey, 'application/xml');
      }
    }
    const file = archives.get(path);
    if (!own && !file) return send(403, accessDenied, 'application/xml');
    const body = own ?? readFileSync(file!);
    if (fault && 'cutAt' in fault) {
      // HTTP/1.0-style: the body ends where the connection closes, so the client cannot tell.
      log.push({ path, at, userAgent: String(req.headers['user-agent'] ?? ''), status: 200 });
      req.socket.end(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n'),
          body.subarray(0, fault.cutAt),
        ]),
      );
      return;
    }
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

/** The User-Agent the tests send to the stand-in. */
export const STAND_IN_UA = 'Filings Test Suite tests@example.org';

/** The CLI's environment against the stand-in: a clean one (envIn), the index and download cache in
 * `dir`; given a name prefix instead of a path, in a new temporary directory of that prefix (removed
 * after the file's tests). */
export function standInEnv(edgar: StandIn, dir = 'filings-pull-'): NodeJS.ProcessEnv {
  const where = isAbsolute(dir) ? dir : tempDir(dir);
  return envIn(where, {
    FILINGS_SEC_WWW_URL: edgar.url,
    FILINGS_SEC_DATA_URL: edgar.url,
    FILINGS_SEC_USER_AGENT: STAND_IN_UA,
    FILINGS_INDEX: join(where, 'index.sqlite'),
  });
}

/** As test/cli/run-cli.ts's cleanEnv (no configuration, key or base URL of the parent), with the
 * configuration, data and cache directories in `dir`, which the test removes. */
export function envIn(dir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(FILINGS_|AI_BASELINE_|XDG_|NO_COLOR|FORCE_COLOR|HTTPS?_PROXY|NO_PROXY)/i.test(k)) env[k] = v;
  }
  Object.assign(env, { XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache') });
  if (process.env.FILINGS_SAMPLE_CORPUS) env.FILINGS_SAMPLE_CORPUS = process.env.FILINGS_SAMPLE_CORPUS;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}
