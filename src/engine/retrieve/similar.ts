// Does a filing say something like this claim? Its most distinctive words searched in the filing's
// statements, and the best matches compared by word overlap. Used to tell what changed between years.
import type { IndexHandle } from '../index/open.js';
import { quote, words } from './query-terms.js';
import { STOP_WORDS } from './stopwords.js';
import type Database from 'better-sqlite3';


export class SimilarStatements {
  private readonly find: Database.Statement;

  constructor(private readonly index: IndexHandle) {
    this.find = index.db.prepare(
      `SELECT s.text FROM statements_fts JOIN statements s ON s.id = statements_fts.rowid
       WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? ORDER BY bm25(statements_fts) LIMIT 5`,
    );
  }

  saysSomethingLike(filingId: number, claim: string, threshold = 0.5): boolean {
    const f = this.index.filing(filingId);
    if (!f) return false;
    const mine = [...new Set(words(claim).filter((w) => w.length > 3 && !STOP_WORDS.has(w) && !/\d/.test(w)))];
    if (mine.length === 0) return false;
    const key = [...mine].sort((a, b) => b.length - a.length).slice(0, 8);
    const rows = this.find.all(key.map(quote).join(' OR '), f.first_statement, f.last_statement) as { text: string }[];
    const set = new Set(mine);
    return rows.some((r) => {
      const theirs = new Set(words(r.text).filter((w) => w.length > 3 && !STOP_WORDS.has(w) && !/\d/.test(w)));
      let inter = 0;
      for (const w of theirs) if (set.has(w)) inter++;
      return inter / (set.size + theirs.size - inter) >= threshold;
    });
  }
}
