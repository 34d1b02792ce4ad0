// The real process: `node bin/filings.js corpus ...` (needs `npm run build` first; `npm test` does it).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, sampleCorpusDir, sampleFiling, sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const bin = join(repoRoot, 'bin', 'filings.js');
const dir = tempDir('filings-cli-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, FILINGS_INDEX: '', XDG_DATA_HOME: join(dir, 'xdg'), NO_COLOR: '1', ...env },
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (!existsSync(join(repoRoot, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is missing: run "npm run build" first');
});

const files = {
  jnj: sampleFiling('200406_8K_2023_0000200406-23-000091.json.gz'),
  fl: sampleFiling('850209_8K_2022_0000850209-22-000006.json.gz'),
  mmm: sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz'),
};

describe('filings corpus (process)', () => {
  const index = join(dir, 'cli', 'index.sqlite');

  it('says how to build an index when there is none (exit 4)', () => {
    const r = run(['corpus', 'list', '--index', index]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/filings corpus init/);
  });

  it('prints the index path: flag > FILINGS_INDEX > XDG_DATA_HOME', () => {
    expect(run(['corpus', 'path']).stdout.trim()).toBe(join(dir, 'xdg', 'filings', 'index.sqlite'));
    expect(run(['corpus', 'path'], { FILINGS_INDEX: '/tmp/env.sqlite' }).stdout.trim()).toBe('/tmp/env.sqlite');
    expect(run(['corpus', 'path', '--index', '/tmp/flag.sqlite'], { FILINGS_INDEX: '/tmp/env.sqlite' }).stdout.trim()).toBe(
      '/tmp/flag.sqlite',
    );
  });

  it('adds good files, names a broken one, and exits 2', () => {
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{ not json');
    const r = run([
      'corpus',
      'add',
      files.jnj,
      bad,
      files.fl,
      '--index',
      index,
      '--constituents',
      join(sampleCorpusDir(), 'constituents.csv'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('broken.json');
    expect(r.stdout).toMatch(/Indexed 2 filings/);
    const list = JSON.parse(run(['corpus', 'list', '--json', '--index', index]).stdout) as { sec_ticker: string }[];
    expect(list.map((f) => f.sec_ticker).sort()).toEqual(['FL', 'JNJ']);
  });

  it('re-adding replaces, never duplicates; list --json has the documented fields', () => {
    const r = run(['corpus', 'add', files.jnj, files.mmm, '--index', index, '--json']);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as { added: number; replaced: number };
    expect(summary).toMatchObject({ added: 2, replaced: 1 });
    const list = JSON.parse(run(['corpus', 'list', '--json', '--index', index]).stdout) as Record<string, unknown>[];
    expect(list).toHaveLength(3);
    const mmm = list.find((f) => f.sec_ticker === 'MMM')!;
    expect(mmm).toMatchObject({
      accession: '0001558370-19-000470',
      company: '3M CO',
      sec_form_type: '10-K',
      sec_fiscal_year: 'FY-2018',
      sec_fiscal_year_end: '12-31',
      report_filing_date: '2019-02-07',
      sec_gics_sector: 'Industrials',
      sec_gics_sub_industry: 'Industrial Conglomerates',
    });
    expect(mmm.items).toEqual(expect.arrayContaining(['10K-Item-1', '10K-Item-1A', '10K-Item-7', '10K-Item-8']));
    expect(mmm.statements).toBeGreaterThan(1000);
  });

  it('removes by ticker and by accession', () => {
    expect(run(['corpus', 'remove', 'JNJ', '--index', index]).code).toBe(0);
    expect(run(['corpus', 'remove', '0000850209-22-000006', '--index', index]).code).toBe(0);
    expect(run(['corpus', 'remove', 'JNJ', '--index', index]).code).toBe(4);
    const list = JSON.parse(run(['corpus', 'list', '--json', '--index', index]).stdout) as { sec_ticker: string }[];
    expect(list.map((f) => f.sec_ticker)).toEqual(['MMM']);
  });

  it('init --if-missing does nothing when an index exists', () => {
    const r = run(['corpus', 'init', '--if-missing', '--index', index]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/nothing to do/);
  });

  it('reports stats and the segmentation figures on the sample index', () => {
    const r = run(['corpus', 'stats', '--json', '--index', sampleIndexPath()]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as { filings: number; segmentation: { keyItemShares: Record<string, number> } };
    expect(s.filings).toBe(166);
    for (const v of Object.values(s.segmentation.keyItemShares)) expect(v).toBeGreaterThanOrEqual(0.95);
    expect(run(['corpus', 'stats', '--index', sampleIndexPath()]).stdout).toMatch(/10K-Item-1A\s+\d+\.\d%/);
  });

  it('has help with examples', () => {
    const r = run(['corpus', 'add', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Example/);
  });
});
