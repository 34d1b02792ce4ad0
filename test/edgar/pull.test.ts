// The whole pull flow over real HTTP against a stand-in EDGAR serving recorded EDGAR bytes: ticker ->
// CIK -> submissions -> primary documents -> index -> a query whose evidence holds the exact figure.
// Also: fair access (User-Agent sent, refusal without one, at most 8 requests a second measured over
// a run), a missing document, the block page, and an interrupted pull resumed.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../cli/run-cli.js';
import { hasFixtures, needsFixtures } from './fixtures.js';
import { STAND_IN_UA, standInEnv, startStandIn, type StandIn } from './stand-in.js';
import { tempDir } from '../helpers/tmp.js';
import { runInProcess } from '../helpers/run-in-process.js';

const UA = STAND_IN_UA;

describe.skipIf(!hasFixtures())(needsFixtures('corpus pull through a stand-in EDGAR'), () => {
  let edgar: StandIn;
  let env: NodeJS.ProcessEnv;
  const dir = tempDir('filings-pull-');

  beforeAll(async () => {
    edgar = await startStandIn();
    env = standInEnv(edgar, dir);
  });
  afterAll(async () => {
    await edgar?.close();
  });

  it('refuses to start without a User-Agent, and says how to set one', async () => {
    const r = await runInProcess(['corpus', 'pull', 'AAPL'], { env: { ...env, FILINGS_SEC_USER_AGENT: undefined } as NodeJS.ProcessEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to pull: no User-Agent/);
    expect(r.stderr).toContain('FILINGS_SEC_USER_AGENT');
    expect(r.stderr).toContain('sec_user_agent');
    const noMail = await runInProcess(['corpus', 'pull', '--user-agent', 'Just A Name', 'AAPL'], {
      env: { ...env, FILINGS_SEC_USER_AGENT: undefined } as NodeJS.ProcessEnv,
    });
    expect(noMail.code).toBe(2);
    expect(noMail.stderr).toMatch(/has no email address/);
    expect(edgar.log).toHaveLength(0);
  });

  it.each([
    [['--years', 'FY24'], /--years takes a fiscal year or a range/],
    [['--years', '2024-2020'], /the first year is after the last/],
    [['--forms', '10-X'], /--forms: 10-X not supported/],
    [['--since', '2024-13-45'], /--since takes a date YYYY-MM-DD/],
    // A date Date.parse would roll over to March 2.
    [['--since', '2024-02-31'], /--since takes a date YYYY-MM-DD/],
  ])('refuses bad options before any request: %s', async (args, message) => {
    const before = edgar.log.length;
    const r = await runInProcess(['corpus', 'pull', 'AAPL', ...args], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(edgar.log.length).toBe(before);
  });

  it('lists what it would fetch with --dry-run, fetching no document', async () => {
    // Forms spelled any way the contract reads them ("10q", "10k/a").
    const r = await runInProcess(['corpus', 'pull', '--dry-run', '--json', 'AAPL', '--forms', '10q,10k/a', '--years', '2025'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { planned: { accession: string; fiscalYear: number; url: string }[] };
    expect(out.planned.map((p) => p.accession)).toEqual(['0000320193-25-000008', '0000320193-25-000057', '0000320193-25-000073']);
    expect(out.planned.every((p) => p.fiscalYear === 2025)).toBe(true);
    expect(edgar.log.filter((l) => l.path.startsWith('/Archives'))).toHaveLength(0);
  });

  it('says so when a ticker has nothing of the forms in the years asked, and what years it has', async () => {
    const r = await runInProcess(['corpus', 'pull', '--dry-run', '--json', 'AAPL', '--forms', '10-K', '--years', '2030'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { planned: unknown[]; nothing_matched: unknown[] };
    expect(out.planned).toEqual([]);
    expect(out.nothing_matched).toEqual([{ ticker: 'AAPL', forms: ['10-K'], available: { from: 2015, to: 2025 } }]);
    expect(r.stderr).toBe('nothing matched for AAPL: no 10-K in fiscal 2030; its latest on EDGAR are of fiscal 2025\n');
    const text = await runInProcess(['corpus', 'pull', '--dry-run', 'AAPL', '--forms', '10-K', '--years', '2030'], { env });
    // The company facts a pull brings are listed too.
    expect(text.stdout).toMatch(/^AAPL\tcompany facts\t\t\tCIK 320193\thttp:.*\/api\/xbrl\/companyfacts\/CIK0000320193\.json$/m);
    expect(text.stdout).toMatch(/^Would fetch 0 filing\(s\) and 1 company facts file\(s\); 0 already indexed\.$/m);
    expect(text.stderr).toContain('nothing matched for AAPL');
  });

  it("gives a 10-Q after the company's latest 10-K the year end the company has now, not the last 10-K's", async () => {
    // Apple's fiscal 2025 ended September 27, 2025; fiscal 2026 ends September 26, 2026 (52/53 weeks).
    const r = await runInProcess(['corpus', 'pull', '--dry-run', '--json', 'AAPL', '--forms', '10-Q', '--years', '2026'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { planned: { accession: string; fiscalYear: number; fiscalYearEnd: string }[] };
    expect(out.planned).toEqual([expect.objectContaining({ accession: '0000320193-26-000006', fiscalYear: 2026, fiscalYearEnd: '0926' })]);
  });

  it('reads a company under each of its CIKs; one without a submissions file is no failure', async () => {
    // A constituents file naming a CIK EDGAR has no submissions for, beside company_tickers.json's.
    const csv = join(dir, 'constituents.csv');
    writeFileSync(csv, 'Symbol,Security,GICS Sector,GICS Sub-Industry,CIK\nAAPL,Apple Inc.,Information Technology,Hardware,9999999\n');
    const r = await runInProcess(
      ['corpus', 'pull', '--dry-run', '--json', '--constituents', csv, 'AAPL', '--forms', '10-K', '--years', '2024'],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { planned: { cik: string; accession: string }[]; failed: unknown[] };
    expect(out.planned).toMatchObject([{ cik: '320193', accession: '0000320193-24-000123' }]);
    expect(out.failed).toEqual([]);
    expect(edgar.log.some((l) => l.path === '/submissions/CIK0009999999.json' && l.status === 404)).toBe(true);
  });

  it('pulls AAPL and NVDA 10-Ks into the index and answers with the exact reported figure', async () => {
    const a = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-K', '--years', '2024'], { env });
    expect(a.code, a.stderr).toBe(0);
    const sa = JSON.parse(a.stdout) as { added: { accession: string; fiscal_year: string; facts: number }[]; failed: unknown[] };
    expect(sa.added).toMatchObject([{ accession: '0000320193-24-000123', fiscal_year: 'FY-2024', facts: 963 }]);
    const n = await runInProcess(['corpus', 'pull', '--json', 'nvda', '--forms', '10-K', '--years', '2023'], { env });
    expect(n.code, n.stderr).toBe(0);
    expect(JSON.parse(n.stdout).added).toMatchObject([{ accession: '0001045810-23-000017', fiscal_year: 'FY-2023', facts: 1235 }]);
    // Every request named the user.
    expect(edgar.log.every((l) => l.userAgent === UA)).toBe(true);

    const list = JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as {
      accession: string;
      sec_ticker: string;
      sec_fiscal_year: string;
      sec_fiscal_year_end: string;
    }[];
    expect(list.map((f) => [f.sec_ticker, f.sec_fiscal_year, f.sec_fiscal_year_end]).sort()).toEqual([
      ['AAPL', 'FY-2024', '09-28'],
      ['NVDA', 'FY-2023', '01-29'],
    ]);

    const q = await runInProcess(['query', '--json', '--no-stream', "What were Apple's total net sales in fiscal 2024?"], { env });
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout).evidence).toContain('391,035');
    const q2 = await runInProcess(['query', '--json', '--no-stream', "What was NVIDIA's total revenue in fiscal 2023?"], { env });
    expect(JSON.parse(q2.stdout).evidence).toContain('26,974');
  });

  it('pulls an 8-K with its press release, whose figures answer', async () => {
    const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '8-K', '--since', '2024-02-01', '--years', '2024'], {
      env,
    });
    const s = JSON.parse(r.stdout) as { added: { accession: string; url: string }[] };
    const added = s.added.find((a) => a.accession === '0000320193-24-000005')!;
    expect(added.url).toMatch(/0000320193-24-000005\.txt$/);
    const q = await runInProcess(
      ['query', '--json', '--no-stream', '-f', 'ticker=AAPL', '-f', 'form=8-K', 'total net sales three months ended December 30, 2023'],
      { env },
    );
    expect(JSON.parse(q.stdout).evidence).toContain('119,575');
  });

  it('does not fetch a filing already indexed', async () => {
    const before = edgar.log.length;
    const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-K', '--years', '2024'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { added: unknown[]; skipped: { accession: string; reason: string }[] };
    expect(s.added).toHaveLength(0);
    expect(s.skipped).toEqual([{ ticker: 'AAPL', accession: '0000320193-24-000123', form: '10-K', reason: 'already indexed' }]);
    expect(edgar.log.slice(before).filter((l) => l.path.startsWith('/Archives'))).toHaveLength(0);
  });

  it('records a missing document as failed with its reason and adds the others (exit 2)', async () => {
    const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-Q', '--years', '2025'], { env });
    expect(r.code).toBe(2);
    const s = JSON.parse(r.stdout) as { added: { accession: string }[]; failed: { accession: string; reason: string }[] };
    expect(s.added.map((a) => a.accession).sort()).toEqual(['0000320193-25-000057', '0000320193-25-000073']);
    expect(s.failed).toHaveLength(1);
    expect(s.failed[0]).toMatchObject({ accession: '0000320193-25-000008' });
    expect(s.failed[0]!.reason).toMatch(/missing on EDGAR/);
    expect(r.stderr).toMatch(/failed: AAPL 10-Q 0000320193-25-000008/);
  });

  it('shows and clears the download cache', async () => {
    const shown = JSON.parse((await runInProcess(['corpus', 'cache', '--json'], { env })).stdout) as {
      byKind: Record<string, { files: number; bytes: number }>;
    };
    expect(shown.byKind.documents!.files).toBeGreaterThanOrEqual(4);
    expect(shown.byKind.submissions!.files).toBe(2);
    const cleared = await runInProcess(['corpus', 'cache', '--clear'], { env });
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(/Cleared/);
    const after = JSON.parse((await runInProcess(['corpus', 'cache', '--json'], { env })).stdout) as { files: number };
    expect(after.files).toBe(0);
  });

  it('keeps to at most 8 requests in any second of a run', async () => {
    // Four years of 8-Ks: dozens of requests, most answered at once (missing documents), so the
    // limiter, not the server, sets the pace.
    const before = edgar.log.length;
    const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', 'NVDA', '--forms', '8-K', '--years', '2023-2026'], {
      env,
    });
    expect(JSON.parse(r.stdout).failed.length).toBeGreaterThan(20);
    const times = edgar.log
      .slice(before)
      .map((l) => l.at)
      .sort((x, y) => x - y);
    expect(times.length).toBeGreaterThan(30);
    let worst = 0;
    for (let i = 0; i < times.length; i++) {
      let k = i;
      while (k + 1 < times.length && times[k + 1]! - times[i]! < 1000) k++;
      worst = Math.max(worst, k - i + 1);
    }
    expect(worst).toBeLessThanOrEqual(8);
    // ...and close to it: the run was not slow for some other reason.
    expect(worst).toBeGreaterThanOrEqual(6);
    const seconds = (times[times.length - 1]! - times[0]!) / 1000;
    expect(times.length / seconds).toBeLessThanOrEqual(8.5);
  });
});

describe.skipIf(!hasFixtures())(needsFixtures('corpus pull when EDGAR pushes back'), () => {
  const envFor = (edgar: StandIn) => standInEnv(edgar, tempDir('filings-pull-'));

  it('stops at the rate-limit block page with a clear message (exit 5), without retrying into it', async () => {
    const edgar = await startStandIn({ block: (p) => p.startsWith('/Archives') });
    try {
      const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-Q', '--years', '2025'], {
        env: envFor(edgar),
      });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/blocked this machine.*about 10 minutes/s);
      expect(JSON.parse(r.stdout).blocked).toMatch(/Request Rate Threshold Exceeded/);
      // One document request met the block; the run stopped instead of asking for the others.
      expect(edgar.log.filter((l) => l.path.startsWith('/Archives')).length).toBeLessThanOrEqual(4);
    } finally {
      await edgar.close();
    }
  });

  it('a document EDGAR still answers 503 after the retries: that filing failed, exit 2, as the exit codes say', async () => {
    const doc = '/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm';
    const edgar = await startStandIn({ fail503: new Map([[doc, 99]]) });
    try {
      const r = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-K', '--years', '2024'], {
        env: envFor(edgar),
      });
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).failed[0].reason).toMatch(/EDGAR answered HTTP 503/);
      expect(edgar.log.filter((l) => l.path === doc)).toHaveLength(5);
    } finally {
      await edgar.close();
    }
    const { EXIT_CODE_DOCS } = await import('../../src/cli/exit-codes.js');
    expect(EXIT_CODE_DOCS.find((d) => d.code === 2)!.meaning).toMatch(
      /`corpus pull` in which some filing or ticker failed \(EDGAR still answering 429\/503 after the retries included\)/,
    );
    expect(EXIT_CODE_DOCS.find((d) => d.code === 5)!.meaning).toMatch(/EDGAR's block page, which stops a `corpus pull`/);
  });

  it('retries a 503 after its Retry-After and succeeds', async () => {
    const edgar = await startStandIn({ fail503: new Map([['/submissions/CIK0000320193.json', 2]]) });
    try {
      const r = await runInProcess(['corpus', 'pull', '--json', '--dry-run', 'AAPL', '--forms', '10-K', '--years', '2024'], {
        env: envFor(edgar),
      });
      expect(r.code, r.stderr).toBe(0);
      const hits = edgar.log.filter((l) => l.path === '/submissions/CIK0000320193.json');
      expect(hits.map((h) => h.status)).toEqual([503, 503, 200]);
      expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
    } finally {
      await edgar.close();
    }
  });

  it('resumes an interrupted pull: what was fetched is not fetched again', async () => {
    const edgar = await startStandIn({ documentDelayMs: 1500 });
    const env = envFor(edgar);
    try {
      const args = ['corpus', 'pull', '--json', 'AAPL', 'NVDA', '--forms', '10-K', '--years', '2023-2024'];
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      // Interrupt once the first document has been served.
      const started = Date.now();
      while (!edgar.log.some((l) => l.path.startsWith('/Archives') && l.status === 200) && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((r) => child.on('close', r));
      expect(code, stderr).toBe(130);
      // What the first run finished downloading is in the cache; what it finished ingesting, in the index.
      const served = edgar.log.filter((l) => l.path.startsWith('/Archives') && l.status === 200).map((l) => l.path);
      const firstRun = served.filter((p) =>
        existsSync(
          join(env.XDG_CACHE_HOME!, 'filings', 'edgar', new URL(edgar.url).host.replace(':', '_'), ...p.split('/').filter(Boolean)),
        ),
      );
      expect(firstRun.length).toBeGreaterThan(0);
      const indexedFirst = JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as unknown[];
      expect(indexedFirst.length).toBeGreaterThan(0);

      const before = edgar.log.length;
      const r = await runInProcess(args, { env });
      const again = edgar.log
        .slice(before)
        .filter((l) => l.path.startsWith('/Archives'))
        .map((l) => l.path);
      for (const p of firstRun) expect(again).not.toContain(p);
      const list = JSON.parse((await runInProcess(['corpus', 'list', '--json'], { env })).stdout) as { accession: string }[];
      expect(list.map((f) => f.accession).sort()).toEqual(['0000320193-24-000123', '0001045810-23-000017']);
      // AAPL FY2023 and NVDA FY2024 10-Ks are not in the recorded material: missing, so exit 2.
      expect(r.code).toBe(2);
    } finally {
      await edgar.close();
    }
  });
});
