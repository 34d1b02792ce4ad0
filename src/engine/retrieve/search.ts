// The one owner of the index's search SQL. BM25 over statements with the scope applied inside FTS5
// (rowid ranges, one pass per shard: search-plan.ts), AND first then OR when AND finds too little, then
// re-ranking by what the question asks for; and the line-item look-up in row labels. FTS5 ranks and
// cuts to the best few first; only those are read from the statement blocks.
import type Database from 'better-sqlite3';
import type { StatementType } from '../tables/model.js';
import type { IndexHandle } from '../index/open.js';
import { ftsTable } from '../index/shards.js';
import type { StatementRow } from '../index/types.js';
import { labelScore } from '../lexicon/match.js';
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { stem, words } from '../text/words.js';
import type { QueryAnalysis } from './analysis.js';
import { ftsExpression, labelExpression, looseExpression, termGroups } from './query-terms.js';
import type { Scope } from './scope.js';
import { partOf, planSearch, type SearchPlan, type ShardPass } from './search-plan.js';
import type { Ranking } from './weights.js';
import { RETRIEVAL_TUNING } from './tuning.js';

export interface Hit {
  row: StatementRow;
  /** -bm25: larger is better. */
  bm25: number;
  /** Share of the question's term groups the statement matches (0..1). */
  coverage: number;
  score: number;
  itemTag: string;
  /** For rows: the table's statement type and caption. */
  statement: StatementType | null;
  caption: string | null;
}

export interface SearchOptions {
  /** Candidates taken from FTS5 per range and per pass. */
  perRange: number;
  /** Candidates kept in all. */
  total: number;
  /** Below this many AND hits, an OR pass follows. */
  andMinimum: number;
}

type Row = StatementRow & { bm: number; statement: StatementType | null; caption: string | null };

const MANY_RANGES = RETRIEVAL_TUNING.search.manyRanges;

/** Where to search: statement id ranges (null: everywhere), the filings in scope (with their shards),
 * and the filters applied (a scope naming companies is read whole). */
export type SearchScope = Pick<Scope, 'ranges' | 'filings'> & Partial<Pick<Scope, 'applied'>>;

/** What the last search left out of a scope too broad to read whole (search-plan.ts). */
export interface Coverage {
  scopeFilings: number;
  searchedFilings: number;
  years: string[];
}

/** The per-row scope check, one SQL function per connection whatever the number of searchers. */
const partFns = new WeakMap<Database.Database, { pass: ShardPass | undefined; lastId: number; lastPart: number }>();
function scopeFunction(db: Database.Database) {
  let state = partFns.get(db);
  if (!state) {
    const s = { pass: undefined as ShardPass | undefined, lastId: -1, lastPart: -1 };
    // Called twice per row (WHERE and the select list): the second call is the memo's.
    db.function('scope_part', (id: unknown) => {
      const n = Number(id);
      if (n !== s.lastId) {
        s.lastId = n;
        s.lastPart = s.pass ? partOf(s.pass, n) : -1;
      }
      return s.lastPart;
    });
    partFns.set(db, (state = s));
  }
  return state;
}

export class Searcher {
  private readonly tagCache = new Map<number, string>();
  private tagsOf: Database.Statement | undefined;
  /** Single-range searches of the current request (beginRequest empties it). */
  private readonly memo = new Map<string, { id: number; bm: number; part: number }[]>();
  private readonly stmts = new Map<string, Database.Statement>();
  private readonly plans = new WeakMap<SearchScope, SearchPlan>();
  private readonly scope;
  private readonly bm: string;
  /** Set by search() when the scope was too broad to read whole; undefined otherwise. */
  coverage: Coverage | undefined;

  constructor(
    private readonly index: IndexHandle,
    private readonly ranking: Ranking,
  ) {
    this.scope = scopeFunction(index.db);
    this.bm = `${ranking.bm25Body}, ${ranking.bm25Context}, ${ranking.bm25Body}`;
  }

  /** The statements of shard `s` of one kind, prepared once. */
  private sql(kind: 'top' | 'part' | 'ids', s: number): Database.Statement {
    const key = `${kind}:${s}`;
    let st = this.stmts.get(key);
    if (!st) {
      const t = ftsTable(s);
      const bm = `bm25(${t}, ${this.bm})`;
      const where = `${t} MATCH ? AND ${t}.rowid BETWEEN ? AND ?`;
      const sql = {
        // One range, or the best of several ranges pooled (the flag asks for the per-row check).
        top: `SELECT rowid AS id, ${bm} AS bm, 0 AS part FROM ${t} WHERE ${where} AND (? = 0 OR scope_part(rowid) >= 0) ORDER BY bm LIMIT ?`,
        // The best `limit` of each range: one pass (one count of every phrase), ranked per range.
        part: `SELECT id, bm, part FROM (SELECT id, bm, part, row_number() OVER (PARTITION BY part ORDER BY bm) AS n
          FROM (SELECT rowid AS id, ${bm} AS bm, scope_part(rowid) AS part FROM ${t} WHERE ${where} AND scope_part(rowid) >= 0)) WHERE n <= ?`,
        ids: `SELECT rowid AS id FROM ${t} WHERE ${where} ORDER BY ${bm} LIMIT ?`,
      }[kind];
      st = this.index.db.prepare(sql);
      this.stmts.set(key, st);
    }
    return st;
  }

