// Writing prepared EDGAR filings into the local index in one step: in place in one transaction when
// there is an index (index/atomic.ts), else a new one built aside and renamed over the path.
import type { Constituent } from '../filing/constituents.js';
import type { PreparedFiling } from '../filing/prepared.js';
import { writeIndex } from '../index/atomic.js';
import { openWriter } from './open-writer.js';

/** Adds filings to the index in one atomic step; returns whether each replaced an older copy. */
export async function writeFilings(
  indexPath: string,
  filings: PreparedFiling[],
  constituents: Map<string, Constituent>,
): Promise<boolean[]> {
  if (filings.length === 0) return [];
  return writeIndex(indexPath, false, (path, inPlace) => {
    const writer = openWriter(path, inPlace);
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
