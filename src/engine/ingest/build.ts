// Adding files to an index: read, parse and prepare each file, write it, report progress. A fresh index
// is built in a temporary file renamed over the path at the end; filings added to an existing index
// are written in place in one transaction (see index/atomic.ts).
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { isDiskFull } from '../../backend-errors.js';
import { writeIndex } from '../index/atomic.js';
import { damageOf } from '../index/check.js';
import type { LockOptions } from '../index/lock.js';
import { openWriter } from './open-writer.js';
import type { Constituent } from '../filing/constituents.js';
import { EDGAR_FILE, prepareEdgarFile } from '../html/file.js';
import { prepareFiling } from './prepare.js';
import { parseRawFiling, readFilingBytes } from '../filing/raw.js';

export interface BuildProgress {
  filesDone: number;
  filesTotal: number;
  /** Bytes of the input files read so far. */
  bytesDone: number;
  bytesTotal: number;
  /** Characters of filing text ingested so far. */
  textChars: number;
  elapsedMs: number;
}

export interface AddedFiling {
  file: string;
  accession: string;
  ticker: string | null;
  form: string;
  fiscalYear: string;
  statements: number;
  replaced: boolean;
}

export interface BuildResult {
  indexPath: string;
  added: AddedFiling[];
  failed: { file: string; error: string }[];
  /** Added, but with something the user should know (a CIK the constituents file lacks). */
  warnings: { file: string; warning: string }[];
  /** Characters of filing text ingested. */
  textChars: number;
  seconds: number;
  /** The filings are added but something about the index should be known (a disk too full to copy
   * the change from the write-ahead log into the index file). */
  notice?: string;
}

export interface BuildOptions {
  indexPath: string;
  files: string[];
  /** With sizes when known, for progress in bytes. */
  sizes?: number[];
  constituents: Map<string, Constituent>;
  /** Start from an empty index instead of a copy of the existing one. */
  fresh?: boolean;
  onProgress?: (p: BuildProgress) => void;
  signal?: AbortSignal;
  /** Waiting for another writer of the same index. */
  lock?: LockOptions;
  /** The filing date of an EDGAR document whose date nothing else gives (corpus add --filed). */
  filed?: string;
  /** The download cache's root, where an EDGAR document's submissions JSON may be (html/file.ts). */
  downloads?: string;
}

class NothingAdded extends Error {}

export async function buildIndex(opts: BuildOptions): Promise<BuildResult> {
  const t0 = performance.now();
  const result: BuildResult = { indexPath: opts.indexPath, added: [], failed: [], warnings: [], textChars: 0, seconds: 0 };
  // Accession -> the file that brought it in this run: a second file of the same filing is refused.
  const seen = new Map<string, string>();
  const bytesTotal = (opts.sizes ?? []).reduce((a, b) => a + b, 0);
  let bytesDone = 0;
  try {
    await writeIndex(
      opts.indexPath,
      !!opts.fresh,
      async (path, inPlace) => {
        const writer = openWriter(path, inPlace);
        try {
          writer.setCompanies([...opts.constituents.values()]);
          for (let i = 0; i < opts.files.length; i++) {
            opts.signal?.throwIfAborted();
            const file = opts.files[i]!;
            try {
              const bytes = await readFilingBytes(file);
              bytesDone += bytes.length;
              // EDGAR's own files (.htm, .html, complete submission .txt) or crawler JSON.
              const notes: string[] = [];
              const prepared = EDGAR_FILE.test(file)
                ? prepareEdgarFile(file, bytes, opts.constituents, {
                    filed: opts.filed,
                    downloads: opts.downloads,
                    warn: (w) => notes.push(w),
                  })
                : prepareFiling(parseRawFiling(bytes, file), basename(file), opts.constituents);
              const { accession } = prepared.meta;
              const first = seen.get(accession);
              if (first) throw new Error(`accession ${accession} is also in ${basename(first)}, added earlier in this run: skipped`);
              seen.set(accession, file);
              const replaced = writer.addFiling(prepared);
              for (const warning of notes) result.warnings.push({ file, warning });
              if (prepared.meta.sec_ticker === null && opts.constituents.size > 0) {
                result.warnings.push({
                  file,
                  warning:
                    `CIK ${prepared.meta.cik} (${prepared.meta.company}) is not in the constituents file: added ` +
                    `without ticker, sector or sub-industry, so filters on them will not find it`,
                });
              }
              const statements = prepared.sections.reduce((n, s) => n + s.statements.length, 0);
              result.textChars += prepared.content_chars;
              result.added.push({
                file,
                accession: prepared.meta.accession,
                ticker: prepared.meta.sec_ticker,
                form: prepared.meta.sec_form_type,
                fiscalYear: prepared.meta.sec_fiscal_year,
                statements,
                replaced,
              });
            } catch (e) {
              // A full disk or a damaged index is no fault of the file's: the whole run stops and its
              // transaction rolls back.
              if (isDiskFull(e) || damageOf(path, e)) throw e;
              result.failed.push({ file, error: e instanceof Error ? e.message : String(e) });
            }
            opts.onProgress?.({
              filesDone: i + 1,
              filesTotal: opts.files.length,
              bytesDone,
              bytesTotal,
              textChars: result.textChars,
              elapsedMs: performance.now() - t0,
            });
          }
          if (result.added.length === 0 && (inPlace || existsSync(opts.indexPath))) throw new NothingAdded();
          result.notice = writer.close();
        } catch (e) {
          writer.abort();
          throw e;
        }
      },
      { lock: opts.lock },
    );
  } catch (e) {
    if (!(e instanceof NothingAdded)) throw e;
  }
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}
