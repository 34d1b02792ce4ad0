// Issue 14.4 with real processes: `corpus add` to an existing index writes it in place (same file, no
// copy), a running `filings serve` answers from the new filings without a restart, and a writer killed
// mid-add leaves the index exactly as it was (and the next writer carries on).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCorpusDir, sampleFiling } from '../helpers/sample.js';
import { cleanEnv, ensureBuilt, remoteEnv, runCli, startCli, startServe, tempDir, until, type Served } from './helpers.js';

const dir = tempDir();
const index = join(dir, 'index.sqlite');
const constituents = join(sampleCorpusDir(), 'constituents.csv');
const env = cleanEnv();
const cli = (args: string[], timeoutMs = 120_000) => runCli([...args, '--index', index], { env, timeoutMs });
const accessions = async () =>
  (JSON.parse((await cli(['corpus', 'list', '--json'])).stdout) as { accession: string }[]).map((f) => f.accession).sort();

const FIRST = ['200406_10K_2022_0000200406-22-000022.json.gz', '320193_10K_2022_0000320193-22-000108.json.gz'].map(sampleFiling);
const MMM_2018 = sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz');
// Enough filings that adding them takes seconds: the writer is killed part-way.
const MANY = readdirSync(join(sampleCorpusDir(), 'filings'))
  .filter((f) => f.includes('_10K_') && !f.startsWith('66740_'))
  .slice(0, 40)
  .map(sampleFiling);

const Q = "What was 3M's capital expenditure in FY2018?";
let served: Served;

beforeAll(async () => {
  ensureBuilt();
  const r = await cli(['corpus', 'add', ...FIRST, '--constituents', constituents, '--json']);
  expect(r.code, r.stderr).toBe(0);
  served = await startServe({ index, args: ['--workers', '1'] });
}, 180_000);
afterAll(async () => served?.stop());

const ask = async () => {
  const r = await runCli(['query', '--json', Q], { env: remoteEnv(served.baseUrl) });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as {
    notices?: { code: string }[];
    summary: { applied_metadata_filters?: Record<string, unknown>; evidence_count: number };
    evidence: string;
  };
};

describe('adding filings to an index a server is reading', () => {
  it('writes the same file in place, and the server answers from the new filing at once', async () => {
    const before = await ask();
    expect(before.notices?.map((n) => n.code)).toContain('COMPANY_NOT_IN_INDEX');
    const inode = statSync(index).ino;

    const add = await cli(['corpus', 'add', MMM_2018, '--constituents', constituents, '--json']);
    expect(add.code, add.stderr).toBe(0);
    expect(statSync(index).ino).toBe(inode);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);

    // No restart: the worker sees the index's new data version on its next query.
    const after = await ask();
    expect(after.notices?.map((n) => n.code) ?? []).not.toContain('COMPANY_NOT_IN_INDEX');
    expect(after.summary.applied_metadata_filters).toMatchObject({ sec_ticker: 'MMM', sec_fiscal_year: 'FY-2018' });
    expect(after.evidence).toMatch(/\(1,577\)/);
  }, 120_000);
});

describe('a writer killed part-way', () => {
  it('leaves the index exactly as it was, and the next writer adds its filings', async () => {
    const before = await accessions();
    const writer = startCli(['corpus', 'add', ...MANY, '--constituents', constituents, '--index', index], env, 120_000);
    // Killed once it holds the write lock and has been adding filings for a while, long before the
    // forty could be done.
    await until(() => existsSync(`${index}.lock`) || writer.child.exitCode !== null, 60_000, 'the writer to take the lock');
    await new Promise((r) => setTimeout(r, 1000));
    writer.child.kill('SIGKILL');
    const killed = await writer.done;
    expect(killed.signal).toBe('SIGKILL');

    expect(await accessions()).toEqual(before);
    const stillServed = await ask();
    expect(stillServed.summary.evidence_count).toBeGreaterThan(0);

    const again = await cli(['corpus', 'add', ...MANY.slice(0, 2), '--constituents', constituents, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect((await accessions()).length).toBe(before.length + 2);
  }, 180_000);
});
