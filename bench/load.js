// What the server benchmarks share: `filings serve` as a child process (so its memory is its own),
// timed HTTP requests, pipelined and disconnecting clients, /healthz polling and percentiles.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] : NaN);
export const ms = (x) => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')} ms` : '-');
export const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

/** RSS of a process and its threads (Linux), in bytes. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Starts `node BIN serve` on a free port; resolves with its URL, pid and a stop(). */
export async function startServe({ bin, index, keys, args = [] }) {
  // The benchmarks' keys are names, not secrets: short ones are allowed for them.
  const short = keys.some((k) => k.length < 16) ? ['--allow-short-keys'] : [];
  const proc = spawn(process.execPath, [bin, 'serve', '--port', '0', '--index', index, '--log-format', 'off', ...short, ...args], {
    env: { ...process.env, FILINGS_SERVER_KEYS: keys.join(',') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.setEncoding('utf8').on('data', (d) => (err += d));
  for (let i = 0; i < 400; i++) {
    const m = /listening on (\S+)/.exec(err);
    if (m) {
      const url = m[1];
      const stop = async () => {
        proc.kill('SIGTERM');
        await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      };
      return { url, base: `${url}/v2/sandp_500`, pid: proc.pid, stop, stderr: () => err };
    }
    if (proc.exitCode !== null) break;
    await sleep(50);
  }
  proc.kill('SIGKILL');
  throw new Error(`filings serve did not start: ${err}`);
}

/** One POST /query; resolves with status, Retry-After, the time taken and the body size. */
export function query(base, key, body, { signal } = {}) {
  const payload = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/query`,
      {
        method: 'POST',
        agent: false,
        signal,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], ms: performance.now() - t0, bytes }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(payload);
  });
}

export async function health(url) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d) => (text += d));
        res.on('end', () => resolve({ ...JSON.parse(text), ms: performance.now() - t0 }));
      })
      .on('error', () => resolve({ error: true, ms: performance.now() - t0 }));
  });
}

/** Sends `n` pipelined requests on one connection, reads for `readMs`, then destroys it. */
export async function pipelineAndHangUp(url, key, bodies, readMs) {
  const { hostname, port } = new URL(url);
  const sock = net.connect(Number(port), hostname);
  sock.on('error', () => undefined);
  sock.on('data', () => undefined);
  // A refused or reset connection settles too: a promise left pending with nothing else to wait on
  // would end the benchmark silently.
  const connected = await new Promise((r) => {
    sock.once('connect', () => r(true));
    sock.once('close', () => r(false));
  });
  if (!connected) return;
  sock.write(
    bodies
      .map((b) => {
        const payload = JSON.stringify(b);
        return `POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
      })
      .join(''),
  );
  await sleep(readMs);
  sock.destroy();
}

/** Polls /healthz until `ok(h)` or `limitMs`; resolves with the time it took (or null). */
export async function waitHealth(url, ok, limitMs = 30_000, everyMs = 10) {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    const h = await health(url);
    if (!h.error && ok(h)) return performance.now() - t0;
    await sleep(everyMs);
  }
  return null;
}

/** A question of 4,000 characters of distinct finance words, companies and years: the costly kind. */
export function costlyQuestion(seed = 0) {
  const words = `revenue Apple Microsoft risk supply chain 2018 2019 2020 2021 2022 capital expenditure Pfizer margin debt
    interest cash flow dividends 3M Boeing Amazon Nike inventory goodwill impairment tax rate segment operating income
    liquidity cybersecurity litigation pension lease acquisition competition employees warranty backlog hedging currency
    tariffs semiconductors pharmaceuticals restructuring severance buybacks covenant`.split(/\s+/);
  let s = '';
  for (let i = seed; s.length < 3990; i++) s += `${words[(i * 7 + 3) % words.length]} `;
  return s.slice(0, 4000).trim();
}

export const COSTLY = (seed) => ({
  query: costlyQuestion(seed),
  mode: 'agentic_research',
  effort: 'high',
  retrieval: { max_evidence: 800 },
  include: { answer: true, analysis: true },
});

export const CHEAP = [
  'What are the main supply chain risks?',
  'How did revenue change year over year?',
  "Describe the company's exposure to interest rate risk",
  'What did management say about competition?',
  'capital expenditures and liquidity outlook',
  'cybersecurity incidents and risk management',
  'dividends and share repurchase programs',
  'litigation and legal proceedings',
].map((query) => ({ query, mode: 'research' }));

/** Open file handles of a process (Linux /proc; NaN elsewhere). */
export function openHandles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
}

/**
 * Opens `n` connections from `localAddress` (any 127/8 address is this machine) that stay open as an
 * attacker's would: idle, or after writing `send` (and with `halfClose`, the client's side then ended).
 * allowHalfOpen: when the server ends its side, the client keeps its own. Resolves once all are
 * connected (or refused); `state()` says how many the server answered, ended, or still holds.
 */
export async function holdConnections(url, n, localAddress, { send, halfClose = false } = {}) {
  const { hostname, port } = new URL(url);
  const sockets = [];
  let answered503 = 0;
  const ended = new Set();
  await Promise.all(
    Array.from({ length: n }, () => {
      const s = net.connect({ port: Number(port), host: hostname, localAddress, allowHalfOpen: true });
      sockets.push(s);
      s.on('error', () => undefined);
      s.once('data', (d) => {
        if (d.toString('latin1').startsWith('HTTP/1.1 503 ')) answered503++;
      });
      s.on('data', () => undefined);
      s.on('end', () => ended.add(s));
      return new Promise((resolve) => {
        s.once('connect', () => {
          if (send) s.write(send);
          if (halfClose) s.end();
          resolve();
        });
        s.once('close', resolve);
      });
    }),
  );
  return {
    // Open: neither ended by the server nor gone.
    state: () => ({ answered503, endedByServer: ended.size, open: sockets.filter((s) => !ended.has(s) && !s.destroyed).length }),
    destroy: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

/** POSTs a streamed query and goes away at its first event (retrieval.started): the costly way to leave. */
export function streamAndLeave(base, key, body) {
  const payload = JSON.stringify({ ...body, stream: true });
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/query`,
      {
        method: 'POST',
        agent: false,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.on('data', (d) => {
          if (String(d).includes('retrieval.started')) {
            req.destroy();
            resolve(true);
          }
        });
        res.on('end', () => resolve(false));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(payload);
  });
}
