// Where a cold `filings query` spends its time above a bare `node -e 0`, two ways. Layers, unprofiled,
// in turn: `node -e 0`, `filings --version` (Node, the bundle and the program), `filings query
// --dry-run` (the command, settings, the request checked), the query itself; medians of wall time.
// Phases, from V8's CPU profiles (`node --cpu-prof`, after one profiled run that writes the code cache):
// each sample goes to the phase of the innermost function it is under that names one. The profiler
// starts after Node's own start, and slows what makes code (compiling, module top levels) most: read
// the shares beside the layers. Run after `npm run build`:
//   node bench/cold-profile.js [--runs 10] [--index PATH] [--bin OTHER/bin/filings.js] [question]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveIndexPath } from './lib/index-path.js';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args.splice(i, 2)[1];
};
const runs = Number(opt('--runs', 10));
const index = opt('--index', resolveIndexPath({ env: process.env }));
// Another build's CLI (a checkout of another commit, built) may be profiled the same way.
const bin = resolve(opt('--bin', resolve(new URL('..', import.meta.url).pathname, 'bin/filings.js')));
const question = args.join(' ') || "What was 3M's capital expenditure in FY2018?";

/** The phase of a function, by its name (the bundle keeps names; a module's top level is named by its
 * path, dist/... or node_modules/...). */
const PHASES = [
  [/^readQuestion$/, 'read the question (question/)'],
  [/^searchIn$/, 'search and rank (retrieve/)'],
  [/^(buildChains|fitChains)$/, 'evidence chains (evidence/)'],
  [/^(respond|generate|figures|qualitative)$/, 'answer and response'],
  [/^retrieve$/, 'retrieval, the rest'],
  [/^(dist|node_modules)\//, 'module top level (imports)'],
  [/^openEngineBackend$/, 'open the index and the engine'],
  [/^validateRequest$/, 'validate the request (contract)'],
  [/^(runQuery|finish)$/, 'the query command, the rest (output)'],
  [/^main$/, 'the program: Commander, settings'],
  [/^Script$/, 'compile the bundle (code cache)'],
  [/^(readFileSync|readFileUtf8|latin1Slice)$/, 'read the bundle'],
  [/^\(garbage collector\)$/, 'garbage collection'],
];
const OTHER = 'Node start, exit, the rest';

function profile(cmd, dir) {
  const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, ...cmd], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')}: exit ${r.status}: ${r.stderr.slice(-300)}`);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  rmSync(join(dir, file));
  return p;
}

/** Milliseconds of each phase in one profile. */
function phases(p) {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phaseOf = new Map();
  const out = {};
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i];
    let phase = phaseOf.get(id);
    if (phase === undefined) {
      phase = OTHER;
      for (let x = id; x !== undefined; x = parent.get(x)) {
        const hit = PHASES.find(([re]) => re.test(nodes.get(x).callFrame.functionName));
        if (hit) {
          phase = hit[1];
          break;
        }
      }
      phaseOf.set(id, phase);
    }
    out[phase] = (out[phase] ?? 0) + (p.timeDeltas[i] ?? 0) / 1000;
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const wall = (cmd) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, cmd, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${cmd.join(' ')}: exit ${r.status}: ${r.stderr.slice(-300)}`);
  return performance.now() - t0;
};
const dir = mkdtempSync(join(tmpdir(), 'filings-cold-profile-'));
try {
  const query = [bin, 'query', '--json', '--index', index, question];
  const layers = [
    ['node -e 0 (the floor)', ['-e', '0']],
    ['filings --version: Node, the bundle, the program', [bin, '--version']],
    [
      'filings query --dry-run: the command, settings, the request checked',
      [bin, 'query', '--dry-run', '--json', '--index', index, question],
    ],
    ['filings query: the index opened, the question answered', query],
  ];
  // Each command once first: it writes its code cache.
  for (const [, cmd] of layers) wall(cmd);
  const times = layers.map(() => []);
  for (let r = 0; r < runs; r++) for (const [i, [, cmd]] of layers.entries()) times[i].push(wall(cmd));
  const floor = median(times[0]);
  console.log(`cold, "${question}", ${runs} runs of each in turn, median wall time`);
  console.log('| layer | ms | x node -e 0 |\n| --- | --- | --- |');
  for (const [i, [name]] of layers.entries())
    console.log(`| ${name} | ${median(times[i]).toFixed(0)} | ${(median(times[i]) / floor).toFixed(2)} |`);

  profile(query, dir);
  const byPhase = {};
  const totals = [];
  for (let r = 0; r < runs; r++) {
    const ph = phases(profile(query, dir));
    totals.push(Object.values(ph).reduce((a, b) => a + b, 0));
    for (const name of [...PHASES.map(([, n]) => n), OTHER]) (byPhase[name] ??= []).push(ph[name] ?? 0);
  }
  const total = median(totals);
  console.log(`\nfilings query under the CPU profiler, ${runs} runs: median ms of each phase and its share of the profile`);
  console.log('| phase | ms | share |\n| --- | --- | --- |');
  for (const [name, xs] of Object.entries(byPhase).sort((a, b) => median(b[1]) - median(a[1])))
    console.log(`| ${name} | ${median(xs).toFixed(1)} | ${((100 * median(xs)) / total).toFixed(0)}% |`);
  console.log(`| the whole profile | ${total.toFixed(1)} | 100% |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
