// The company facts of many constituents at once, over real HTTP against a stand-in EDGAR serving a
// company facts file for every constituent (bench/lib/facts-scale.js: the recorded files of AAPL,
// NVDA and GOOGL, trimmed to a few concepts, each other constituent one of them under its own CIK with
// its values scaled): `corpus pull --facts-only --all` within EDGAR's rate, saying how far it is, kept
// compactly, resumed after an interruption without fetching or reading again what it finished;
// --sector and --sub-industry; a screen of the constituents answered from their facts; and the XBRL
// frames (bodies the recorded files imply), each filer's year placed in the index's fiscal years.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  constituentsOf,
  derivedFacts,
  type FactsFile,
  factorOf,
  factsPath,
  framesOf,
  peakRate,
  recordedFacts,
  scaled,
  splitCsv,
} from '../../bench/lib/facts-scale.js';
import type { FigureRecord } from '../../src/contract/types.js';
import { BIN, runCli } from '../cli/run-cli.js';
import { sampleCorpusDir, sampleIndexPath } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';
import { edgarDir, hasFixtures, needsFixtures } from './fixtures.js';
import { type StandIn, standInEnv, startStandIn } from './stand-in.js';
import { runInProcess } from '../helpers/run-in-process.js';

const REAL = ['320193', '1045810', '1652044'];
const CONCEPTS = [
  'us-gaap:Revenues',
  'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
  'us-gaap:SalesRevenueNet',
  'us-gaap:Assets',
  'us-gaap:NetIncomeLoss',
];
/** Each template's revenue of fiscal 2023 (Apple's year ended September 30, 2023; NVIDIA's January 29,
 * 2023; Alphabet's December 31, 2023), as the recorded files give it. */
const REVENUE_2023 = [383_285_000_000, 26_974_000_000, 307_394_000_000];

const hasFacts = () => hasFixtures() && recordedFacts(edgarDir()) !== undefined;
const csvText = () => readFileSync(join(sampleCorpusDir(), 'constituents.csv'), 'utf8');

interface Pulled {
  facts: { ticker: string; cik: string; facts: number; written: string; from_cache: boolean }[];
  failed: { ticker: string; reason: string }[];
  requests: number;
}

