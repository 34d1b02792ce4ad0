// `filings corpus add` of EDGAR's own files: complete submissions (.txt) describe themselves; a
// primary document states its CIK, form, period and company in its inline XBRL, and takes its
// accession and filing date from its name or folder, a file beside it, or the submissions JSON in the
// download cache. Issue 21.10: a document saved by hand from EDGAR's website has none of these: its
// filing date is asked for with --filed, and it is added under a local id, with a warning.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { edgarDir, hasFixtures, needsFixtures } from './fixtures.js';
import { envIn } from './stand-in.js';
import { sampleCorpusDir } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

interface Listed {
  accession: string;
  company: string;
  sec_ticker: string | null;
  sec_form_type: string;
  sec_fiscal_year: string;
  sec_fiscal_year_end: string;
  period_of_report: string;
  report_filing_date: string;
  filing_html_index: string | null;
  items: string[];
}

const CONSTITUENTS = () => join(sampleCorpusDir(), 'constituents.csv');

describe.skipIf(!hasFixtures())(needsFixtures('corpus add of .htm, .html and .txt'), () => {
  const dir = tempDir('filings-add-');
  const env = envIn(dir, { FILINGS_INDEX: join(dir, 'index.sqlite') });
  const e = (p: string) => join(edgarDir(), p);

  it('adds complete submissions and a primary document whose filing the download cache knows', async () => {
    // As a pull leaves it: the company's submissions JSON in the cache.
    const cached = join(dir, 'cache', 'filings', 'edgar', 'data.sec.gov', 'submissions');
    mkdirSync(cached, { recursive: true });
    copyFileSync(e('submissions/CIK0000320193.json'), join(cached, 'CIK0000320193.json'));
    const r = await runInProcess(
      [
        'corpus',
        'add',
        '--json',
        '--constituents',
        CONSTITUENTS(),
        e('full-submission/320193_0000320193-24-000005.txt'),
        e('full-submission/66740_0000066740-24-000023.txt'),
        e('filing-dir/aapl-10q-2025-03-29_0000320193-25-000057/aapl-20250329.htm'),
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 3, failed: [] });
    const list = JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as Listed[];
    const row = (acc: string) => list.find((f) => f.accession === acc)!;
    expect(row('0000320193-24-000005')).toMatchObject({
      sec_ticker: 'AAPL',
      sec_form_type: '8-K',
      sec_fiscal_year: 'FY-2024',
      report_filing_date: '2024-02-01',
    });
    expect(row('0000320193-24-000005').items).toEqual(['8K-Cover', '8K-Item-2.02', '8K-Item-9.01']);
    expect(row('0000066740-24-000023')).toMatchObject({ sec_ticker: 'MMM', sec_form_type: '8-K', report_filing_date: '2024-03-08' });
    expect(row('0000320193-25-000057')).toMatchObject({
      sec_ticker: 'AAPL',
      sec_form_type: '10-Q',
      sec_fiscal_year: 'FY-2025',
      report_filing_date: '2025-05-02',
    });
    expect(row('0000320193-25-000057').items).toContain('10Q-Part2-Item-1A');
    // The 8-K's press release (EX-99.1) came with it: its figures are searchable.
    const q = await runInProcess(
      ['query', '--json', '--no-stream', '-f', 'ticker=AAPL', '-f', 'form=8-K', 'total net sales first quarter'],
      {
        env,
      },
    );
    expect(JSON.parse(q.stdout).evidence).toContain('119,575');
  });

  it('adds an EDGAR filing folder: its primary document, not its index, rendered pages or MetaLinks.json', async () => {
    const index = join(dir, 'folder.sqlite');
    const r = await runInProcess(['corpus', 'add', '--json', '--index', index, e('filing-dir')], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 1, failed: [] });
  });

  it('names a document whose filing date nothing gives, says to use --filed, skips it, and exits 2', async () => {
    const r = await runInProcess(['corpus', 'add', '--index', join(dir, 'nodate.sqlite'), e('primary/10-K/amzn-10-k-2025-02-07.html')], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/amzn-10-k-2025-02-07\.html: no filing date: .* give it with --filed YYYY-MM-DD/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const bad = await runInProcess(['corpus', 'add', '--filed', '2025-02-30', e('primary/10-K/amzn-10-k-2025-02-07.html')], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--filed takes a date YYYY-MM-DD; got "2025-02-30"/);
  });
});

