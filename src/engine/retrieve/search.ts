// BM25 over statements with the scope applied inside FTS5 (rowid ranges), AND first then OR when AND
// finds too little, then re-ranking by what the question asks for.
import type Database from 'better-sqlite3';
import type { StatementRow } from '../index/types.js';
import type { Scope } from './scope.js';
import { ftsExpression, looseExpression, termGroups, words, type QueryAnalysis } from './query-terms.js';

export interface Hit {
  row: StatementRow;
  /** -bm25: larger is better. */
  bm25: number;
  /** Share of the question's term groups the statement matches (0..1). */
  coverage: number;
  score: number;
  itemTag: string;
}

export interface SearchOptions {
  /** Candidates taken from FTS5 per range and per pass. */
  perRange: number;
  /** Candidates kept in all. */
  total: number;
  /** Below this many AND hits, an OR pass follows. */
  andMinimum: number;
}

const SQL_RANGE = `SELECT s.*, bm25(statements_fts, 1.0, 0.35) AS bm FROM statements_fts
  JOIN statements s ON s.id = statements_fts.rowid
  WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? ORDER BY bm LIMIT ?`;
const SQL_ALL = `SELECT s.*, bm25(statements_fts, 1.0, 0.35) AS bm FROM statements_fts
  JOIN statements s ON s.id = statements_fts.rowid
  WHERE statements_fts MATCH ? ORDER BY bm LIMIT ?`;

// With many ranges (a sector's filings, an item in every filing), one FTS pass filtered by filing or
// section id beats a pass per range (sample: a sector's 16 ranges, 70-115 ms per range vs 24-36 ms in
// one pass). SQLite builds the IN list into a hashed lookup once per query.
const SQL_FILINGS = `SELECT s.*, bm25(statements_fts, 1.0, 0.35) AS bm FROM statements_fts
  JOIN statements s ON s.id = statements_fts.rowid
  WHERE statements_fts MATCH ? AND s.filing_id IN (SELECT value FROM json_each(?))
  ORDER BY bm LIMIT ?`;
const SQL_SECTIONS = `SELECT s.*, bm25(statements_fts, 1.0, 0.35) AS bm FROM statements_fts
  JOIN statements s ON s.id = statements_fts.rowid
  WHERE statements_fts MATCH ? AND s.section_id IN (SELECT value FROM json_each(?))
  ORDER BY bm LIMIT ?`;
const MANY_RANGES = 8;

type Row = StatementRow & { bm: number };

/** Where to search: statement id ranges (null: everywhere) and the same as filing/section ids. */
export type SearchScope = Pick<Scope, 'ranges' | 'ids'>;

export class Searcher {
  private readonly range: Database.Statement;
  private readonly all: Database.Statement;
  private readonly byFilings: Database.Statement;
  private readonly bySections: Database.Statement;
  private readonly sectionTag: Database.Statement;
  private readonly tagCache = new Map<number, string>();

  constructor(db: Database.Database) {
    this.range = db.prepare(SQL_RANGE);
    this.all = db.prepare(SQL_ALL);
    this.byFilings = db.prepare(SQL_FILINGS);
    this.bySections = db.prepare(SQL_SECTIONS);
    this.sectionTag = db.prepare('SELECT item_tag FROM sections WHERE id = ?').pluck();
  }

  itemTag(sectionId: number): string {
    let t = this.tagCache.get(sectionId);
    if (t === undefined) {
      t = (this.sectionTag.get(sectionId) as string | undefined) ?? '';
      this.tagCache.set(sectionId, t);
    }
    return t;
  }

  private run(expr: string, scope: SearchScope, limit: number): Row[] {
    const { ranges, ids } = scope;
    if (ranges === null) return this.all.all(expr, limit) as Row[];
    if (ranges.length > MANY_RANGES && ids) {
      if (ids.sections) return this.bySections.all(expr, JSON.stringify(ids.sections), limit * 4) as Row[];
      return this.byFilings.all(expr, JSON.stringify(ids.filings), limit * 4) as Row[];
    }
    const out: Row[] = [];
    for (const [a, b] of ranges) out.push(...(this.range.all(expr, a, b, limit) as Row[]));
    return out;
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
    // Still too little (a concept the filing words differently): any single word of what is asked.
    if (seen.size < opts.andMinimum / 2 && ranges !== null) {
      const loose = looseExpression(a);
      if (loose) for (const r of this.run(loose, scope, opts.perRange)) if (!seen.has(r.id)) seen.set(r.id, r);
    }
    signal?.throwIfAborted();
    const groups = termGroups(a).map((g) => g.map((p) => words(p).map(stem)));
    // A named concept or quoted phrase says more about what is asked than a loose word.
    const weights = [...a.phrases.map(() => 2), ...a.concepts.map(() => 2), ...a.terms.map(() => 1)];
    const hits = [...seen.values()].map((row) => this.rank(row, a, groups, weights));
    hits.sort((x, y) => y.score - x.score);
    return hits.slice(0, opts.total);
  }

  private rank(row: Row, a: QueryAnalysis, groups: string[][][], weights: number[]): Hit {
    const itemTag = this.itemTag(row.section_id);
    const own = new Set(words(row.text).map(stem));
    const haystack = new Set([...own, ...words(row.context ?? '').map(stem)]);
    let matched = 0;
    let matchedOwn = 0;
    let all = 0;
    groups.forEach((alts, i) => {
      all += weights[i]!;
      if (alts.some((phrase) => phrase.every((w) => haystack.has(w)))) matched += weights[i]!;
      if (alts.some((phrase) => phrase.every((w) => own.has(w)))) matchedOwn += weights[i]!;
    });
    const coverage = all ? matched / all : 0;
    let score = -row.bm * (0.4 + coverage) ** 2;
    // Every row of a table shares its caption: a row found only through it says little itself.
    if (matchedOwn === 0 && matched > 0) score *= 0.35;
    const hasDigits = /\d/.test(row.text);
    switch (row.kind) {
      case 'row':
        score *= a.figure ? (hasDigits ? 1.5 : 0.6) : 0.9;
        break;
      case 'sentence':
        score *= a.figure ? 0.85 : 1.2;
        if (row.text.length < 40) score *= 0.6;
        break;
      // Headings and captions name a topic in few words, so BM25 loves them; they hold no figure.
      case 'heading':
        score *= a.figure ? 0.3 : 0.45;
        break;
      case 'caption':
        score *= a.figure ? 0.35 : 0.6;
        break;
      case 'header':
        score *= 0.3;
        break;
    }
    if (a.itemHints.includes(itemTag)) score *= 1.3;
    if (a.statementHints.length > 0 && row.context && a.statementHints.some((h) => h.caption.test(row.context!))) score *= 1.6;
    return { row, bm25: -row.bm, coverage, score, itemTag };
  }
}

/** A cheap stem close enough to porter for matching words the FTS already matched. */
export function stem(w: string): string {
  return w
    .replace(/'s$/, '')
    .replace(/(?:ies)$/, 'y')
    .replace(/(?:es|s)$/, '')
    .replace(/(?:ing|ed)$/, '')
    .slice(0, 7);
}
