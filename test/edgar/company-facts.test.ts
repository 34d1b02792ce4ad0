// `corpus pull` of EDGAR's XBRL company facts over real HTTP against a stand-in EDGAR serving the
// recorded company facts of AAPL, GOOGL and NVDA: --facts-only brings them alone (no submissions, no
// documents), a normal pull brings them with the filings, a body that is not company facts is refused
// and never cached, a later pull replaces a company's facts whole, and the counts show in `corpus
// stats` and `filings filters`. Then the series read from the index the pull wrote: NVIDIA's revenue
// over fiscal 2019-2026 (two concepts, years ending in late January) and its fourth quarter of fiscal
// 2025 derived as the year less nine months.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '../../src/engine/corpus.js';
import type { FigureRecord } from '../../src/contract/types.js';
import { factSeries } from '../../src/engine/xbrl/series.js';
import { tempDir } from '../helpers/tmp.js';
import { edgarDir, hasFixtures, needsFixtures } from './fixtures.js';
import { type Fault, type StandIn, standInEnv, startStandIn } from './stand-in.js';
import { runInProcess } from '../helpers/run-in-process.js';

const hasFacts = () => hasFixtures() && existsSync(join(edgarDir(), 'companyfacts', 'CIK0001045810.json'));
const NVDA_FACTS = '/api/xbrl/companyfacts/CIK0001045810.json';

interface PullJson {
  added: unknown[];
  failed: { ticker: string; form?: string; reason: string }[];
  warnings: { ticker: string; form: string; message: string }[];
  facts: { ticker: string; cik: string; facts: number; concepts: number; from_cache: boolean; written: string; bytes: number }[];
  facts_planned: { ticker: string; cik: string; url: string }[];
}

