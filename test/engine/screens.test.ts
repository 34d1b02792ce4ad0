// Screens (issue 43): a set's members (a sector, a sub-industry, a company's peers, the whole index)
// each answered by the figure path of its single question, in one grid; a ranking over the members
// stated with the others named; a figure spec's set (`filings figures --sector`); the bound of a screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { GridPayloadSchema } from '../../src/contract/figure-schemas.js';
import type { FigureRecord, ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(() => backend?.close());

const ask = (query: string) =>
  backend.query({ query, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true, analysis: true } });

/** The ranking as [ticker, value] (millions for money, percent points for rates), and the unranked. */
function ranking(r: ResearchResponse) {
  const byId = new Map((r.analysis?.figures ?? []).map((f) => [f.id, f]));
  const k = r.analysis!.grid!.rankings![0]!;
  const v = (f: FigureRecord) => Math.round((f.unit === 'USD' ? f.value / 1e6 : f.value) * 10) / 10;
  return { ranked: k.ranked.map((e) => [e.ticker, v(byId.get(e.figure)!)]), missing: k.missing.map((m) => m.ticker), top: k.top };
}

describe("the issue's three questions", () => {
  it('ranks the consumer discretionary companies by revenue for fiscal 2023, MGM named as not held', async () => {
    const r = await ask('Rank the consumer discretionary companies by revenue for fiscal 2023');
    expect(ranking(r)).toEqual({
      ranked: [
        ['NKE', 51217],
        ['BBY', 46298],
        ['SBUX', 35975.6],
        ['DHI', 35460.4],
        ['AZO', 17457.2],
        ['ULTA', 10208.6],
      ],
      missing: ['MGM'],
      top: undefined,
    });
    const grid = r.analysis!.grid!;
    expect(GridPayloadSchema.safeParse(grid).success).toBe(true);
    expect(grid.set).toMatchObject({ kind: 'sector', names: ['Consumer Discretionary'] });
    // Every member a row, in the ranking's order; MGM's cell says why it is empty.
    expect(grid.companies.map((c) => c.ticker)).toEqual(['NKE', 'BBY', 'SBUX', 'DHI', 'AZO', 'ULTA', 'MGM']);
    expect(grid.cells.find((c) => c.ticker === 'MGM')).toMatchObject({ figure: null, reason_code: 'not_held' });
    expect(r.answer!.text).toMatch(
      /^Revenue of the Consumer Discretionary companies for fiscal 2023, highest first \(6 of 7 members stated\):/,
    );
    expect(r.answer!.text).toMatch(/^1\. Nike \(NKE\): \$51,217 million \[[A-Z]\]$/m);
    expect(r.answer!.text).toMatch(/^Not ranked, their figures not stated: MGM Resorts \(MGM\)\.$/m);
  });

  it('names the health care company with the highest gross margin in fiscal 2023 (each margin from its own inputs)', async () => {
    const r = await ask('Which health care company had the highest gross margin in fiscal 2023?');
    const k = ranking(r);
    expect(k.ranked).toEqual([
      ['COO', 65.6],
      ['BDX', 42.2],
      ['COR', 3.4],
    ]);
    // Agilent prints no cost of revenue row the lexicon reads, and its life sciences segment's printed
    // "Total gross margin" (60.2%) is no figure of the company: not stated, named.
    expect(k.missing).toEqual(['A', 'JNJ', 'PFE']);
    expect(r.analysis!.figures!.some((f) => f.ticker === 'A' && f.unit === 'percent')).toBe(false);
    // Each margin is derived from the member's own revenue and cost of revenue.
    const bdx = r.analysis!.figures!.find((f) => f.ticker === 'BDX' && f.unit === 'percent')!;
    expect(bdx.status).toBe('derived');
    expect(bdx.inputs?.map((id) => r.analysis!.figures!.find((f) => f.id === id)!.ticker)).toEqual(['BDX', 'BDX']);
  });

  it("ranks software companies' operating margin in fiscal 2023, highest first, never reading the order as the measure", async () => {
    const r = await ask("Software companies' operating margin in fiscal 2023, highest first");
    expect(ranking(r).ranked.map(([t]) => t)).toEqual(['FICO', 'MSFT', 'PTC', 'SNPS']);
    expect(r.analysis!.grid!.set).toMatchObject({ kind: 'sub_industry', names: ['Application Software', 'Systems Software'] });
  });
});

