// npm run bench: every benchmark, each printing its figures. The HTML ingest and hostile filings
// benchmarks read files of their own; ingest builds a fresh index of the sample corpus into a temporary
// directory; the company facts and the company facts at the S&P 500's scale (on copies of it), query,
// figures, screens, cold-profile, cold-start, MCP, server, soak, adversarial-questions and lock-out
// benchmarks run over that index; the scale benchmark runs once at 1x (npm run bench:scale for 5x and 20x).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const run = (script, args = [], env = {}) => {
  const r = spawnSync(process.execPath, [here + script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  process.stdout.write(r.stdout);
  return r;
};

run('html.js');
run('hostile-filings.js');
const ingest = run('ingest.js', ['--keep']);
const indexPath = /index kept at (.+)/.exec(ingest.stdout)?.[1];
if (!indexPath) {
  console.error('the ingest benchmark kept no index; stopping');
  process.exit(1);
}
run('company-facts.js', [], { FILINGS_INDEX: indexPath });
run('facts-scale.js', ['--rounds', '3'], { FILINGS_INDEX: indexPath });
run('query.js', [], { FILINGS_INDEX: indexPath });
run('figures.js', [], { FILINGS_INDEX: indexPath });
run('screens.js', [], { FILINGS_INDEX: indexPath });
run('cold-profile.js', [], { FILINGS_INDEX: indexPath });
run('cold-start.js', ['-n', '20'], { FILINGS_INDEX: indexPath });
run('mcp.js', [], { FILINGS_INDEX: indexPath });
if (existsSync(`${here}server.js`)) run('server.js', [], { FILINGS_INDEX: indexPath });
if (existsSync(`${here}soak.js`)) run('soak.js', [], { FILINGS_INDEX: indexPath });
run('adversarial-questions.js', [], { FILINGS_INDEX: indexPath });
run('lockout.js', [], { FILINGS_INDEX: indexPath });
rmSync(dirname(indexPath), { recursive: true, force: true });
run('scale.js', ['--factors', '1', '--cold-rounds', '1', '--warm-rounds', '2']);
