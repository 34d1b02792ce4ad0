// The adversarial questions (bench/lib/adversarial.js, issue 44.1): what each costs, and what ten at
// once cost a server.
//  1. Cold: `filings query --json` and `filings query --answer --json` (research mode) in a new process
//     each: wall time and the process's peak RSS.
//  2. Warm: every question through one engine in this process, in each mode (research, basic,
//     agentic_research) with an answer: time, and this process's peak RSS after all of them.
//  3. Server: `filings serve` (2 workers, two keys, limits at their defaults but the rate) sent ten of
//     them at once, five from each key: each request's status and latency, the server's RSS before and
//     its peak during.
// Index: FILINGS_INDEX or the default location. Run after `npm run build`:
// node bench/adversarial-questions.js [--bin path/to/bin/filings.js] [--timeout S] [--only cold|warm|server] [--quick]
// (--bin runs parts 1 and 3 with another build, for a comparison; --timeout stops a cold process after
// S seconds, default 120; --quick asks only the questions issue 44.1 names.)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADVERSARIAL } from './lib/adversarial.js';
import { resolveIndexPath } from './lib/index-path.js';
import { mb, query, rssOf, sleep, startServe } from './load.js';

const root = new URL('..', import.meta.url).pathname;
const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const bin = resolve(argOf('bin') ?? resolve(root, 'bin/filings.js'));
const timeoutS = Number(argOf('timeout') ?? 120);
const only = argOf('only');
const shapes = process.argv.includes('--quick') ? ADVERSARIAL.filter((a) => a.issue) : ADVERSARIAL;
const indexPath = resolveIndexPath({ env: process.env });
if (!existsSync(indexPath)) {
  console.error(`bench/adversarial-questions.js: no index at ${indexPath}; build one with "filings corpus init" or set FILINGS_INDEX.`);
  process.exit(1);
}
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
const name = (s) => s.padEnd(44);

// The child's own peak RSS, written to stderr as it exits (any platform Node runs on).
const PEAK = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, '\\npeak-rss ' + process.resourceUsage().maxRSS + '\\n'));",
)}`;

/** One cold `filings query`: resolves with wall time, peak RSS (bytes) and exit code. */
function cold(question, args) {
  return new Promise((done) => {
    const t0 = performance.now();
    const proc = spawn(process.execPath, ['--import', PEAK, bin, 'query', '--json', '--index', indexPath, ...args, '--', question], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    proc.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutS * 1000);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      const peak = /peak-rss (\d+)/.exec(err);
      done({ ms: performance.now() - t0, rss: peak ? Number(peak[1]) * 1024 : NaN, code: signal ? `killed after ${timeoutS} s` : code });
    });
  });
}

console.log(`adversarial questions (bench/lib/adversarial.js): ${shapes.length} questions, index ${indexPath}, ${bin}`);

if (!only || only === 'cold') {
  console.log('\n1. cold, a new process each (research mode): wall time and peak RSS');
  console.log(`   ${name('question')} ${'query --json'.padEnd(22)} query --answer --json`);
  for (const s of shapes) {
    const cells = [];
    for (const args of [[], ['--answer']]) {
      const r = await cold(s.question, args);
      cells.push(`${secs(r.ms)} ${mb(r.rss).padStart(8)}${r.code === 0 ? '' : ` (${r.code})`}`.padEnd(22));
    }
    console.log(`   ${name(s.name)} ${cells.join(' ')}`);
  }
}

if (!only || only === 'warm') {
  const dist = pathToFileURL(resolve(dirname(bin), '../dist/engine/engine-backend.js')).href;
  const { openEngineBackend } = await import(dist);
  const backend = await openEngineBackend({ indexPath });
  await backend.query({ query: "What was Apple's revenue in fiscal 2022?", include: { answer: true } });
  const modes = ['research', 'basic', 'agentic_research'];
  console.log(`\n2. warm, one engine in this process, with an answer: time in each mode`);
  console.log(`   ${name('question')} ${modes.map((m) => m.padStart(18)).join('')}`);
  let slowest = 0;
  for (const s of shapes) {
    const cells = [];
    for (const mode of modes) {
      const t0 = performance.now();
      let failed = '';
      try {
        await backend.query({ query: s.question, mode, include: { answer: true } });
      } catch (e) {
        failed = ` (${e.code ?? e.message})`;
      }
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      cells.push(`${secs(ms)}${failed}`.padStart(18));
    }
    console.log(`   ${name(s.name)} ${cells.join('')}`);
  }
  await backend.close();
  console.log(`   slowest ${secs(slowest).trim()}; peak RSS of this process ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

if (!only || only === 'server') {
  const keys = ['adversary-one-key', 'adversary-two-key'];
  const server = await startServe({ bin, index: indexPath, keys, args: ['--workers', '2', '--rate-limit', '0'] });
  try {
    await query(server.base, keys[0], { query: "What was Apple's revenue in fiscal 2022?" });
    const before = rssOf(server.pid);
    let peak = before;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        peak = Math.max(peak, rssOf(server.pid) || 0);
        await sleep(50);
      }
    })();
    // Ten of the costliest kinds at once, five from each key, with an answer.
    const ten = shapes.slice(0, 10);
    const t0 = performance.now();
    const replies = await Promise.all(
      ten.map((s, i) => query(server.base, keys[i % 2], { query: s.question, mode: 'research', include: { answer: true } })),
    );
    const all = performance.now() - t0;
    polling = false;
    await poll;
    console.log(`\n3. filings serve, 2 workers, ten questions at once (five from each of two keys), with an answer`);
    for (const [i, r] of replies.entries()) console.log(`   ${name(ten[i].name)} ${String(r.status).padEnd(4)} ${secs(r.ms)}`);
    console.log(`   all ten answered in ${secs(all).trim()}; server RSS ${mb(before)} before, peak ${mb(peak)}`);
  } finally {
    await server.stop();
  }
}