describe.skipIf(!hasFacts())(needsFixtures('the company facts of every constituent', hasFacts()), () => {
  let edgar: StandIn;
  const all = constituentsOf(csvText());
  /** The constituent at `i` of the file: its file's template (a recorded company is its own) and factor. */
  const made = new Map<string, { template: number; factor: number }>();
  const lines = csvText().trim().split(/\r?\n/);
  const cikAt = splitCsv(lines[0]!).indexOf('CIK');
  /** A constituents file of the first `n` companies of the sample corpus's. */
  const firstCompanies = (n: number) => {
    const ciks = new Set(all.slice(0, n).map((c) => c.cik));
    const path = join(tempDir('filings-constituents-'), 'constituents.csv');
    writeFileSync(path, `${[lines[0], ...lines.slice(1).filter((l) => ciks.has(splitCsv(l)[cikAt]!.replace(/^0+/, '')))].join('\n')}\n`);
    return path;
  };
  const factsRequests = (from = 0) => edgar.log.slice(from).filter((l) => l.path.startsWith('/api/xbrl/companyfacts/'));

  beforeAll(async () => {
    const templates = recordedFacts(edgarDir())!;
    const extra = new Map<string, Buffer>();
    all.forEach((c, i) => {
      const real = REAL.indexOf(c.cik);
      const at = { template: real >= 0 ? real : i % 3, factor: real >= 0 ? 1 : factorOf(i) };
      made.set(c.cik, at);
      const file = derivedFacts(templates[at.template]!, { cik: c.cik, name: c.security, factor: at.factor, concepts: CONCEPTS });
      extra.set(factsPath(c.cik), Buffer.from(JSON.stringify(file)));
    });
    // The frames of the three recorded companies' revenue concepts.
    const revenue = templates.map((t) => derivedFacts(t, { cik: t.cik, name: t.entityName, factor: 1, concepts: CONCEPTS }));
    for (const [path, body] of framesOf(revenue as FactsFile[])) extra.set(path, Buffer.from(JSON.stringify(body)));
    edgar = await startStandIn({ extra });
  });
  afterAll(async () => {
    await edgar?.close();
  });

  describe('corpus pull --facts-only --all', () => {
    const dir = tempDir('filings-facts-all-');
    let env: NodeJS.ProcessEnv;
    const constituents = () => join(dir, 'constituents.csv');
    beforeAll(() => {
      env = standInEnv(edgar, dir);
      // Into a copy of the sample index: some of these companies have filings there too.
      copyFileSync(sampleIndexPath(), env.FILINGS_INDEX!);
      copyFileSync(firstCompanies(90), constituents());
    });

    it("pulls every constituent's company facts within EDGAR's rate, saying how far it is, and keeps them compactly", async () => {
      const before = edgar.log.length;
      // (A process of its own: in this one, the pull's work of storing the facts would hold the stand-in's
      // event loop, and the arrivals it times would bunch up behind it.)
      const r = await runCli(['corpus', 'pull', '--facts-only', '--all', '--constituents', constituents(), '--json'], {
        env,
      });
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout) as Pulled;
      expect(s.failed).toEqual([]);
      expect(s.facts).toHaveLength(90);
      expect(new Set(s.facts.map((f) => f.cik)).size).toBe(90);
      expect(s.facts.every((f) => f.written === 'added' && !f.from_cache)).toBe(true);
      // One request a company (and one for a CIK EDGAR's tickers file gives a company besides the
      // constituents' own, which has no facts here), none twice, and at most 8 in any second (EDGAR
      // allows 10)...
      const requests = factsRequests(before);
      const paths = requests.map((l) => l.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const c of all.slice(0, 90)) expect(paths).toContain(factsPath(c.cik));
      expect(requests.filter((l) => l.status === 200)).toHaveLength(90);
      const times = requests.map((l) => l.at);
      // (Arrivals, as the stand-in sees them: the limiter spaces the starts over 1.1 s, and a busy
      // machine may delay one request's arrival by up to the 0.1 s it keeps for jitter.)
      expect(peakRate(times)).toBeLessThanOrEqual(8);
      // ...and close to it: the run went at the rate limit's pace, not slower.
      expect(peakRate(times)).toBeGreaterThanOrEqual(6);
      expect(times.length / ((Math.max(...times) - Math.min(...times)) / 1000)).toBeLessThanOrEqual(8.5);
      // A run of more than ten seconds in a log says how far it is and how long is left.
      expect(r.stderr).toMatch(/^pull: company facts of \d+\/90 \(\d+%\), [\d.]+ MB in \d+ s, about \d+ s left$/m);
      // Every company in the index, in blocks of a few bytes a fact.
      const db = new Database(env.FILINGS_INDEX!, { readonly: true });
      try {
        expect(db.prepare('SELECT COUNT(*) FROM fact_companies').pluck().get()).toBe(90);
        const facts = db.prepare('SELECT SUM(facts) FROM fact_companies').pluck().get() as number;
        expect(facts).toBe(s.facts.reduce((n, f) => n + f.facts, 0));
        // The facts themselves (their blocks, or rows a fact), apart from the filings they name.
        const bytes = db
          .prepare(
            `SELECT SUM(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name IN
             ('fact_blocks', 'company_facts'))`,
          )
          .pluck()
          .get() as number;
        expect(bytes / facts).toBeLessThan(10);
      } finally {
        db.close();
      }
    }, 150_000);

    it("answers a screen of the 90 from their facts, and checks a member's text figure against them", async () => {
      const tickers = all.slice(0, 90).map((c) => c.symbol);
      const r = await runInProcess(['figures', ...tickers, '-m', 'revenue', '--years', '2023', '--json'], { env });
      expect([0, 10], r.stderr).toContain(r.code);
      const records = JSON.parse(r.stdout).analysis.figures as FigureRecord[];
      expect(new Set(records.map((f) => f.ticker))).toEqual(new Set(tickers));
      const byTicker = new Map(records.map((f) => [f.ticker, f]));
      // A company the index holds no filing of: its fact, the value of its file.
      const facts = records.filter((f) => f.status === 'fact');
      expect(facts.length).toBeGreaterThan(60);
      for (const f of facts) {
        const c = all.find((x) => x.symbol === f.ticker)!;
        const { template, factor } = made.get(c.cik)!;
        expect(f.value, f.ticker).toBe(scaled(REVENUE_2023[template]!, factor));
      }
      // Apple's is read from its 10-K's text, and its own facts agree.
      expect(byTicker.get('AAPL')).toMatchObject({
        status: expect.not.stringMatching(/^fact$/),
        value: 383_285_000_000,
        facts_check: { status: 'agree', value: 383_285_000_000 },
      });
    }, 90_000);
  });

  it('resumes an interrupted pull: what it finished is neither fetched nor read again', async () => {
    const env = standInEnv(edgar, tempDir('filings-facts-resume-'));
    const args = ['corpus', 'pull', '--facts-only', '--all', '--constituents', firstCompanies(40)];
    const before = edgar.log.length;
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const started = Date.now();
    while (factsRequests(before).length < 15 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/Interrupted: the company facts finished so far are in the index; run the same command again/);
    const cacheDir = join(env.XDG_CACHE_HOME!, 'filings', 'edgar', new URL(edgar.url).host.replace(':', '_'));
    const cached = factsRequests(before)
      .map((l) => l.path)
      .filter((p) => existsSync(join(cacheDir, ...p.split('/').filter(Boolean))));
    const held = () => {
      const db = new Database(env.FILINGS_INDEX!, { readonly: true });
      try {
        return db.prepare('SELECT COUNT(*) FROM fact_companies').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    const first = held();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(40);

    const again = edgar.log.length;
    const r = await runInProcess(args, { env });
    expect(r.code, r.stderr).toBe(0);
    const second = factsRequests(again).map((l) => l.path);
    for (const p of cached) expect(second).not.toContain(p);
    expect(held()).toBe(40);
    // The companies the first run wrote are taken as the index holds them, their files not read again.
    expect(r.stdout).toMatch(
      new RegExp(`^Pulled the company facts of 40 companies \\([\\d,]+ facts: ${40 - first} added, ${first} unchanged, not read again\\)`),
    );
    // A third run fetches nothing.
    const third = edgar.log.length;
    const j = JSON.parse((await runInProcess([...args, '--json'], { env })).stdout) as Pulled;
    expect(factsRequests(third)).toEqual([]);
    expect(j.facts.map((f) => f.written)).toEqual(Array(40).fill('unchanged'));
  }, 120_000);

  it("stops at EDGAR's block page, keeping the companies written before it (exit 5)", async () => {
    const env = standInEnv(edgar, tempDir('filings-facts-blocked-'));
    const ten = all.slice(0, 10);
    const blocked = factsPath(ten[5]!.cik);
    edgar.options.block = (p) => p === blocked;
    const before = edgar.log.length;
    try {
      const r = await runInProcess(['corpus', 'pull', '--facts-only', '--all', '--constituents', firstCompanies(10), '--json'], {
        env,
      });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/blocked this machine/);
      const s = JSON.parse(r.stdout) as Pulled;
      expect(s.facts.map((f) => f.ticker)).toEqual(ten.slice(0, 5).map((c) => c.symbol));
      // Nothing asked after the block page.
      expect(factsRequests(before).map((l) => l.path)).toEqual(ten.slice(0, 6).map((c) => factsPath(c.cik)));
    } finally {
      edgar.options.block = undefined;
    }
  }, 60_000);

  describe('--sector and --sub-industry', () => {
    let env: NodeJS.ProcessEnv;
    beforeAll(() => {
      env = standInEnv(edgar, tempDir('filings-facts-sector-'));
    });
    const plannedOf = async (args: string[]) => {
      const r = await runInProcess(['corpus', 'pull', '--facts-only', '--dry-run', '--json', ...args], { env });
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { facts_planned: { ticker: string }[] }).facts_planned.map((f) => f.ticker);
    };
    const membersOf = (field: 'sector' | 'subIndustry', name: string) => all.filter((c) => c[field] === name).map((c) => c.symbol);

    it("picks the sector's constituents by its name in any case, its initials or the starts of its words", async () => {
      const before = edgar.log.length;
      const utilities = membersOf('sector', 'Utilities');
      expect(utilities.length).toBeGreaterThan(20);
      expect(await plannedOf(['--sector', 'utilities'])).toEqual(utilities);
      const tech = membersOf('sector', 'Information Technology');
      expect(await plannedOf(['--sector', 'IT'])).toEqual(tech);
      expect(await plannedOf(['--sector', 'info tech'])).toEqual(tech);
      expect(await plannedOf(['--sub-industry', 'semiconductors'])).toEqual(membersOf('subIndustry', 'Semiconductors'));
      // Listed, not fetched.
      expect(factsRequests(before)).toEqual([]);
    });

    it('pulls the facts of a sector, and only those', async () => {
      const before = edgar.log.length;
      const r = await runInProcess(['corpus', 'pull', '--facts-only', '--sector', 'Real Estate', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      const estate = all.filter((c) => c.sector === 'Real Estate');
      expect(
        factsRequests(before)
          .map((l) => l.path)
          .sort(),
      ).toEqual(estate.map((c) => factsPath(c.cik)).sort());
      expect((JSON.parse(r.stdout) as Pulled).facts.map((f) => f.ticker)).toEqual(estate.map((c) => c.symbol));
    }, 60_000);

    it.each([
      [['--sector', 'consumer'], /--sector: "consumer" could be any of the GICS sectors Consumer Discretionary, Consumer Staples/],
      [['--sector', 'Crypto'], /--sector: "Crypto" is not a known GICS sector \(one of: Communication Services/],
      [['--all', '--sector', 'Energy'], /--all and --sector: give one of them/],
      [['AAPL', '--sector', 'Energy'], /--sector names the companies: give no tickers with it \(got AAPL\)/],
    ])('refuses %s before any request', async (args, message) => {
      const before = edgar.log.length;
      const r = await runInProcess(['corpus', 'pull', '--facts-only', ...args], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(edgar.log.length).toBe(before);
    });
  });

  describe('corpus frames', () => {
    let env: NodeJS.ProcessEnv;
    beforeAll(() => {
      env = standInEnv(edgar, tempDir('filings-frames-'));
    });
    interface FramesJson {
      rows: { ticker: string; fiscal_year: number | null; frame: string; end: string; value: number; concept: string; accession: string }[];
      frames: { concept: string; period: string; rows: number; missing?: true }[];
    }

    it("reads a line item of every constituent from the annual frames, each company's year in the index's fiscal year", async () => {
      const before = edgar.log.length;
      const r = await runInProcess(['corpus', 'frames', 'revenue', '--years', '2023', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout) as FramesJson;
      // The revenue concepts' frames of CY2022 and CY2023, each asked once.
      const asked = edgar.log.slice(before).map((l) => l.path);
      expect(asked.filter((p) => p.startsWith('/api/xbrl/frames/')).sort()).toEqual(
        [
          'Revenues',
          'RevenueFromContractWithCustomerExcludingAssessedTax',
          'SalesRevenueNet',
          'RevenuesNetOfInterestExpense',
          'RevenueFromContractWithCustomerIncludingAssessedTax',
        ]
          .flatMap((c) => [`/api/xbrl/frames/us-gaap/${c}/USD/CY2022.json`, `/api/xbrl/frames/us-gaap/${c}/USD/CY2023.json`])
          .sort(),
      );
      // Apple's and Alphabet's fiscal 2023 are in CY2023; NVIDIA's, which ended January 29, 2023, in CY2022.
      // Alphabet tags both Revenues and RevenueFromContract...: the item's preferred concept is read.
      expect(s.rows.map((x) => [x.ticker, x.fiscal_year, x.frame, x.end, x.value, x.concept])).toEqual([
        ['AAPL', 2023, 'CY2023', '2023-09-30', 383_285_000_000, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'],
        ['GOOG', 2023, 'CY2023', '2023-12-31', 307_394_000_000, 'us-gaap:Revenues'],
        ['NVDA', 2023, 'CY2022', '2023-01-29', 26_974_000_000, 'us-gaap:Revenues'],
      ]);
      expect(r.stderr).toMatch(/^3 row\(s\) of revenue \(USD\) from \d+ frame\(s\)/);
      // A sector's constituents only, from the same frames (cached for the day: no request).
      const again = edgar.log.length;
      const tech = await runInProcess(['corpus', 'frames', 'revenue', '--years', '2023', '--sector', 'IT', '--json'], { env });
      expect((JSON.parse(tech.stdout) as FramesJson).rows.map((x) => x.ticker)).toEqual(['AAPL', 'NVDA']);
      expect(edgar.log.slice(again).filter((l) => l.status === 200)).toEqual([]);
    });

    it("reads one calendar period as EDGAR frames it: NVIDIA's year ended January 28, 2024 is its fiscal 2024, in CY2023", async () => {
      const r = await runInProcess(['corpus', 'frames', 'us-gaap:Revenues', '--period', 'cy2023', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(r.stdout) as FramesJson;
      expect(s.rows.map((x) => [x.ticker, x.fiscal_year, x.value])).toEqual([
        ['GOOG', 2023, 307_394_000_000],
        ['NVDA', 2024, 60_922_000_000],
      ]);
      const balance = await runInProcess(['corpus', 'frames', 'us-gaap:Assets', '--period', 'CY2023Q4I', '--json'], { env });
      const rows = (JSON.parse(balance.stdout) as FramesJson).rows;
      // An instant: the balance at the calendar quarter's end nearest each company's date.
      expect(rows.map((x) => [x.ticker, x.fiscal_year, x.end])).toEqual([
        ['AAPL', null, '2023-12-30'],
        ['GOOG', null, '2023-12-31'],
        ['NVDA', null, '2024-01-28'],
      ]);
    });

    it('refuses what a frame cannot say, before any request, and a body that is not the frame asked', async () => {
      const before = edgar.log.length;
      const balance = await runInProcess(['corpus', 'frames', 'total_assets', '--years', '2023'], { env });
      expect(balance.code).toBe(2);
      expect(balance.stderr).toMatch(/total_assets is a balance: its frames are instants at a calendar quarter's end/);
      const metric = await runInProcess(['corpus', 'frames', 'operating_margin', '--years', '2023'], { env });
      expect(metric.stderr).toMatch(/operating_margin is a measure no XBRL concept carries/);
      const period = await runInProcess(['corpus', 'frames', 'revenue', '--period', 'FY2023'], { env });
      expect(period.stderr).toMatch(/--period takes a calendar period of the frames API/);
      expect(edgar.log.length).toBe(before);
      edgar.options.fault = (p) =>
        p.endsWith('/Revenues/USD/CY2021.json') ? { status: 200, body: '<html>Service unavailable</html>' } : undefined;
      try {
        const bad = await runInProcess(['corpus', 'frames', 'us-gaap:Revenues', '--period', 'CY2021'], { env });
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(/failed: .*CY2021\.json: .*the frame is not JSON/);
      } finally {
        edgar.options.fault = undefined;
      }
    });
  });
});