describe.skipIf(!hasFacts())(needsFixtures('corpus pull of company facts through a stand-in EDGAR', hasFacts()), () => {
  let edgar: StandIn;
  let env: NodeJS.ProcessEnv;
  let fault: ((path: string) => Fault | undefined) | undefined;
  const dir = tempDir('filings-facts-');
  const index = () => env.FILINGS_INDEX!;
  const cached = (path: string) =>
    join(env.XDG_CACHE_HOME!, 'filings', 'edgar', new URL(edgar.url).host.replace(':', '_'), ...path.split('/').filter(Boolean));

  beforeAll(async () => {
    edgar = await startStandIn({ fault: (p) => fault?.(p) });
    env = standInEnv(edgar, dir);
  });
  afterAll(async () => {
    await edgar?.close();
  });

  it('refuses --facts-only with options that choose filings, before any request', async () => {
    const r = await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--years', '2024', '--forms', '10-K'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--facts-only fetches no filings: --forms, --years does not apply/);
    expect(edgar.log).toHaveLength(0);
  });

  it('lists the company facts it would fetch with --dry-run, fetching none', async () => {
    const r = await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--dry-run', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as PullJson;
    expect(s.facts_planned).toEqual([{ ticker: 'NVDA', cik: '1045810', url: `${edgar.url}${NVDA_FACTS}` }]);
    expect(edgar.log.filter((l) => l.path.startsWith('/api/'))).toHaveLength(0);
  });

  it('refuses a body that is not company facts, and keeps it neither in the cache nor in the index', async () => {
    fault = (p) => (p === NVDA_FACTS ? { status: 200, body: '<html><body>Service temporarily unavailable</body></html>' } : undefined);
    const r = await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env });
    expect(r.code).toBe(2);
    const s = JSON.parse(r.stdout) as PullJson;
    expect(s.facts).toEqual([]);
    expect(s.failed).toEqual([expect.objectContaining({ ticker: 'NVDA', form: 'company facts' })]);
    expect(s.failed[0]!.reason).toMatch(/not the document asked for: the company facts file is not JSON/);
    // Cut short: the JSON does not close.
    fault = (p) => (p === NVDA_FACTS ? { cutAt: 1_000_000 } : undefined);
    const cut = JSON.parse((await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env })).stdout) as PullJson;
    expect(cut.failed[0]!.reason).toMatch(/not JSON \(cut short/);
    fault = undefined;
    expect(existsSync(cached(NVDA_FACTS))).toBe(false);
    // Nothing was written: no index was made.
    expect(existsSync(index())).toBe(false);
  });

  it("pulls NVIDIA's company facts alone with --facts-only: its facts file and nothing else", async () => {
    const before = edgar.log.length;
    const r = await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as PullJson;
    const bytes = readFileSync(join(edgarDir(), 'companyfacts', 'CIK0001045810.json')).length;
    expect(s.facts).toEqual([
      {
        ticker: 'NVDA',
        cik: '1045810',
        url: `${edgar.url}${NVDA_FACTS}`,
        facts: 26903,
        concepts: 643,
        from_cache: false,
        written: 'added',
        bytes,
      },
    ]);
    expect(s.added).toEqual([]);
    const paths = edgar.log.slice(before).map((l) => l.path);
    expect(paths.filter((p) => p.startsWith('/submissions') || p.startsWith('/Archives'))).toEqual([]);
    expect(paths).toContain(NVDA_FACTS);
    expect(existsSync(cached(NVDA_FACTS))).toBe(true);
  });

  it("reads NVIDIA's revenue of fiscal 2019-2026 from the facts: eight years ending in late January, two concepts, each cited", () => {
    const ix = openIndex(index());
    try {
      const s = factSeries(ix.db, { ticker: 'NVDA', item: 'revenue', years: [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026] });
      if ('missing' in s) throw new Error(s.missing);
      // Values and accessions as CIK0001045810.json holds them: each year's latest 10-K that reported it.
      const R = 'us-gaap:Revenues';
      const C = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
      expect(s.points.map((p) => [p.fiscalYear, p.fact?.value, p.fact?.concept, p.fact?.start, p.fact?.end, p.fact?.accession])).toEqual([
        [2019, 11_716_000_000, C, '2018-01-29', '2019-01-27', '0001045810-21-000010'],
        [2020, 10_918_000_000, R, '2019-01-28', '2020-01-26', '0001045810-22-000036'],
        [2021, 16_675_000_000, R, '2020-01-27', '2021-01-31', '0001045810-23-000017'],
        [2022, 26_914_000_000, R, '2021-02-01', '2022-01-30', '0001045810-24-000029'],
        [2023, 26_974_000_000, R, '2022-01-31', '2023-01-29', '0001045810-25-000023'],
        [2024, 60_922_000_000, R, '2023-01-30', '2024-01-28', '0001045810-26-000021'],
        [2025, 130_497_000_000, R, '2024-01-29', '2025-01-26', '0001045810-26-000021'],
        [2026, 215_938_000_000, R, '2025-01-27', '2026-01-25', '0001045810-26-000021'],
      ]);
      expect(s.concepts).toEqual([R, C]);
      for (const p of s.points) {
        expect(p.fact).toMatchObject({ unit: 'USD', form: '10-K', fiscalPeriod: 'FY', kind: 'year' });
        expect(p.fact!.end).toMatch(/^\d{4}-01-(2[5-9]|3[01])$/);
        expect(p.namedYear).toBe(p.fiscalYear);
      }
      // Every 10-K that reported fiscal 2019, oldest first; the same value in each.
      expect(s.points[0]!.reports.map((r) => [r.accession, r.value])).toEqual([
        ['0001045810-19-000023', 11_716_000_000],
        ['0001045810-20-000010', 11_716_000_000],
        ['0001045810-21-000010', 11_716_000_000],
      ]);
      expect(s.points.every((p) => !p.restated)).toBe(true);
    } finally {
      ix.close();
    }
  });

  it("derives NVIDIA's fourth quarter of fiscal 2025 as the year less its first nine months, citing both", () => {
    const ix = openIndex(index());
    try {
      const s = factSeries(ix.db, { ticker: 'NVDA', item: 'revenue', years: [2025], period: { kind: 'quarter', quarter: 4 } });
      if ('missing' in s) throw new Error(s.missing);
      const p = s.points[0]!;
      expect(p.fact).toBeUndefined();
      expect(p.derived).toMatchObject({
        value: 130_497_000_000 - 91_166_000_000,
        how: 'the year less the first nine months',
        start: '2024-10-28',
        end: '2025-01-26',
        fiscalYear: 2025,
        fiscalPeriod: 'Q4',
      });
      expect(p.derived!.inputs.map((i) => [i.sign, i.fact.value, i.fact.start, i.fact.end, i.fact.accession, i.fact.form])).toEqual([
        [1, 130_497_000_000, '2024-01-29', '2025-01-26', '0001045810-26-000021', '10-K'],
        [-1, 91_166_000_000, '2024-01-29', '2024-10-27', '0001045810-25-000230', '10-Q'],
      ]);
    } finally {
      ix.close();
    }
  });

  it('filings figures NVDA --measure revenue --years 2019-2026 --csv: eight fiscal years from the facts, each with its accession and concept', async () => {
    const r = await runInProcess(['figures', 'NVDA', '--measure', 'revenue', '--years', '2019-2026', '--csv'], { env });
    expect(r.code, r.stderr).toBe(0);
    const [head, ...lines] = r.stdout.trim().split('\n');
    const cols = head!.split(',');
    const rows = lines.map((l) => Object.fromEntries(l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((v, i) => [cols[i], v])));
    expect(rows.map((x) => [x.fiscal_year, x.period, x.period_end, x.value, x.status, x.accession, x.concept])).toEqual([
      [
        '2019',
        'FY',
        '2019-01-27',
        '11716000000',
        'fact',
        '0001045810-21-000010',
        'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      ],
      ['2020', 'FY', '2020-01-26', '10918000000', 'fact', '0001045810-22-000036', 'us-gaap:Revenues'],
      ['2021', 'FY', '2021-01-31', '16675000000', 'fact', '0001045810-23-000017', 'us-gaap:Revenues'],
      ['2022', 'FY', '2022-01-30', '26914000000', 'fact', '0001045810-24-000029', 'us-gaap:Revenues'],
      ['2023', 'FY', '2023-01-29', '26974000000', 'fact', '0001045810-25-000023', 'us-gaap:Revenues'],
      ['2024', 'FY', '2024-01-28', '60922000000', 'fact', '0001045810-26-000021', 'us-gaap:Revenues'],
      ['2025', 'FY', '2025-01-26', '130497000000', 'fact', '0001045810-26-000021', 'us-gaap:Revenues'],
      ['2026', 'FY', '2026-01-25', '215938000000', 'fact', '0001045810-26-000021', 'us-gaap:Revenues'],
    ]);
  });

  it("answers NVIDIA's fourth quarter of fiscal 2025 from the facts, as the year less nine months, each input cited by accession", async () => {
    const r = await runInProcess(['query', "What was NVIDIA's revenue in the fourth quarter of fiscal 2025?", '--json', '--answer'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout) as { answer: { text: string }; analysis: { figures: FigureRecord[] } };
    expect(res.answer.text).toMatch(
      /^Nvidia \(NVDA\) revenue for the fourth quarter of fiscal 2025: \$39,331 million, fiscal 2025 \(\$130,497 million, the XBRL company fact us-gaap:Revenues of the 10-K filed 2026-02-25, accession 0001045810-26-000021\) less the first nine months of fiscal 2025 \(\$91,166 million, the XBRL company fact us-gaap:Revenues of the 10-Q filed 2025-11-19, accession 0001045810-25-000230\)/,
    );
    const byId = new Map(res.analysis.figures.map((f) => [f.id, f]));
    const q4 = res.analysis.figures.find((f) => f.fiscal_period === 'Q4')!;
    expect(q4).toMatchObject({ value: 39_331_000_000, status: 'derived', operation: 'period', cik: '1045810' });
    expect(q4.inputs!.map((id) => [byId.get(id)!.status, byId.get(id)!.fiscal_period, byId.get(id)!.source?.accession])).toEqual([
      ['fact', 'FY', '0001045810-26-000021'],
      ['fact', '9M', '0001045810-25-000230'],
    ]);
  });

  it("does not write the same facts again, and replaces a company's facts whole when they change", async () => {
    const again = JSON.parse((await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env })).stdout) as PullJson;
    expect(again.facts).toMatchObject([{ cik: '1045810', from_cache: true, written: 'unchanged', facts: 26903 }]);
    // EDGAR's file a day later: fiscal 2026's revenue restated, and one concept gone.
    const raw = JSON.parse(readFileSync(join(edgarDir(), 'companyfacts', 'CIK0001045810.json'), 'utf8')) as {
      facts: Record<string, Record<string, { units: Record<string, { end: string; val: number; start?: string }[]> }>>;
    };
    for (const f of raw.facts['us-gaap']!.Revenues!.units.USD!)
      if (f.start === '2025-01-27' && f.end === '2026-01-25') f.val = 216_000_000_000;
    delete raw.facts['us-gaap']!.RevenueFromContractWithCustomerExcludingAssessedTax;
    edgar.options.extra = new Map([[NVDA_FACTS, Buffer.from(JSON.stringify(raw))]]);
    try {
      // The cached file is fresh for a day: a new cache directory stands for the next day.
      const next = { ...env, XDG_CACHE_HOME: tempDir('filings-facts-cache-') };
      const r = JSON.parse((await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env: next })).stdout) as PullJson;
      expect(r.facts).toMatchObject([{ cik: '1045810', written: 'replaced', from_cache: false }]);
      const ix = openIndex(index());
      try {
        const s = factSeries(ix.db, { ticker: 'NVDA', item: 'revenue', years: [2019, 2026] });
        if ('missing' in s) throw new Error(s.missing);
        expect(s.points[1]!.fact!.value).toBe(216_000_000_000);
        expect(s.points[0]!.missing).toMatch(/no revenue fact for the year of fiscal 2019/);
        expect(r.facts[0]!.facts).toBe(
          ix.db.prepare('SELECT SUM(facts) AS n FROM fact_blocks WHERE cik = 1045810').pluck().get() as number,
        );
      } finally {
        ix.close();
      }
    } finally {
      edgar.options.extra = undefined;
    }
    // EDGAR's own file again.
    const back = JSON.parse(
      (
        await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], {
          env: { ...env, XDG_CACHE_HOME: tempDir('filings-facts-cache-') },
        })
      ).stdout,
    ) as PullJson;
    expect(back.facts).toMatchObject([{ written: 'replaced', facts: 26903 }]);
  });

  it.each<[string, (facts: Record<string, unknown>) => void, RegExp]>([
    [
      'a value no figure could be',
      (facts) => {
        (facts['us-gaap'] as Record<string, { units: { USD: { val: number }[] } }>).Revenues!.units.USD[0]!.val = 1e308;
      },
      /not a company facts file: concept us-gaap:Revenues in USD, fact 1, "val": value 1e\+308 is beyond any USD figure/,
    ],
    [
      'a taxonomy that is an array',
      (facts) => {
        facts['us-gaap'] = Object.values(facts['us-gaap'] as object).slice(0, 3);
      },
      /not a company facts file: taxonomy "us-gaap": expected an object of concepts, got an array/,
    ],
  ])('refuses a file holding %s whole, saying where: the index keeps the facts it had, the cache nothing', async (_, spoil, why) => {
    const raw = JSON.parse(readFileSync(join(edgarDir(), 'companyfacts', 'CIK0001045810.json'), 'utf8')) as {
      facts: Record<string, unknown>;
    };
    spoil(raw.facts);
    edgar.options.extra = new Map([[NVDA_FACTS, Buffer.from(JSON.stringify(raw))]]);
    const held = () => {
      const ix = openIndex(index());
      try {
        return ix.db.prepare('SELECT facts, source_sha256 FROM fact_companies WHERE cik = 1045810').get();
      } finally {
        ix.close();
      }
    };
    const before = held();
    try {
      const next = { ...env, XDG_CACHE_HOME: tempDir('filings-facts-cache-') };
      const r = await runInProcess(['corpus', 'pull', 'NVDA', '--facts-only', '--json'], { env: next });
      expect(r.code).toBe(2);
      const s = JSON.parse(r.stdout) as PullJson;
      expect(s.facts).toEqual([]);
      expect(s.failed).toEqual([expect.objectContaining({ ticker: 'NVDA', form: 'company facts', reason: expect.stringMatching(why) })]);
      expect(held()).toEqual(before);
      expect(before).toMatchObject({ facts: 26903 });
      expect(existsSync(join(next.XDG_CACHE_HOME, 'filings', 'edgar', new URL(edgar.url).host.replace(':', '_'), 'api'))).toBe(false);
    } finally {
      edgar.options.extra = undefined;
    }
  });

  it('counts the facts in corpus stats and filings filters', async () => {
    await runInProcess(['corpus', 'pull', 'AAPL', 'GOOGL', '--facts-only'], { env });
    const stats = await runInProcess(['corpus', 'stats'], { env });
    expect(stats.stdout).toMatch(/^Company facts +71,806 facts of 3 companies$/m);
    const json = JSON.parse((await runInProcess(['corpus', 'stats', '--json'], { env })).stdout) as { companyFacts: unknown };
    expect(json.companyFacts).toEqual({ companies: 3, facts: 24579 + 26903 + 20324 });
    const filters = await runInProcess(['filters'], { env });
    expect(filters.code, filters.stderr).toBe(0);
    expect(filters.stdout).toContain('Company facts: 71,806 facts of 3 companies');
  });

  it('brings the facts with a pull of filings; a company EDGAR has none for is a warning there, a failure with --facts-only', async () => {
    // TSLA's submissions are recorded, its company facts are not (EDGAR would answer 404).
    const r = await runInProcess(['corpus', 'pull', '--json', 'TSLA', '--forms', '10-K', '--years', '2030'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as PullJson;
    expect(s.warnings).toEqual([
      {
        ticker: 'TSLA',
        form: 'company facts',
        message: 'EDGAR has no company facts for TSLA (CIK 1318605): it tagged no XBRL financial data',
      },
    ]);
    expect(r.stderr).toContain('warning: TSLA company facts: EDGAR has no company facts for TSLA');
    const only = await runInProcess(['corpus', 'pull', '--json', 'TSLA', '--facts-only'], { env });
    expect(only.code).toBe(2);
    expect((JSON.parse(only.stdout) as PullJson).failed).toEqual([
      {
        ticker: 'TSLA',
        form: 'company facts',
        reason: 'EDGAR has no company facts for TSLA (CIK 1318605): it tagged no XBRL financial data',
      },
    ]);
    const before = edgar.log.length;
    const a = await runInProcess(['corpus', 'pull', '--json', 'AAPL', '--forms', '10-K', '--years', '2024'], { env });
    expect(a.code, a.stderr).toBe(0);
    const sa = JSON.parse(a.stdout) as PullJson & { added: { accession: string }[] };
    expect(sa.added).toMatchObject([{ accession: '0000320193-24-000123' }]);
    expect(sa.facts).toMatchObject([{ ticker: 'AAPL', cik: '320193', facts: 24579, written: 'unchanged' }]);
    // Company facts first, then the submissions and the filing.
    const paths = edgar.log.slice(before).map((l) => l.path);
    expect(paths.findIndex((p) => p.includes('companyfacts'))).toBeLessThan(paths.findIndex((p) => p.startsWith('/Archives')));
  });

  it("removes a ticker's company facts with its filings", async () => {
    const g = await runInProcess(['corpus', 'remove', 'GOOGL'], { env });
    expect(g.code, g.stderr).toBe(0);
    expect(g.stdout).toBe('Removed 0 filing(s); its company facts (20,324)\n');
    const a = await runInProcess(['corpus', 'remove', 'AAPL', '--json'], { env });
    expect(JSON.parse(a.stdout)).toEqual({ removed: ['0000320193-24-000123'], company_facts: 24579 });
    const stats = JSON.parse((await runInProcess(['corpus', 'stats', '--json'], { env })).stdout) as { companyFacts: unknown };
    expect(stats.companyFacts).toEqual({ companies: 1, facts: 26903 });
    const none = await runInProcess(['corpus', 'remove', 'GOOGL'], { env });
    expect(none.code).toBe(4);
  });
});