  /** A new request: searches are memoized within one only. */
  beginRequest(): void {
    this.memo.clear();
  }

  itemTag(sectionId: number): string {
    let t = this.tagCache.get(sectionId);
    if (t === undefined) {
      t = this.index.section(sectionId)?.item_tag ?? '';
      this.tagCache.set(sectionId, t);
    }
    return t;
  }

  private plan(scope: SearchScope): SearchPlan {
    let p = this.plans.get(scope);
    if (!p)
      this.plans.set(scope, (p = planSearch(scope.ranges, scope.filings, this.index.shards(), scope.applied?.sec_ticker !== undefined)));
    return p;
  }

  /** The statements matching `expr` in scope, best first by BM25: each range's best `limit` (a few
   * ranges), or the best `limit x 4` of all (many ranges), or the best `limit` (no filter). */
  private run(expr: string, scope: SearchScope, limit: number): Row[] {
    const plan = this.plan(scope);
    const n = scope.ranges?.length ?? 1;
    const perPart = scope.ranges !== null && n > 1 && n <= MANY_RANGES;
    const pooled = scope.ranges === null ? limit : n > MANY_RANGES ? limit * RETRIEVAL_TUNING.search.pool : limit;
    const found: { id: number; bm: number; part: number }[] = [];
    for (const pass of plan.passes) {
      this.scope.pass = pass;
      this.scope.lastId = -1;
      const check = pass.ranges.length > 1 ? 1 : 0;
      let rows: { id: number; bm: number; part: number }[];
      if (check)
        rows = (
          perPart
            ? this.sql('part', pass.shard).all(expr, pass.lo, pass.hi, limit)
            : this.sql('top', pass.shard).all(expr, pass.lo, pass.hi, 1, pooled)
        ) as typeof rows;
      else {
        // One range: the same search again within a request (an agentic plan's step over a scope the
        // main search read too) is answered from the memo; FTS5 counts a phrase over the whole shard
        // for BM25 however narrow the range (12 ms for "revenue" at 20x).
        const n = perPart ? limit : pooled;
        const key = `${pass.shard}\u0000${pass.lo}\u0000${pass.hi}\u0000${n}\u0000${expr}`;
        let hit = this.memo.get(key);
        if (!hit) this.memo.set(key, (hit = this.sql('top', pass.shard).all(expr, pass.lo, pass.hi, 0, n) as typeof rows));
        // A single-range pass reports part 0: name its range.
        rows = hit.map((r) => ({ id: r.id, bm: r.bm, part: pass.parts[0]! }));
      }
      found.push(...rows);
    }
    this.scope.pass = undefined;
    found.sort((a, b) => a.bm - b.bm);
    let kept = found;
    if (plan.passes.length > 1) {
      // Shards' best lists are cut to what one index would have given: per range, or overall.
      const count = new Map<number, number>();
      kept = found.filter((r) => {
        const key = perPart ? r.part : 0;
        const c = count.get(key) ?? 0;
        count.set(key, c + 1);
        return c < (perPart ? limit : pooled);
      });
    }
    return kept.map((r) => this.load(r.id, r.bm)).filter((r): r is Row => r !== undefined);
  }

  private load(id: number, bm: number): Row | undefined {
    const st = this.index.statement(id);
    if (!st) return undefined;
    const t = st.table_id === null ? undefined : this.index.tableInfo(st.table_id);
    return { ...st, bm, statement: t?.statement ?? null, caption: t?.caption ?? null };
  }

  /** Statements of a filing matching any of `terms`, best first (their text). */
  textsInFiling(terms: string, first: number, last: number, limit: number): string[] {
    const st = this.index.statement(first);
    const shard = st ? this.index.filing(st.filing_id)?.shard : undefined;
    if (shard === undefined) return [];
    const ids = this.sql('ids', shard).all(terms, first, last, limit) as { id: number }[];
    return ids.map((r) => this.index.statement(r.id)?.text ?? '');
  }

  /** Statements of a filing's range [first, last] matching the FTS5 expression `expr`, best first. */
  statementsInRange(expr: string, first: number, last: number, limit: number): StatementRow[] {
    const st = this.index.statement(first);
    const shard = st ? this.index.filing(st.filing_id)?.shard : undefined;
    if (shard === undefined) return [];
    const ids = this.sql('ids', shard).all(expr, first, last, limit) as { id: number }[];
    return ids.map((r) => this.index.statement(r.id)).filter((r): r is StatementRow => r !== undefined);
  }

