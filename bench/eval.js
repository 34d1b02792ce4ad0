// npm run eval: the FinanceBench dev questions through the real CLI, scored by ../shared/eval/score.py
// (research mode, no filters, --max-evidence 10), then the hit rate by question type; then, in one
// process each, the answer battery (bench/battery.js) and the held-out ones, the retrieval robustness
// variants (bench/robustness.js), the cross-filing consistency of figures (bench/consistency.js) and
// the XBRL-derived battery over the recorded EDGAR filings (bench/xbrl-battery.js; it says so and
// passes when ../shared/edgar is absent) and the qualitative battery (bench/qualitative.js).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.FILINGS_SAMPLE_CORPUS ?? resolve(root, '../shared/corpus');
const evalDir = resolve(corpus, '../eval');
const questionsFile = resolve(evalDir, 'financebench-dev.jsonl');
if (!existsSync(questionsFile)) {
  console.error(`no evaluation questions at ${questionsFile} (set FILINGS_SAMPLE_CORPUS to the corpus beside ../eval)`);
  process.exit(2);
}
const k = process.argv.includes('--k') ? process.argv[process.argv.indexOf('--k') + 1] : '10';
const mode = process.argv.includes('--mode') ? process.argv[process.argv.indexOf('--mode') + 1] : 'research';
const cmd = `node ${resolve(root, 'bin/filings.js')} query --json --mode ${mode}`;
const child = spawn('python3', [resolve(evalDir, 'score.py'), questionsFile, '--k', k, '--cmd', cmd], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
child.stdout.setEncoding('utf8').on('data', (d) => {
  out += d;
  process.stdout.write(d);
});
child.on('close', (code) => {
  const types = new Map(
    readFileSync(questionsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((q) => [q.id, q.question_type]),
  );
  const byType = {};
  for (const line of out.split('\n')) {
    const [id, verdict] = line.split('\t');
    if (!types.has(id)) continue;
    const b = (byType[types.get(id)] ??= { n: 0, hit: 0 });
    b.n++;
    if (verdict?.startsWith('HIT')) b.hit++;
  }
  console.log(
    `by question type: ${Object.entries(byType)
      .map(([t, b]) => `${t} ${b.hit}/${b.n} (${(b.hit / b.n).toFixed(2)})`)
      .join(', ')}`,
  );
  let status = code ?? 1;
  const runs = [
    ['battery.js'],
    ...['holdout.jsonl', 'holdout-2.jsonl', 'holdout-3.jsonl'].map((f) => ['battery.js', '--file', resolve(root, 'test', 'battery', f)]),
    ['robustness.js'],
    ['consistency.js'],
    ['xbrl-battery.js'],
    ['qualitative.js'],
  ];
  for (const [script, ...args] of runs) {
    console.log(args.length ? `\n(held out: ${args[1].split('/').pop()})` : '');
    const r = spawnSync(process.execPath, [resolve(root, 'bench', script), ...args], { stdio: 'inherit' });
    status ||= r.status ?? 1;
  }
  process.exit(status);
});
