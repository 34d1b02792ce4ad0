// `filings corpus add` of EDGAR's own files: complete submissions (.txt) describe themselves; a
// primary document needs its accession (its name or folder) and its filing date (a file beside it, or
// the submissions JSON in the download cache); without them it is named, skipped, and exit 2.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from '../cli/run-cli.js';
import { edgarDir, hasFixtures } from './fixtures.js';
import { tempDir } from '../helpers/tmp.js';

interface Listed {
  accession: string;
  sec_ticker: string | null;
  sec_form_type: string;
  sec_fiscal_year: string;
  report_filing_date: string;
  items: string[];
}

describe.skipIf(!hasFixtures())('corpus add of .htm, .html and .txt', () => {
  const dir = tempDir('filings-add-');
  const env = cleanEnv({ FILINGS_INDEX: join(dir, 'index.sqlite'), XDG_CACHE_HOME: join(dir, 'cache') });
  const e = (p: string) => join(edgarDir(), p);

  it('adds complete submissions and a primary document whose filing the download cache knows', async () => {
    // As a pull leaves it: the company's submissions JSON in the cache.
    const cached = join(dir, 'cache', 'filings', 'edgar', 'data.sec.gov', 'submissions');
    mkdirSync(cached, { recursive: true });
    copyFileSync(e('submissions/CIK0000320193.json'), join(cached, 'CIK0000320193.json'));
    const r = await runCli(
      [
        'corpus', 'add', '--json',
        '--constituents', join(edgarDir(), '..', 'corpus', 'constituents.csv'),
        e('full-submission/320193_0000320193-24-000005.txt'),
        e('full-submission/66740_0000066740-24-000023.txt'),
        e('filing-dir/aapl-10q-2025-03-29_0000320193-25-000057/aapl-20250329.htm'),
      ],
      { env, timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 3, failed: [] });
    const list = JSON.parse((await runCli(['corpus', 'list', '--json'], { env })).stdout) as Listed[];
    const row = (acc: string) => list.find((f) => f.accession === acc)!;
    expect(row('0000320193-24-000005')).toMatchObject({ sec_ticker: 'AAPL', sec_form_type: '8-K', sec_fiscal_year: 'FY-2024', report_filing_date: '2024-02-01' });
    expect(row('0000320193-24-000005').items).toEqual(['8K-Cover', '8K-Item-2.02', '8K-Item-9.01']);
    expect(row('0000066740-24-000023')).toMatchObject({ sec_ticker: 'MMM', sec_form_type: '8-K', report_filing_date: '2024-03-08' });
    expect(row('0000320193-25-000057')).toMatchObject({ sec_ticker: 'AAPL', sec_form_type: '10-Q', sec_fiscal_year: 'FY-2025', report_filing_date: '2025-05-02' });
    expect(row('0000320193-25-000057').items).toContain('10Q-Part2-Item-1A');
    // The 8-K's press release (EX-99.1) came with it: its figures are searchable.
    const q = await runCli(['query', '--json', '--no-stream', '-f', 'ticker=AAPL', '-f', 'form=8-K', 'total net sales first quarter'], { env });
    expect(JSON.parse(q.stdout).evidence).toContain('119,575');
  });

  it("adds an EDGAR filing folder: its primary document, not its index, rendered pages or MetaLinks.json", async () => {
    const index = join(dir, 'folder.sqlite');
    const r = await runCli(['corpus', 'add', '--json', '--index', index, e('filing-dir')], { env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 1, failed: [] });
  });

  it('names a document whose filing it cannot tell, skips it, and exits 2', async () => {
    const r = await runCli(['corpus', 'add', e('primary/10-K/amzn-10-k-2025-02-07.html')], { env, timeoutMs: 60_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/amzn-10-k-2025-02-07\.html: no accession number/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