  search(a: QueryAnalysis, scope: SearchScope, opts: SearchOptions, signal?: AbortSignal): Hit[] {
    const { ranges } = scope;
    this.coverage = undefined;
    if (ranges !== null && ranges.length === 0) return [];
    const and = ftsExpression(a, 'and');
    if (!and) return [];
    const plan = this.plan(scope);
    if (plan.years) this.coverage = { scopeFilings: plan.scopeFilings, searchedFilings: plan.searchedFilings, years: plan.years };
    const seen = new Map<number, Row>();
    for (const r of this.run(and, scope, opts.perRange)) seen.set(r.id, r);
    signal?.throwIfAborted();
    const or = ftsExpression(a, 'or')!;
    // With one group, OR is AND again: nothing more to find.
    if (seen.size < opts.andMinimum && or !== and) {
      for (const r of this.run(or, scope, opts.perRange)) if (!seen.has(r.id)) seen.set(r.id, r);
    }
    // Still too little (a topic the filing words differently): any single word of what is asked.
    if (seen.size < opts.andMinimum / 2 && ranges !== null) {
      const loose = looseExpression(a);
      if (loose && loose !== or) for (const r of this.run(loose, scope, opts.perRange)) if (!seen.has(r.id)) seen.set(r.id, r);
    }
    signal?.throwIfAborted();
    return this.rankAll([...seen.values()], a, opts.total);
  }

  /** The rows of one line item in scope: its printed labels searched in row labels, the rows of the
   * statement it sits in first. One list per line item, fused with the whole question's by rank. */
  lineItemRows(item: LineItemKey, a: QueryAnalysis, scope: SearchScope, limit: number): Hit[] {
    const { ranges } = scope;
    if (ranges === null || ranges.length === 0) return [];
    const def = LINE_ITEM.get(item)!;
    // Row labels only (the `label` column holds data rows' labels and nothing else).
    const rows = this.run(labelExpression(def.labels), scope, limit);
    const focused: QueryAnalysis = { ...a, items: [item], metrics: [], topics: [], terms: [], phrases: [], figure: true };
    return this.rankAll(rows, focused, limit);
  }

  /** The item tags of these sections, read in one query into the cache (a query per section cost a few
   * ms of every cold query's ranking at 20x). */
  private readTags(sectionIds: number[]): void {
    const missing = [...new Set(sectionIds)].filter((id) => !this.tagCache.has(id));
    if (missing.length < 2) return;
    this.tagsOf ??= this.index.db.prepare('SELECT id, item_tag FROM sections WHERE id IN (SELECT value FROM json_each(?))');
    for (const r of this.tagsOf.all(JSON.stringify(missing)) as { id: number; item_tag: string }[]) this.tagCache.set(r.id, r.item_tag);
  }

  private rankAll(rows: Row[], a: QueryAnalysis, total: number): Hit[] {
    this.readTags(rows.map((r) => r.section_id));
    const groups = termGroups(a).map((g) => ({ alts: g.alts.map((p) => words(p).map(stem)), weight: g.weight }));
    const hits = rows.map((row) => this.rank(row, a, groups));
    hits.sort((x, y) => y.score - x.score);
    return hits.slice(0, total);
  }

  private rank(row: Row, a: QueryAnalysis, groups: { alts: string[][]; weight: number }[]): Hit {
    const w = this.ranking;
    const itemTag = this.itemTag(row.section_id);
    const stored = row.row ? (JSON.parse(row.row) as { l: string; g?: string }) : undefined;
    const label = stored?.l ?? row.text;
    const own = new Set(words(label).map(stem));
    const haystack = new Set([...own, ...words(row.caption ?? '').map(stem)]);
    let matched = 0;
    let matchedOwn = 0;
    let all = 0;
    for (const g of groups) {
      all += g.weight;
      if (g.alts.some((phrase) => phrase.every((x) => haystack.has(x)))) matched += g.weight;
      if (g.alts.some((phrase) => phrase.every((x) => own.has(x)))) matchedOwn += g.weight;
    }
    const coverage = all ? matched / all : 0;
    let score = -row.bm * (w.coverageBase + coverage) ** 2;
    if (matchedOwn === 0 && matched > 0) score *= w.captionOnly;
    switch (row.kind) {
      case 'row':
        score *= a.figure ? (/\d/.test(row.text) ? w.figureRow : w.figureRowNoDigits) : w.proseRow;
        break;
      case 'sentence':
        score *= a.figure ? w.figureSentence : w.proseSentence;
        if (row.text.length < RETRIEVAL_TUNING.shortSentenceChars) score *= w.shortSentence;
        break;
      case 'heading':
        score *= a.figure ? w.heading.figure : w.heading.prose;
        break;
      case 'caption':
        score *= a.figure ? w.caption.figure : w.caption.prose;
        break;
    }
    if (a.itemHints.includes(itemTag)) score *= w.itemHint;
    if (row.kind === 'row') {
      const wanted = new Set<StatementType>([...a.statementHints.map((h) => h.type), ...a.items.map((k) => LINE_ITEM.get(k)!.statement)]);
      if (row.statement && wanted.has(row.statement)) score *= w.statementMatch;
      const best = Math.max(0, ...a.items.map((k) => labelScore(LINE_ITEM.get(k)!, label)));
      if (best >= 1) score *= w.labelExact;
      else if (best > 0) score *= w.labelPartial;
      if (stored?.g && a.items.length > 0 && best > 0) score *= w.groupedRow;
    }
    return { row, bm25: -row.bm, coverage, score, itemTag, statement: row.statement, caption: row.caption };
  }
}