describe('screens', () => {
  it('a top N ranks the first N over every member stated, each member a cell of the grid', async () => {
    const r = await ask('What were the top 3 information technology companies by revenue in fiscal 2023?');
    const k = ranking(r);
    expect(k.top).toBe(3);
    expect(k.ranked).toEqual([
      ['AAPL', 383285],
      ['MSFT', 211915],
      ['ACN', 64111.7],
    ]);
    expect(r.analysis!.grid!.companies).toHaveLength(19);
    expect(r.analysis!.grid!.cells.filter((c) => c.figure)).toHaveLength(19);
  });

  it("a company's peers: its sub-industry, itself included", async () => {
    const r = await ask("Rank Qualcomm's peers by operating income in fiscal 2022");
    expect(ranking(r).ranked.map(([t]) => t)).toEqual(['QCOM', 'AVGO', 'MU', 'ADI', 'SWKS', 'AMD']);
  });

  it('a named list still ranks only when every company named is stated', async () => {
    const r = await ask('Who leads in 2022 revenue: Boeing, Lockheed Martin or Raytheon?');
    const k = r.analysis!.grid!.rankings![0]!;
    expect(k.ranked).toEqual([]);
    expect(r.analysis!.grid!.set).toBeUndefined();
  });

  it('a set the index holds no company of for the year says so', async () => {
    const r = await ask('Rank the energy companies by revenue in fiscal 2022');
    expect(r.analysis!.grid!.companies).toEqual([]);
    expect(r.answer!.text).toBe('No company of Energy (sector) in the index reports fiscal 2022.');
  });

  it('a computed growth ranks each member by its own two years', async () => {
    const r = await ask('Which consumer discretionary company grew revenue the fastest in fiscal 2023?');
    expect(ranking(r).ranked.map(([t]) => t)).toEqual(['ULTA', 'SBUX', 'NKE', 'AZO', 'DHI', 'BBY']);
  });
});

describe("a member's figure is its spec's", () => {
  it('every member of the whole index states what filings figures TICKER states, or both decline', async () => {
    const r = await ask('Which S&P 500 company had the highest revenue in fiscal 2022?');
    const grid = r.analysis!.grid!;
    const byId = new Map(r.analysis!.figures!.map((f) => [f.id, f]));
    expect(grid.companies.length).toBeGreaterThanOrEqual(60);
    for (const c of grid.cells) {
      const spec = await backend.figures!({ tickers: [c.ticker], measures: ['revenue'], years: [2022] });
      const own = spec.analysis!.grid!.cells[0]!;
      const ownValue = own.figure ? spec.analysis!.figures!.find((f) => f.id === own.figure)!.value : null;
      expect(c.figure ? byId.get(c.figure)!.value : null, c.ticker).toBe(ownValue);
    }
  }, 60_000);
});

describe('a figure spec of a set (filings figures --sector)', () => {
  it("the sector's members for the year, ranked on asking; a member without the year's report named", async () => {
    const r = await backend.figures!({
      tickers: [],
      set: { kind: 'sector', name: 'consumer discretionary' },
      measures: ['revenue'],
      years: [2023],
      rank: 'desc',
    });
    expect(r.analysis!.grid!.companies.map((c) => c.ticker)).toEqual(['NKE', 'BBY', 'SBUX', 'DHI', 'AZO', 'ULTA', 'MGM']);
    // FL (8-Ks only) and AMZN (fiscal 2017 and 2019) are no members of fiscal 2023.
    expect(r.analysis!.grid!.set).toMatchObject({ kind: 'sector', names: ['Consumer Discretionary'] });
  });

  it('an unknown sector is a validation error with the closest names', async () => {
    await expect(
      backend.figures!({ tickers: [], set: { kind: 'sector', name: 'Healthcare stuff' }, measures: ['revenue'] }),
    ).rejects.toThrow(/"Healthcare stuff" is no GICS sector \(closest: .*Health Care/);
  });

  it('a screen is one measure of one year of each member: more, within what one answer looks for', async () => {
    await expect(
      backend.figures!({ tickers: [], set: { kind: 'index' }, measures: ['revenue', 'net_income'], years: [2021, 2022, 2023] }),
    ).rejects.toThrow(/the set has \d+ members: [\d,]+ figures .* over the 100 one answer looks for/);
    const all = await backend.figures!({ tickers: [], set: { kind: 'index' }, measures: ['revenue'], years: [2022], rank: 'desc', top: 1 });
    expect(all.analysis!.grid!.companies.length).toBeGreaterThanOrEqual(60);
    expect(all.analysis!.grid!.rankings![0]!.ranked.map((e) => e.ticker)).toEqual(['AAPL']);
  });
});
