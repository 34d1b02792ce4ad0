// What a client with a valid key sees while connections that send no valid request fill the server
// (issue 34.3): `filings serve` with its default limits (1,000 connections in all, 128 per address),
// over the index at FILINGS_INDEX, as a child process. Three attacks, each from ten loopback
// addresses (127.0.0.2 ... 127.0.0.11, 100 connections each, under the per-address cap):
//   - idle: 1,000 connections that send nothing;
//   - idle, reconnecting: the same, and each one the server closes is opened again at once;
//   - slowloris: 1,000 connections that send a request's first line and one header byte a second.
// While each holds, the keyed client opens a new connection for each of 50 queries, one after the
// other. Prints, per attack, how many it got answered (200), refused (503) or failed, their latency,
// and how many of the attacker's connections the server closed. Bounded: about 20 s an attack.
// Run after `npm run build`: node bench/lockout.js [--tries 50] [--bin path/to/bin/filings.js]
import { existsSync } from 'node:fs';
import net from 'node:net';
import { resolveIndexPath } from './lib/index-path.js';
import { CHEAP, ms, pct, query, sleep, startServe } from './load.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const tries = Number(arg('tries', 50));
const bin = arg('bin', new URL('../bin/filings.js', import.meta.url).pathname);
const index = resolveIndexPath({ env: process.env });
if (!existsSync(index)) {
  console.error(`bench/lockout.js: no index at ${index} (set FILINGS_INDEX)`);
  process.exit(1);
}

const KEY = 'lockout-key-0123456789';
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
const PER_ADDRESS = 100;

/** Holds PER_ADDRESS connections from each address; `reconnect`: one closed by the server is opened
 * again; `trickle`: a partial request, then a header byte a second. */
function attack(url, { reconnect = false, trickle = false } = {}) {
  const { hostname, port } = new URL(url);
  const sockets = new Set();
  let closedByServer = 0;
  let refused = 0;
  let stopped = false;
  const timers = [];
  const open = (address) =>
    new Promise((resolve) => {
      const s = net.connect({ port: Number(port), host: hostname, localAddress: address, allowHalfOpen: true });
      sockets.add(s);
      s.on('error', () => undefined);
      s.once('data', (d) => {
        if (d.toString('latin1').startsWith('HTTP/1.1 503 ')) refused++;
      });
      s.on('data', () => undefined);
      s.once('connect', () => {
        if (trickle) {
          s.write('POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-');
          const t = setInterval(() => s.writable && s.write('a'), 1000);
          timers.push(t);
          s.once('close', () => clearInterval(t));
        }
        resolve();
      });
      // The server's end (a FIN or a reset): counted once, our side closed too, and opened again.
      let gone = false;
      const lost = () => {
        if (gone) return;
        gone = true;
        sockets.delete(s);
        s.destroy();
        if (stopped) return;
        closedByServer++;
        if (reconnect) setTimeout(() => void open(address), 10);
        resolve();
      };
      s.once('end', lost);
      s.once('close', lost);
    });
  const ready = Promise.all(ADDRESSES.flatMap((a) => Array.from({ length: PER_ADDRESS }, () => open(a))));
  return {
    ready,
    state: () => ({ open: sockets.size, closedByServer, refused }),
    stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
    },
  };
}

const server = await startServe({ bin, index, keys: [KEY], args: ['--rate-limit', '0'] });
console.log(`lock-out of filings serve: default connection limits, 1,000 attacker connections from 10 addresses, ${tries} keyed queries`);
try {
  for (const q of CHEAP) await query(server.base, KEY, q);
  const alone = [];
  for (let i = 0; i < 10; i++) alone.push((await query(server.base, KEY, CHEAP[i % CHEAP.length])).ms);
  console.log(`  keyed query with no attack: p50 ${ms(pct(alone, 0.5))}`);
  for (const [name, how] of [
    ['idle', {}],
    ['idle, reconnecting', { reconnect: true }],
    ['slowloris', { trickle: true }],
  ]) {
    const a = attack(server.url, how);
    await a.ready;
    await sleep(500);
    const held = a.state().open;
    const statuses = {};
    const times = [];
    for (let i = 0; i < tries; i++) {
      const r = await query(server.base, KEY, CHEAP[i % CHEAP.length]);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 200) times.push(r.ms);
    }
    const s = a.state();
    a.stop();
    const other = Object.entries(statuses)
      .filter(([st]) => st !== '200' && st !== '503')
      .map(([st, n]) => `${n} x ${st === '0' ? 'connection failed' : st}`)
      .join(', ');
    console.log(
      `  ${name}: ${held} attacker connections held; keyed client ${statuses[200] ?? 0}/${tries} answered` +
        `${times.length ? ` (p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))})` : ''}, ${statuses[503] ?? 0} x 503${other ? `, ${other}` : ''}; ` +
        `attacker: ${s.closedByServer} closed by the server, ${s.refused} refused with a 503, ${s.open} open at the end`,
    );
    // The server lets go of the attack before the next one.
    await sleep(1500);
  }
} finally {
  await server.stop();
}
