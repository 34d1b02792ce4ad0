// Every table of a filing, decoded once and kept for the next questions about the same company: a
// figure beyond the lexicon is looked for in all of them (statements, notes, MD&A tables).
import type { IndexHandle } from '../../index/open.js';
import type { IndexedTable } from '../../index/types.js';

/** Filings whose tables are kept decoded (a 10-K's are about 1 MB). */
const KEPT = 12;

export class TableSource {
  private readonly cache = new Map<number, IndexedTable[]>();

  constructor(private readonly index: IndexHandle) {}

  of(filingId: number): IndexedTable[] {
    let t = this.cache.get(filingId);
    if (t) {
      // Most recently used last.
      this.cache.delete(filingId);
      this.cache.set(filingId, t);
      return t;
    }
    t = this.index.filingTables(filingId);
    if (this.cache.size >= KEPT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(filingId, t);
    return t;
  }

  clear(): void {
    this.cache.clear();
  }
}
