// Writing a company's facts into the local index: in place in one transaction when there is an index
// (a reader sees the company's old facts or its new ones, never a mix: index/atomic.ts), else a new
// index built aside and renamed over the path. A file whose bytes the index already holds for the
// company is not written again. And removing a company's facts (`corpus remove TICKER`).
import type { Constituent } from '../filing/constituents.js';
import type { CompanyFactsFile } from '../xbrl/index.js';
import { writeIndex } from '../index/atomic.js';
import { factCompany, removeCompanyFacts, storeCompanyFacts } from '../xbrl/index.js';
import type { LockOptions } from '../index/lock.js';
import { openIndex } from '../index/open.js';
import { checkIndexFile } from '../index/check.js';
import { openWriter } from './open-writer.js';

export interface CompanyFactsWrite {
  file: CompanyFactsFile;
  ticker?: string;
  /** The size and SHA-256 of the file's bytes as EDGAR sent them. */
  sourceBytes: number;
  sourceSha256: string;
}

export interface CompanyFactsWritten {
  cik: string;
  facts: number;
  /** The company had facts in the index before (now replaced). */
  replaced: boolean;
  /** The index already held facts read from the same bytes: nothing was written. */
  unchanged: boolean;
}

/** True when the index at `indexPath` holds the company's facts read from a file of this SHA-256. */
function holds(indexPath: string, cik: string, sha256: string): boolean {
  if (checkIndexFile(indexPath) !== 'sqlite') return false;
  const ix = openIndex(indexPath);
  try {
    return factCompany(ix.db, cik).some((c) => c.sourceSha256 === sha256);
  } finally {
    ix.close();
  }
}

export async function writeCompanyFacts(
  indexPath: string,
  w: CompanyFactsWrite,
  constituents: Map<string, Constituent>,
): Promise<CompanyFactsWritten> {
  if (holds(indexPath, w.file.cik, w.sourceSha256)) return { cik: w.file.cik, facts: w.file.count, replaced: false, unchanged: true };
  return writeIndex(indexPath, false, (path, inPlace) => {
    const writer = openWriter(path, inPlace);
    try {
      // A new index gets the constituents, as a pull of filings gives it (a ticker's CIK for lookups).
      if (!inPlace) writer.setCompanies([...constituents.values()]);
      const r = storeCompanyFacts(writer.db, w.file, { ticker: w.ticker, sourceBytes: w.sourceBytes, sourceSha256: w.sourceSha256 });
      writer.close({ filings: false });
      return { cik: w.file.cik, facts: r.facts, replaced: r.replaced, unchanged: false };
    } catch (e) {
      writer.abort();
      throw e;
    }
  });
}

/** Removes the company facts held under a ticker (or CIK); returns how many facts there were. */
export async function removeCompanyFactsOf(indexPath: string, ticker: string, lock?: LockOptions): Promise<number> {
  if (checkIndexFile(indexPath) !== 'sqlite') return 0;
  const ix = openIndex(indexPath);
  let ciks: string[];
  try {
    ciks = factCompany(ix.db, ticker).map((c) => c.cik);
  } finally {
    ix.close();
  }
  if (ciks.length === 0) return 0;
  return writeIndex(
    indexPath,
    false,
    (path, inPlace) => {
      const writer = openWriter(path, inPlace);
      try {
        const n = writer.db.transaction(() => ciks.reduce((sum, cik) => sum + removeCompanyFacts(writer.db, cik), 0))();
        writer.close({ filings: false });
        return n;
      } catch (e) {
        writer.abort();
        throw e;
      }
    },
    { lock },
  );
}
