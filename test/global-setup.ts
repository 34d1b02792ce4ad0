// Builds the sample-corpus index once per test run into .tmp/test-index/<hash>/index.sqlite, where the
// hash covers the engine sources and the corpus files: an index there was built by this code from this
// corpus (the build renames a finished file into place, so concurrent runs cannot see a partial one).
// Shares its path through FILINGS_TEST_INDEX (forked workers inherit the environment). Makes the run's
// temporary directory (FILINGS_TEST_TMP), under which every test file has its own (helpers/tmp-check.ts),
// and removes it at the end, saying how much was left in it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildIndex } from '../src/engine/ingest/build.js';
import { loadConstituents } from '../src/engine/filing/constituents.js';
import { repoRoot, sampleCorpusDir, sampleFilingsDir } from './helpers/sample.js';

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

function buildKey(corpusFiles: string[]): string {
  const h = createHash('sha256');
  // Only what shapes the index: ingest, segmentation, the index code, the company linker's tables it
  // keeps, and the contract's tag scheme.
  for (const dir of [
    'src/engine/filing',
    'src/engine/ingest',
    'src/engine/segment',
    'src/engine/index',
    'src/engine/companies',
    'src/contract',
  ]) {
    for (const f of filesUnder(join(repoRoot, dir))) h.update(relative(repoRoot, f)).update(readFileSync(f));
  }
  for (const f of corpusFiles) h.update(f).update(String(statSync(f).size));
  h.update(readFileSync(join(sampleCorpusDir(), 'constituents.csv')));
  return h.digest('hex');
}

const DAY_MS = 24 * 3600 * 1000;

export default async function setup(): Promise<() => void> {
  // The sample corpus is what most tests read (the README's Quick start needs it too); the EDGAR
  // material and the development questions are optional, and their tests skip saying why.
  if (!existsSync(sampleFilingsDir()))
    throw new Error(
      `no sample corpus at ${sampleCorpusDir()}: put the shared data's corpus/ at ../shared/corpus beside the clone, or set FILINGS_SAMPLE_CORPUS`,
    );
  const root = join(repoRoot, '.tmp', 'test-index');
  const files = readdirSync(sampleFilingsDir())
    .filter((f) => f.endsWith('.json.gz'))
    .sort()
    .map((f) => join(sampleFilingsDir(), f));
  const key = buildKey(files).slice(0, 16);
  const indexPath = join(root, key, 'index.sqlite');
  if (!existsSync(indexPath)) {
    mkdirSync(join(root, key), { recursive: true });
    const constituents = await loadConstituents(join(sampleCorpusDir(), 'constituents.csv'));
    const r = await buildIndex({ indexPath, files, constituents, fresh: true });
    if (r.failed.length) throw new Error(`sample index build failed for ${r.failed.map((f) => f.file).join(', ')}`);
  }
  // Indexes of older code, unused for a day, go.
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    if (name !== key && Date.now() - statSync(p).mtimeMs > DAY_MS) rmSync(p, { recursive: true, force: true });
  }
  process.env.FILINGS_TEST_INDEX = indexPath;
  const tmp = mkdtempSync(join(tmpdir(), 'filings-tests-'));
  process.env.FILINGS_TEST_TMP = tmp;
  return () => {
    // Each file's own directory is gone unless its file failed to clean up (and was told so).
    const left = existsSync(tmp) ? readdirSync(tmp) : [];
    rmSync(tmp, { recursive: true, force: true });
    if (left.length > 0)
      console.warn(`test run: ${left.length} test file(s) left temporary directories (named in their failures); removed`);
  };
}
