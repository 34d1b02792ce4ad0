// Writing prepared EDGAR filings into the local index in one step: in place in one transaction when
// there is an index (index/atomic.ts), else a new one built aside and renamed over the path.
import { existsSync } from 'node:fs';
import type { Constituent } from '../engine/corpus/constituents.js';
import type { PreparedFiling } from '../engine/corpus/prepared.js';
import { writeIndex } from '../engine/index/atomic.js';
import { openIndex } from '../engine/index/open.js';
import { IndexWriter } from '../engine/index/writer.js';

/** Accessions already in the index (none when there is no index yet). */
export function indexedAccessions(indexPath: string): Set<string> {
  if (!existsSync(indexPath)) return new Set();
  const ix = openIndex(indexPath);
  try {
    return new Set((ix.db.prepare('SELECT accession FROM filings').all() as { accession: string }[]).map((r) => r.accession));
  } finally {
    ix.close();
  }
}

/** Adds filings to the index in one atomic step; returns whether each replaced an older copy. */
export async function writeFilings(indexPath: string, filings: PreparedFiling[], constituents: Map<string, Constituent>): Promise<boolean[]> {
  if (filings.length === 0) return [];
  return writeIndex(indexPath, false, (path, inPlace) => {
    const writer = IndexWriter.open(path, { inPlace });
    try {
      writer.setCompanies([...constituents.values()]);
      const replaced = filings.map((f) => writer.addFiling(f));
      writer.close();
      return replaced;
    } catch (e) {
      writer.abort();
      throw e;
    }
  });
}
