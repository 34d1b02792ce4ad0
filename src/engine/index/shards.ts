// The full-text index in shards: one FTS5 table per fiscal year (more when a year outgrows SHARD_CAP
// statements). FTS5's bm25() counts the rows of every phrase of a query over the whole table it
// searches, so with one table for the whole index a query about one filing paid for all of them (at
// 3,320 filings, 0.96 s for one line item's labels in one filing). A question scoped to a company and
// a year now searches one shard, and broad questions search the newest shards first (search-plan.ts).
import type Database from 'better-sqlite3';

/** Statements per shard at most: about 170 10-Ks, the size of the sample corpus (so the sample is one
 * shard per year; at 3,320 filings over ten years, two per year). 300,000 measured no better: a
 * company+year query reads one shard either way, a sector more of them. */
export const SHARD_CAP = 600_000;

export interface ShardRow {
  id: number;
  year: string;
  statements: number;
  filings: number;
}

export const ftsTable = (shard: number) => `fts_${shard}`;

/** Contentless (the text is in `blocks`); contentless_delete so that a filing's rows can be deleted
 * by rowid alone. */
export const shardSql = (shard: number) =>
  `CREATE VIRTUAL TABLE ${ftsTable(shard)} USING fts5(body, context, label, content='', contentless_delete=1, tokenize='porter unicode61')`;

/** The shard a filing of `year` with `statements` statements goes to: the newest shard of that year
 * with room left, else a new one. */
export function shardFor(db: Database.Database, year: string, statements: number): number {
  const open = db.prepare('SELECT id, statements FROM shards WHERE year = ? ORDER BY id DESC LIMIT 1').get(year) as ShardRow | undefined;
  if (open && open.statements + statements <= SHARD_CAP) return open.id;
  // An empty shard takes any filing, however large.
  if (open && open.statements === 0) return open.id;
  const id = Number(db.prepare('INSERT INTO shards (year, statements, filings) VALUES (?, 0, 0)').run(year).lastInsertRowid);
  db.exec(shardSql(id));
  return id;
}

export function listShards(db: Database.Database): ShardRow[] {
  return db.prepare('SELECT * FROM shards ORDER BY id').all() as ShardRow[];
}
