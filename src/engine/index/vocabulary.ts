// The index's own vocabulary: in how many statements a (porter-stemmed) term occurs, read from FTS5's
// vocabulary tables, and a word as the filings print it for a term. What the filings never say is how a
// question's misspelt word is told from a rare one ("revnue" is in no filing; "scores" is in Fair
// Isaac's), and what they say most is what it was meant as.
import type Database from 'better-sqlite3';
import { ftsTable, listShards } from './shards.js';

export interface Vocabulary {
  /** Statements that have `word` as the full-text index reads it (its own stemmer), counted up to 3. */
  count(word: string): number;
  /** Statements holding `term` (a stem), over every shard. */
  docs(term: string): number;
  /** The words statements print whose stem is `term`, by `stemOf` (from the first statements that have
   * it). */
  surfaces(term: string, stemOf: (word: string) => string): string[];
}

/** The vocabulary of an open index (read-only: the vocabulary tables are the connection's own, in
 * its temp schema). `statementText` reads a statement's text by id. */
export function indexVocabulary(db: Database.Database, statementText: (id: number) => string | undefined): Vocabulary {
  let lookups: Database.Statement[] | undefined;
  let matches: Database.Statement[] | undefined;
  const shards = () => listShards(db).map((s) => s.id);
  const prepare = () => {
    lookups = shards().map((id) => {
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_${id} USING fts5vocab(main, '${ftsTable(id)}', 'row')`);
      return db.prepare(`SELECT doc FROM temp.vocab_${id} WHERE term = ?`).pluck();
    });
    matches = shards().map((id) => db.prepare(`SELECT rowid FROM ${ftsTable(id)} WHERE ${ftsTable(id)} MATCH ? LIMIT 3`).pluck());
  };
  const counted = new Map<string, number>();
  const seen = new Map<string, number>();
  return {
    count(word) {
      let n = seen.get(word);
      if (n !== undefined) return n;
      if (!matches) prepare();
      const phrase = `"${word.replace(/"/g, '')}"`;
      n = 0;
      for (const st of matches!) if ((n += st.all(phrase).length) >= 3) break;
      n = Math.min(n, 3);
      seen.set(word, n);
      return n;
    },
    docs(term) {
      let n = counted.get(term);
      if (n !== undefined) return n;
      if (!lookups) prepare();
      n = 0;
      for (const st of lookups!) n += (st.get(term) as number | undefined) ?? 0;
      counted.set(term, n);
      return n;
    },
    surfaces(term, stemOf) {
      if (!matches) prepare();
      const words = new Set<string>();
      for (const st of matches!) {
        for (const id of st.all(`"${term.replace(/"/g, '')}"`) as number[])
          for (const w of statementText(id)
            ?.toLowerCase()
            .match(/[a-z]+/g) ?? [])
            if (stemOf(w) === term) words.add(w);
        if (words.size > 0) break;
      }
      return [...words];
    },
  };
}
