// Issue 16.9 with the real process: what `corpus add` refuses (impossible dates, blank content, bytes
// that are not UTF-8, an accession twice in one run, a file over the size cap), what it adds with a
// warning (a CIK the constituents file lacks), and `--json` printing one document even with failures.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, sampleCorpusDir, sampleFiling } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const bin = join(repoRoot, 'bin', 'filings.js');
const dir = tempDir('filings-ingest-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const constituents = join(sampleCorpusDir(), 'constituents.csv');

function add(files: string[], index: string, json = true) {
  const r = spawnSync(
    process.execPath,
    [bin, 'corpus', 'add', ...files, '--index', index, '--constituents', constituents, ...(json ? ['--json'] : [])],
    {
      encoding: 'utf8',
      env: { ...process.env, FILINGS_INDEX: '', XDG_DATA_HOME: join(dir, 'xdg'), NO_COLOR: '1' },
      timeout: 120_000,
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const base = JSON.parse(gunzipSync(readFileSync(sampleFiling('200406_8K_2023_0000200406-23-000091.json.gz'))).toString('utf8')) as Record<
  string,
  string
>;
let n = 0;
/** A variant of a real 8-K under a new accession number, written as .json. */
function variant(change: Record<string, unknown>, name = `v${++n}`): string {
  const accession = `0000200406-23-${String(900_000 + n).padStart(6, '0')}`;
  const filing = { ...base, filing_html_index: `https://www.sec.gov/Archives/edgar/data/200406/${accession}-index.html`, ...change };
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(filing));
  return path;
}

describe('corpus add refuses what cannot be a filing', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an impossible date', { filing_date: '2018-13-45' }, /filing_date "2018-13-45" is not a date/],
    ['a 29 February of a common year', { period_of_report: '2019-02-29' }, /period_of_report "2019-02-29" is not a date/],
    ['whitespace-only content', { content: ' \n\t  \n' }, /"content" holds only whitespace/],
    ['lone surrogates in the content', { content: 'Revenue rose \ud800 sharply.' }, /lone surrogates/],
  ])('%s', (_name, change, says) => {
    const index = join(dir, `refuse-${++n}.sqlite`);
    const r = add([variant(change), sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz')], index);
    expect(r.code).toBe(2);
    const summary = JSON.parse(r.stdout);
    expect(summary.added).toBe(1);
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0].error).toMatch(says);
  });

  it('bytes that are not UTF-8', () => {
    const path = join(dir, 'latin1.json');
    const text = JSON.stringify({
      ...base,
      filing_html_index: 'https://www.sec.gov/Archives/edgar/data/200406/0000200406-23-955555-index.html',
      content: 'Caf\u00e9 revenue',
    });
    writeFileSync(path, Buffer.from(text, 'latin1'));
    const r = add([path], join(dir, 'utf8.sqlite'));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).failed[0].error).toMatch(/not valid UTF-8/);
  });

  it('the same accession twice in one run: the first is added, the second named', () => {
    const one = sampleFiling('850209_8K_2022_0000850209-22-000006.json.gz');
    const copy = join(dir, 'copy-of-fl.json.gz');
    writeFileSync(copy, readFileSync(one));
    const r = add([one, copy], join(dir, 'dup.sqlite'));
    expect(r.code).toBe(2);
    const summary = JSON.parse(r.stdout);
    expect(summary.added).toBe(1);
    expect(summary.failed).toEqual([
      { file: copy, error: expect.stringMatching(/accession 0000850209-22-000006 is also in 850209_8K_2022/) },
    ]);
  });

  it('a filing over the size cap is refused before it is decompressed in full', () => {
    const path = join(dir, 'huge.json.gz');
    const huge = JSON.stringify({ ...base, content: 'revenue '.repeat(5_000_000) }); // 40 MB of JSON
    writeFileSync(path, gzipSync(huge, { level: 1 }));
    const r = add([path, sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz')], join(dir, 'huge.sqlite'));
    expect(r.code).toBe(2);
    const summary = JSON.parse(r.stdout);
    expect(summary.added).toBe(1);
    expect(summary.failed[0].error).toMatch(/decompresses to more than 32\.0 MB; at most 32\.0 MB of JSON is read per filing/);
  });
});

describe('corpus add reports what it accepted with a caveat', () => {
  it('a CIK the constituents file lacks: added without a ticker, with a warning; exit 0', () => {
    const path = variant({ cik: '999999999', company: 'UNLISTED CORP' });
    const index = join(dir, 'unknown-cik.sqlite');
    const r = add([path], index);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.added).toBe(1);
    expect(summary.warnings).toEqual([
      { file: path, warning: expect.stringMatching(/CIK 999999999 \(UNLISTED CORP\) is not in the constituents file/) },
    ]);
    expect(r.stderr).toMatch(/warning: .*CIK 999999999/);
    const text = add([variant({ cik: '999999998' })], index, false);
    expect(text.stdout).toMatch(/1 added with a warning/);
  });
});

describe('corpus add --json with failures', () => {
  it('prints exactly one JSON document: the summary, failures included', () => {
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{ not json');
    const r = add([bad, sampleFiling('66740_10K_2018_0001558370-19-000470.json.gz')], join(dir, 'one-doc.sqlite'));
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout) as { added: number; failed: { file: string }[] };
    expect(doc.added).toBe(1);
    expect(doc.failed.map((f) => f.file)).toEqual([bad]);
  });
});
