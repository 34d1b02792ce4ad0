// Builds the sample-corpus index once per test run into .tmp/test-index/index.sqlite, reusing it when it
// was built from the same engine sources and the same corpus files (a content hash says so), and shares
// its path through FILINGS_TEST_INDEX (forked workers inherit the environment).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildIndex } from '../src/engine/corpus/build.js';
import { loadConstituents } from '../src/engine/corpus/constituents.js';
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
  for (const dir of ['src/engine', 'src/contract']) {
    for (const f of filesUnder(join(repoRoot, dir))) h.update(relative(repoRoot, f)).update(readFileSync(f));
  }
  for (const f of corpusFiles) h.update(f).update(String(statSync(f).size));
  h.update(readFileSync(join(sampleCorpusDir(), 'constituents.csv')));
  return h.digest('hex');
}

export default async function setup(): Promise<void> {
  const dir = join(repoRoot, '.tmp', 'test-index');
  const indexPath = join(dir, 'index.sqlite');
  const keyPath = join(dir, 'build-key');
  const files = readdirSync(sampleFilingsDir()).filter((f) => f.endsWith('.json.gz')).sort().map((f) => join(sampleFilingsDir(), f));
  const key = buildKey(files);
  if (!existsSync(indexPath) || !existsSync(keyPath) || readFileSync(keyPath, 'utf8') !== key) {
    mkdirSync(dir, { recursive: true });
    const constituents = await loadConstituents(join(sampleCorpusDir(), 'constituents.csv'));
    const r = await buildIndex({ indexPath, files, constituents, fresh: true });
    if (r.failed.length) throw new Error(`sample index build failed for ${r.failed.map((f) => f.file).join(', ')}`);
    writeFileSync(keyPath, key);
  }
  process.env.FILINGS_TEST_INDEX = indexPath;
}
