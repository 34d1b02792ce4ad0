// The index's own vocabulary: in how many statements a (porter-stemmed) term occurs, read from FTS5's
// vocabulary tables, and a word as the filings print it for a term. What the filings never say is how a
// question's misspelt word is told from a rare one ("revnue" is in no filing; "scores" is in Fair
// Isaac's), and what they say most is what it was meant as.
import type Database from 'better-sqlite3';
import { ftsTable, listShards } from './shards.js';

export interface Vocabulary {
  /** Whether some statement has `word`, as the full-text index reads it (its own stemmer). */
  has(word: string): boolean;
  /** Statements holding `term` (a stem), over every shard. */
  docs(term: string): number;
  /** A word some statement prints whose stem is `term`, by `stemOf`. */
  surface(term: string, stemOf: (word: string) => string): string | undefined;
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
  const seen = new Map<string, boolean>();
  return {
    has(word) {
      let h = seen.get(word);
      if (h !== undefined) return h;
      if (!matches) prepare();
      const phrase = `"${word.replace(/"/g, '')}"`;
      h = matches!.some((st) => st.all(phrase).length > 0);
      seen.set(word, h);
      return h;
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
    surface(term, stemOf) {
      if (!matches) prepare();
      for (const st of matches!) {
        for (const id of st.all(`"${term.replace(/"/g, '')}"`) as number[]) {
          const word = (
            statementText(id)
              ?.toLowerCase()
              .match(/[a-z]+/g) ?? []
          ).find((w) => stemOf(w) === term);
          if (word) return word;
        }
      }
      return undefined;
    },
  };
}
