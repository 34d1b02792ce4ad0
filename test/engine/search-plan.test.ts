// Which shards a search reads and which ranges inside each (retrieve/search-plan.ts).
import { describe, expect, it } from 'vitest';
import type { ShardRow } from '../../src/engine/index/shards.js';
import type { FilingRow } from '../../src/engine/index/types.js';
import { IN_SCOPE_BUDGET, partOf, planSearch, SHARD_BUDGET } from '../../src/engine/retrieve/search-plan.js';

const filing = (id: number, shard: number, first: number, last: number) =>
  ({ id, shard, first_statement: first, last_statement: last }) as FilingRow;

describe('planSearch', () => {
  const shards: ShardRow[] = [
    { id: 1, year: 'FY-2021', statements: 300, filings: 2 },
    { id: 2, year: 'FY-2022', statements: 200, filings: 1 },
  ];
  // Filings 1 and 3 (FY-2021) sit either side of filing 2 (FY-2022) in id order.
  const filings = [filing(1, 1, 1, 100), filing(2, 2, 101, 300), filing(3, 1, 301, 500)];

  it('searches each shard once, with the scope ranges that fall in it', () => {
    // One merged scope range over all three filings: cut at filing bounds, grouped by shard.
    const plan = planSearch([[1, 500]], filings, shards, true);
    expect(plan.passes.map((p) => ({ shard: p.shard, lo: p.lo, hi: p.hi, ranges: p.ranges }))).toEqual([
      { shard: 2, lo: 101, hi: 300, ranges: [[101, 300]] },
      {
        shard: 1,
        lo: 1,
        hi: 500,
        ranges: [
          [1, 100],
          [301, 500],
        ],
      },
    ]);
    expect(plan).toMatchObject({ scopeFilings: 3, searchedFilings: 3 });
    expect(plan.years).toBeUndefined();
  });

  it('keeps which scope range a piece came from, for per-range limits', () => {
    const plan = planSearch(
      [
        [50, 120],
        [400, 450],
      ],
      filings,
      shards,
    );
    const s1 = plan.passes.find((p) => p.shard === 1)!;
    expect(s1.ranges).toEqual([
      [50, 100],
      [400, 450],
    ]);
    expect(s1.parts).toEqual([0, 1]);
    expect(plan.passes.find((p) => p.shard === 2)!.ranges).toEqual([[101, 120]]);
    expect([partOf(s1, 49), partOf(s1, 50), partOf(s1, 100), partOf(s1, 101), partOf(s1, 420), partOf(s1, 451)]).toEqual([
      -1, 0, 0, -1, 1, -1,
    ]);
  });

  it('reads no shard the scope does not reach', () => {
    const plan = planSearch([[120, 130]], filings, shards);
    expect(plan.passes.map((p) => p.shard)).toEqual([2]);
  });

  it('searches a scope too broad to read whole newest fiscal year first, and says what it left out', () => {
    const big = Math.ceil(IN_SCOPE_BUDGET / 2) + 1;
    const years: ShardRow[] = ['FY-2019', 'FY-2020', 'FY-2021', 'FY-2022'].map((year, i) => ({
      id: i + 1,
      year,
      statements: big,
      filings: 1,
    }));
    const wide = years.map((s, i) => filing(i + 1, s.id, i * big + 1, (i + 1) * big));
    const plan = planSearch(null, wide, years);
    // Two shards hold more than the budget in scope: the two newest years, and no more.
    expect(plan.passes.map((p) => p.shard)).toEqual([4, 3]);
    expect(plan).toMatchObject({ scopeFilings: 4, searchedFilings: 2, years: ['FY-2022', 'FY-2021'] });
    // No filter: the whole of each shard, no per-row check.
    expect(plan.passes[0]!.ranges).toHaveLength(1);
  });

  it('reads every shard of a scope that names companies (a trend over all their years)', () => {
    const years: ShardRow[] = ['FY-2019', 'FY-2020', 'FY-2021', 'FY-2022'].map((year, i) => ({
      id: i + 1,
      year,
      statements: SHARD_BUDGET,
      filings: 100,
    }));
    const one = years.map((s, i) => filing(i + 1, s.id, i * SHARD_BUDGET + 1, i * SHARD_BUDGET + 3000));
    const ranges = one.map((f) => [f.first_statement, f.last_statement] as [number, number]);
    expect(planSearch(ranges, one, years, true).passes).toHaveLength(4);
    expect(planSearch(ranges, one, years, false).passes.map((p) => p.shard)).toEqual([4]);
  });

  it('stops at the shard budget when little of each shard is in scope (a sector)', () => {
    const per = Math.floor(SHARD_BUDGET / 2);
    const years: ShardRow[] = ['FY-2019', 'FY-2020', 'FY-2021', 'FY-2022'].map((year, i) => ({
      id: i + 1,
      year,
      statements: per,
      filings: 100,
    }));
    // In each shard, one filing in scope holding a third of the in-scope budget.
    const size = Math.ceil(IN_SCOPE_BUDGET / 3);
    const scoped = years.map((s, i) => filing(i + 1, s.id, i * per + 1, i * per + size));
    const plan = planSearch(
      scoped.map((f) => [f.first_statement, f.last_statement] as [number, number]),
      scoped,
      years,
    );
    expect(plan.passes.map((p) => p.shard)).toEqual([4, 3]);
    expect(plan.years).toEqual(['FY-2022', 'FY-2021']);
  });
});
