// The one owner of the index's search SQL. BM25 over statements with the scope applied inside FTS5
// (rowid ranges), AND first then OR when AND finds too little, then re-ranking by what the question
// asks for; and the line-item look-up that reaches the financial statements' rows directly.
import type Database from 'better-sqlite3';
import type { StatementType } from '../tables/model.js';
import type { StatementRow } from '../index/types.js';
import { labelScore } from '../lexicon/match.js';
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import { stem, words } from '../text/words.js';
import type { QueryAnalysis } from './analyze.js';
import { ftsExpression, labelExpression, looseExpression, termGroups } from './query-terms.js';
import type { Scope } from './scope.js';
import type { Ranking } from './weights.js';

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

const COLUMNS = `s.*, t.statement AS statement, t.caption AS caption`;
const FROM = `FROM statements_fts JOIN statements s ON s.id = statements_fts.rowid LEFT JOIN tables t ON t.id = s.table_id`;
const bm25 = (r: Ranking) => `bm25(statements_fts, ${r.bm25Body}, ${r.bm25Context})`;

// With many ranges (a sector's filings, an item in every filing), one FTS pass filtered by filing or
// section id beats a pass per range (sample: a sector's 16 ranges, 70-115 ms per range vs 24-36 ms in
// one pass). SQLite builds the IN list into a hashed lookup once per query.
const MANY_RANGES = 8;

/** Where to search: statement id ranges (null: everywhere) and the same as filing/section ids. */
export type SearchScope = Pick<Scope, 'ranges' | 'ids'>;

export class Searcher {
  private readonly q;
  private readonly tagCache = new Map<number, string>();

  constructor(
    db: Database.Database,
    private readonly ranking: Ranking,
  ) {
    const bm = bm25(ranking);
    this.q = {
      range: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? ORDER BY bm LIMIT ?`),
      all: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? ORDER BY bm LIMIT ?`),
      filings: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? AND s.filing_id IN (SELECT value FROM json_each(?)) ORDER BY bm LIMIT ?`),
      sections: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? AND s.section_id IN (SELECT value FROM json_each(?)) ORDER BY bm LIMIT ?`),
      // Row labels only: the line-item look-up.
      rowsInRange: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? AND s.kind = 'row' ORDER BY bm LIMIT ?`),
      rowsInFilings: db.prepare(`SELECT ${COLUMNS}, ${bm} AS bm ${FROM} WHERE statements_fts MATCH ? AND s.filing_id IN (SELECT value FROM json_each(?)) AND s.kind = 'row' ORDER BY bm LIMIT ?`),
      sectionTag: db.prepare('SELECT item_tag FROM sections WHERE id = ?').pluck(),
      // A filing's statements matching a few words, for "does this filing say something like that".
      inFiling: db.prepare(`SELECT s.text ${FROM} WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? ORDER BY ${bm} LIMIT ?`),
    };
  }

  itemTag(sectionId: number): string {
    let t = this.tagCache.get(sectionId);
    if (t === undefined) {
      t = (this.q.sectionTag.get(sectionId) as string | undefined) ?? '';
      this.tagCache.set(sectionId, t);
    }
    return t;
  }

  private run(expr: string, scope: SearchScope, limit: number): Row[] {
    const { ranges, ids } = scope;
    if (ranges === null) return this.q.all.all(expr, limit) as Row[];
    if (ranges.length > MANY_RANGES && ids) {
      if (ids.sections) return this.q.sections.all(expr, JSON.stringify(ids.sections), limit * 4) as Row[];
      return this.q.filings.all(expr, JSON.stringify(ids.filings), limit * 4) as Row[];
    }
    const out: Row[] = [];
    for (const [a, b] of ranges) out.push(...(this.q.range.all(expr, a, b, limit) as Row[]));
    return out;
  }

  /** Statements of a filing matching any of `terms`, best first (their text). */
  textsInFiling(terms: string, first: number, last: number, limit: number): string[] {
    return (this.q.inFiling.all(terms, first, last, limit) as { text: string }[]).map((r) => r.text);
  }

  search(a: QueryAnalysis, scope: SearchScope, opts: SearchOptions, signal?: AbortSignal): Hit[] {
    const { ranges } = scope;
    if (ranges !== null && ranges.length === 0) return [];
    const seen = new Map<number, Row>();
    const and = ftsExpression(a, 'and');
    if (!and) return [];
    for (const r of this.run(and, scope, opts.perRange)) seen.set(r.id, r);
    signal?.throwIfAborted();
    if (seen.size < opts.andMinimum) {
      const or = ftsExpression(a, 'or')!;
      for (const r of this.run(or, scope, opts.perRange)) if (!seen.has(r.id)) seen.set(r.id, r);
    }
    // Still too little (a topic the filing words differently): any single word of what is asked.
    if (seen.size < opts.andMinimum / 2 && ranges !== null) {
      const loose = looseExpression(a);
      if (loose) for (const r of this.run(loose, scope, opts.perRange)) if (!seen.has(r.id)) seen.set(r.id, r);
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
    const expr = labelExpression(def.labels);
    const rows: Row[] = [];
    if (ranges.length > MANY_RANGES && scope.ids) rows.push(...(this.q.rowsInFilings.all(expr, JSON.stringify(scope.ids.filings), limit * 4) as Row[]));
    else for (const [lo, hi] of ranges) rows.push(...(this.q.rowsInRange.all(expr, lo, hi, limit) as Row[]));
    const focused: QueryAnalysis = { ...a, items: [item], metrics: [], topics: [], terms: [], phrases: [], figure: true };
    return this.rankAll(rows, focused, limit);
  }

  private rankAll(rows: Row[], a: QueryAnalysis, total: number): Hit[] {
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
        if (row.text.length < 40) score *= w.shortSentence;
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
