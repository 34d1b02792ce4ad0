// Issue 21.8: a 200 that is not the filing is neither indexed nor cached. A stand-in EDGAR injects the
// faults: an HTML error page sent with 200 for a document, a body cut short with no Content-Length, a
// document longer than its filing index lists, a submissions file that is not JSON. Each pull fails
// that filing (exit 2) and keeps nothing of it, so the next pull, the fault gone, fetches and adds it;
// and `corpus cache --clear` takes a ticker or an accession.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFixtures, needsFixtures } from './fixtures.js';
import { ibmFiles, ibmPaths, ibmPrimary } from './ibm.js';
import { standInEnv, startStandIn, type Fault, type StandIn } from './stand-in.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

const AAPL_10K = '/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm';
const AAPL_SUBMISSIONS = '/submissions/CIK0000320193.json';
const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>Please try again later.</p></body></html>';

interface Summary {
  added: { accession: string; facts: number; from_cache: boolean }[];
  failed: { accession?: string; reason: string }[];
}

describe.skipIf(!hasFixtures())(needsFixtures('corpus pull keeps nothing that is not the document asked for'), () => {
  let edgar: StandIn;
  let env: NodeJS.ProcessEnv;
  const faults = new Map<string, Fault>();
  const dir = tempDir('filings-valid-');
  const cached = (path: string) =>
    existsSync(join(dir, 'cache', 'filings', 'edgar', new URL(edgar.url).host.replace(':', '_'), ...path.split('/').filter(Boolean)));
  const pull = async (...args: string[]) => {
    const r = await runInProcess(['corpus', 'pull', '--json', ...args], { env });
    return { ...r, summary: JSON.parse(r.stdout) as Summary };
  };
  const listed = async () => {
    const r = await runInProcess(['corpus', 'list', '--json'], { env });
    // No filing was ever added: no index (exit 4).
    return r.code === 4 ? [] : (JSON.parse(r.stdout) as { accession: string }[]).map((f) => f.accession);
  };

  beforeAll(async () => {
    edgar = await startStandIn({ extra: ibmFiles(), fault: (p) => faults.get(p) });
    env = standInEnv(edgar, dir);
  });
  afterAll(async () => {
    await edgar?.close();
  });

  it('an HTML error page sent with 200 for a document: failed, not cached, not indexed; the next pull adds the filing', async () => {
    faults.set(AAPL_10K, { status: 200, body: ERROR_PAGE });
    const bad = await pull('AAPL', '--forms', '10-K', '--years', '2024');
    expect(bad.code).toBe(2);
    expect(bad.summary.added).toEqual([]);
    expect(bad.summary.failed).toMatchObject([{ accession: '0000320193-24-000123' }]);
    expect(bad.summary.failed[0]!.reason).toMatch(
      /^not the document asked for: an inline-XBRL filing whose document has no inline XBRL cover facts/,
    );
    expect(cached(AAPL_10K)).toBe(false);
    expect(await listed()).toEqual([]);

    faults.delete(AAPL_10K);
    const good = await pull('AAPL', '--forms', '10-K', '--years', '2024');
    expect(good.code, good.stderr).toBe(0);
    expect(good.summary.added).toMatchObject([{ accession: '0000320193-24-000123', facts: 963, from_cache: false }]);
    expect(cached(AAPL_10K)).toBe(true);
  });

  it('a body cut short with no Content-Length: failed as cut short, nothing kept', async () => {
    faults.set('/Archives/edgar/data/1045810/000104581023000017/nvda-20230129.htm', { cutAt: 700_000 });
    const r = await pull('NVDA', '--forms', '10-K', '--years', '2023');
    expect(r.code).toBe(2);
    expect(r.summary.failed[0]!.reason).toMatch(/the HTML does not close .*cut short/);
    expect(cached('/Archives/edgar/data/1045810/000104581023000017/nvda-20230129.htm')).toBe(false);
    expect(await listed()).toEqual(['0000320193-24-000123']);
    faults.clear();
  });

  it('a document of another length than its filing index lists: failed, nothing kept', async () => {
    faults.set(ibmPaths.primary, { status: 200, body: Buffer.concat([ibmPrimary(), Buffer.from('\n\n\n')]) });
    const r = await pull('IBM', '--forms', '10-K', '--years', '2024');
    expect(r.code).toBe(2);
    expect(r.summary.failed[0]!.reason).toMatch(/the filing index lists 1,171,004 bytes, 1,171,007 arrived/);
    expect(cached(ibmPaths.primary)).toBe(false);
    faults.clear();
  });

  it('a submissions file that is not JSON is not kept for the day: the next pull asks again', async () => {
    faults.set(AAPL_SUBMISSIONS, { status: 200, body: ERROR_PAGE });
    // The AAPL submissions cached by the first test are a day fresh: clear them (the ticker's files).
    expect((await runInProcess(['corpus', 'cache', '--clear', 'AAPL'], { env })).code).toBe(0);
    const bad = await pull('AAPL', '--forms', '10-Q', '--years', '2025', '--dry-run');
    expect(bad.code).toBe(2);
    expect(bad.summary.failed[0]!.reason).toMatch(/submissions of CIK 320193: the submissions file is not JSON/);
    expect(cached(AAPL_SUBMISSIONS)).toBe(false);
    faults.clear();
    const before = edgar.log.length;
    const good = await pull('AAPL', '--forms', '10-Q', '--years', '2025', '--dry-run');
    expect(good.code, good.stderr).toBe(0);
    expect(edgar.log.slice(before).map((l) => [l.path, l.status])).toContainEqual([AAPL_SUBMISSIONS, 200]);
  });

  it('corpus cache --clear takes an accession or a ticker, and clears only theirs', async () => {
    expect((await pull('NVDA', '--forms', '10-K', '--years', '2023')).code).toBe(0);
    // Its earlier download went with "--clear AAPL" above: removed from the index, pulled again.
    expect((await runInProcess(['corpus', 'remove', '0000320193-24-000123'], { env })).code).toBe(0);
    expect((await pull('AAPL', '--forms', '10-K', '--years', '2024')).code).toBe(0);
    const nvda10k = '/Archives/edgar/data/1045810/000104581023000017/nvda-20230129.htm';
    expect(cached(AAPL_10K) && cached(nvda10k)).toBe(true);

    const one = await runInProcess(['corpus', 'cache', '--clear', '0000320193-24-000123', '--json'], { env });
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).cleared).toMatchObject({ files: 1, targets: ['0000320193-24-000123'] });
    expect(cached(AAPL_10K)).toBe(false);
    expect(cached(nvda10k) && cached(AAPL_SUBMISSIONS)).toBe(true);

    const company = await runInProcess(['corpus', 'cache', '--clear', 'nvda'], { env });
    expect(company.code, company.stderr).toBe(0);
    // Its 10-K, its submissions and its company facts.
    expect(company.stdout).toMatch(/^Cleared 3 file\(s\) \(.* MB\) of nvda from /);
    expect(cached(nvda10k) || cached('/submissions/CIK0001045810.json') || cached('/api/xbrl/companyfacts/CIK0001045810.json')).toBe(false);
    expect(cached(AAPL_SUBMISSIONS)).toBe(true);

    const unknown = await runInProcess(['corpus', 'cache', '--clear', 'NOSUCHTICKER'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/cannot clear NOSUCHTICKER: not an accession number .*, and not a ticker/);
    const withoutClear = await runInProcess(['corpus', 'cache', 'AAPL'], { env });
    expect(withoutClear.code).toBe(2);
    expect(withoutClear.stderr).toMatch(/goes with --clear/);
    // Everything else is still there.
    expect(readdirSync(join(dir, 'cache', 'filings', 'edgar')).length).toBe(1);
  });
});
