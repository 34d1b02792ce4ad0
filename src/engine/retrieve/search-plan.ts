// Which full-text shards a search reads, and which statement ranges inside each. Each shard holding
// part of the scope is searched once (FTS5's bm25() counts every phrase over the shard it reads, so
// one pass per shard, not per range); within it the scope's ranges are one `rowid BETWEEN` (the hull)
// plus, when there are several, a per-row check of which range a row falls in.
// A scope of named companies is searched whole (every year of a trend). Any other scope (a sector, no
// filter) is searched newest fiscal year first until IN_SCOPE_BUDGET statements in scope, or shards
// of SHARD_BUDGET statements, have been read: a search pays for every shard it reads, so the cost of
// a broad question stays that of an index of a few hundred filings, and the response says what it
// left out.
import type { FilingRow } from '../index/types.js';
import type { ShardRow } from '../index/shards.js';
import { byText } from '../text/compare.js';

/** Statements in scope after which a broad search stops (about the sample's size). */
export const IN_SCOPE_BUDGET = 600_000;
/** Statements of shards a broad search reads at most (two full shards; always at least one). */
export const SHARD_BUDGET = 1_200_000;

export interface ShardPass {
  shard: number;
  /** The hull of the ranges below. */
  lo: number;
  hi: number;
  /** Disjoint, sorted ranges of the scope inside this shard, and the scope range each belongs to. */
  ranges: [number, number][];
  parts: number[];
}

export interface SearchPlan {
  passes: ShardPass[];
  /** Filings in scope, and those the plan reads (fewer when the scope was too broad to read whole). */
  scopeFilings: number;
  searchedFilings: number;
  /** Fiscal years read when the plan left filings out. */
  years?: string[];
}

const WHOLE: [number, number] = [0, Number.MAX_SAFE_INTEGER];

/**
 * `ranges`: the scope's merged statement ranges (null: everything); `filings`: the filings in scope
 * (each knows its shard); `whole`: read every shard (the scope names companies). Ranges are cut at
 * filing bounds and grouped by the shard of their filing.
 */
export function planSearch(ranges: [number, number][] | null, filings: FilingRow[], shards: ShardRow[], whole = false): SearchPlan {
  const byShard = new Map<number, { pieces: [number, number, number][]; filings: number; statements: number }>();
  const entry = (shard: number) => byShard.get(shard) ?? byShard.set(shard, { pieces: [], filings: 0, statements: 0 }).get(shard)!;
  for (const f of filings) {
    const e = entry(f.shard);
    const before = e.pieces.length;
    if (ranges === null) e.pieces.push([f.first_statement, f.last_statement, 0]);
    else for (const [a, b, part] of overlaps(ranges, f.first_statement, f.last_statement)) e.pieces.push([a, b, part]);
    if (e.pieces.length > before) {
      e.filings++;
      for (let i = before; i < e.pieces.length; i++) e.statements += e.pieces[i]![1] - e.pieces[i]![0] + 1;
    }
  }
  const year = new Map(shards.map((s) => [s.id, s.year]));
  const size = new Map(shards.map((s) => [s.id, s.statements]));
  // Newest fiscal year first, then the newest shard of a year.
  const order = [...byShard.keys()]
    .filter((s) => byShard.get(s)!.filings > 0)
    .sort((x, y) => byText(year.get(y) ?? '', year.get(x) ?? '') || y - x);
  let chosen = order;
  if (!whole) {
    chosen = [];
    let read = 0;
    let shardRead = 0;
    for (const s of order) {
      if (chosen.length > 0 && (read >= IN_SCOPE_BUDGET || shardRead + (size.get(s) ?? 0) > SHARD_BUDGET)) break;
      chosen.push(s);
      read += byShard.get(s)!.statements;
      shardRead += size.get(s) ?? 0;
    }
  }
  const passes = chosen.map((shard) => {
    const { pieces } = byShard.get(shard)!;
    const merged = ranges === null ? [WHOLE] : mergePieces(pieces);
    return {
      shard,
      lo: merged[0]![0],
      hi: merged[merged.length - 1]![1],
      ranges: merged.map((m) => [m[0], m[1]] as [number, number]),
      parts: merged.map((m) => m[2] ?? 0),
    };
  });
  const scopeFilings = order.reduce((n, s) => n + byShard.get(s)!.filings, 0);
  const searchedFilings = chosen.reduce((n, s) => n + byShard.get(s)!.filings, 0);
  const plan: SearchPlan = { passes, scopeFilings, searchedFilings };
  if (chosen.length < order.length) plan.years = [...new Set(chosen.map((s) => year.get(s) ?? ''))];
  return plan;
}

/** Parts of the sorted, disjoint `ranges` inside [a, b], each with its range's index. */
function overlaps(ranges: [number, number][], a: number, b: number): [number, number, number][] {
  let lo = 0;
  let hi = ranges.length - 1;
  // The first range ending at or after a.
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (ranges[m]![1] < a) lo = m + 1;
    else hi = m;
  }
  const out: [number, number, number][] = [];
  for (let i = lo; i < ranges.length && ranges[i]![0] <= b; i++) {
    const [x, y] = ranges[i]!;
    if (y >= a) out.push([Math.max(x, a), Math.min(y, b), i]);
  }
  return out;
}

/** Sorts pieces and joins adjacent ones of the same scope range. */
function mergePieces(pieces: [number, number, number][]): [number, number, number][] {
  const sorted = [...pieces].sort((x, y) => x[0] - y[0]);
  const out: [number, number, number][] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && last[2] === p[2] && p[0] <= last[1] + 1) last[1] = Math.max(last[1], p[1]);
    else out.push([...p]);
  }
  return out;
}

/** Which of a pass's ranges a statement id falls in (-1: none): the per-row scope check. */
export function partOf(pass: ShardPass, id: number): number {
  const r = pass.ranges;
  let lo = 0;
  let hi = r.length - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (r[m]![0] <= id) lo = m + 1;
    else hi = m - 1;
  }
  return hi >= 0 && id <= r[hi]![1] ? pass.parts[hi]! : -1;
}