describe.skipIf(!hasFixtures())(needsFixtures('corpus add of an EDGAR document saved by hand'), () => {
  const dir = tempDir('filings-saved-');
  const e = (p: string) => join(edgarDir(), p);
  const list = async (env: NodeJS.ProcessEnv) => JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as Listed[];

  it('takes CIK, form, period, fiscal year end and company from its cover facts, the date from --filed, and warns of the accession', async () => {
    const env = envIn(join(dir, 'one'), { FILINGS_INDEX: join(dir, 'one.sqlite') });
    const r = await runInProcess(
      ['corpus', 'add', '--json', '--constituents', CONSTITUENTS(), '--filed', '2024-11-01', e('primary/10-K/aapl-10-k-2024-11-01.html')],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /warning: .*aapl-10-k-2024-11-01\.html: no accession number .*added as local-0000320193-10-K-2024-09-28, without links to EDGAR/,
    );
    const [row] = await list(env);
    expect(row).toMatchObject({
      accession: 'local-0000320193-10-K-2024-09-28',
      company: 'Apple Inc.',
      sec_ticker: 'AAPL',
      sec_form_type: '10-K',
      sec_fiscal_year: 'FY-2024',
      sec_fiscal_year_end: '09-28',
      period_of_report: '2024-09-28',
      report_filing_date: '2024-11-01',
      filing_html_index: null,
    });
    // Its figures answer as a pulled filing's do.
    const q = await runInProcess(['query', '--json', '--no-stream', "What were Apple's total net sales in fiscal 2024?"], { env });
    expect(JSON.parse(q.stdout).evidence).toContain('391,035');
    // Added again: the same local id, replaced, not doubled.
    await runInProcess(
      ['corpus', 'add', '--constituents', CONSTITUENTS(), '--filed', '2024-11-01', e('primary/10-K/aapl-10-k-2024-11-01.html')],
      { env },
    );
    expect(await list(env)).toHaveLength(1);
  });

  it("with the company's submissions in the download cache, needs no --filed: the accession and date come from there", async () => {
    const home = join(dir, 'two');
    const cached = join(home, 'cache', 'filings', 'edgar', 'data.sec.gov', 'submissions');
    mkdirSync(cached, { recursive: true });
    copyFileSync(e('submissions/CIK0000320193.json'), join(cached, 'CIK0000320193.json'));
    const env = envIn(home, { FILINGS_INDEX: join(dir, 'two.sqlite') });
    const r = await runInProcess(['corpus', 'add', '--constituents', CONSTITUENTS(), e('primary/10-K/aapl-10-k-2024-11-01.html')], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning/);
    expect(await list(env)).toMatchObject([
      {
        accession: '0000320193-24-000123',
        report_filing_date: '2024-11-01',
        filing_html_index: expect.stringContaining('0000320193-24-000123-index.html'),
      },
    ]);
  });

  it('adds every 10-K and 10-Q of the recorded material (each was refused before)', async () => {
    const env = envIn(join(dir, 'all'), { FILINGS_INDEX: join(dir, 'all.sqlite') });
    const r = await runInProcess(
      ['corpus', 'add', '--json', '--constituents', CONSTITUENTS(), '--filed', '2025-06-30', e('primary/10-K'), e('primary/10-Q')],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    const files = [...readdirSync(e('primary/10-K')), ...readdirSync(e('primary/10-Q'))];
    expect(JSON.parse(r.stdout)).toMatchObject({ added: files.length, failed: [] });
    const rows = await list(env);
    // Local ids: the CIK, form and period of each document's cover facts.
    expect(rows.map((x) => x.accession).sort()).toEqual(
      [
        'local-0001018724-10-K-2024-12-31',
        'local-0000104169-10-K-2025-01-31',
        'local-0001045810-10-K-2023-01-29',
        'local-0001045810-10-Q-2025-07-27',
        'local-0001341439-10-Q-2024-08-31',
        'local-0000200406-10-K-2024-12-29',
        'local-0000320187-10-K-2025-05-31',
        'local-0000320193-10-K-2024-09-28',
        'local-0000320193-10-Q-2025-06-28',
        'local-0000051143-10-K-2024-12-31',
        'local-0000796343-10-K-2024-11-29',
      ].sort(),
    );
    expect(rows.every((x) => x.company.length > 0)).toBe(true);
  });
});
