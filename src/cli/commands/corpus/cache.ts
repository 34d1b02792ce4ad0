// `filings corpus cache [--clear [TICKER|ACCESSION...]]`: where EDGAR downloads are kept, how much, and
// clearing them: all of them, or one company's (its filings and submissions files) or one filing's.
import { existsSync } from 'node:fs';
import {
  cacheStats,
  cachedTickersText,
  clearAccession,
  clearCache,
  clearCompany,
  type CacheStats,
  type Cleared,
} from '../../../edgar/cache.js';
import { parseCompanyTickers, resolveTicker, type TickerEntry } from '../../../edgar/tickers.js';
import { loadConstituents, sampleConstituents, type Constituent } from '../../../engine/corpus-ingest.js';
import type { ActionContext } from '../../command.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { json, mb, type CorpusOpts } from './common.js';

export interface CacheOpts extends CorpusOpts {
  clear?: boolean;
}

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

export function cacheText(s: CacheStats, cleared: boolean): string {
  const k = s.byKind;
  return `${[
    `Cache       ${s.path}`,
    `Documents   ${k.documents.files} (${mb(k.documents.bytes)}), kept`,
    `Submissions ${k.submissions.files} (${mb(k.submissions.bytes)}), refreshed after a day`,
    `Facts       ${k.facts.files} (${mb(k.facts.bytes)}), refreshed after a day`,
    `Other       ${k.other.files} (${mb(k.other.bytes)})`,
    cleared ? 'Cleared.' : `Total       ${s.files} files, ${mb(s.bytes)}`,
  ].join('\n')}\n`;
}

/** A ticker's CIKs without a request: the constituents file (--constituents, else the sample
 * corpus's), then the cached company_tickers.json. */
async function ciksOf(ticker: string, o: CacheOpts, root: string, f: Factory): Promise<string[]> {
  const sample = sampleConstituents(f.settings().sampleCorpus);
  const file = o.constituents ?? (existsSync(sample) ? sample : undefined);
  let constituents = new Map<string, Constituent>();
  if (file) {
    try {
      constituents = await loadConstituents(file);
    } catch (e) {
      throw new UsageError(`cannot read the constituents file ${file}: ${(e as Error).message}`);
    }
  }
  const text = cachedTickersText(root);
  let tickers: TickerEntry[] | undefined;
  try {
    tickers = text ? parseCompanyTickers(text) : undefined;
  } catch {
    tickers = undefined;
  }
  const resolved = resolveTicker(ticker, constituents, tickers);
  if (!resolved)
    throw new UsageError(
      `cannot clear ${ticker}: not an accession number (0000320193-24-000123), and not a ticker of the constituents file or of the cached company_tickers.json`,
    );
  return resolved.ciks;
}

/** Clears what each target names; every target is resolved before anything is removed. */
async function clearTargets(targets: string[], o: CacheOpts, root: string, f: Factory): Promise<Cleared & { targets: string[] }> {
  const plan: (() => Cleared)[] = [];
  for (const t of targets) {
    if (ACCESSION.test(t.trim())) plan.push(() => clearAccession(root, t.trim()));
    else {
      const ciks = await ciksOf(t, o, root, f);
      plan.push(() => clearCompany(root, ciks));
    }
  }
  const total = { files: 0, bytes: 0, targets };
  for (const run of plan) {
    const c = run();
    total.files += c.files;
    total.bytes += c.bytes;
  }
  return total;
}

export async function corpusCache(targets: string[], o: CacheOpts, f: Factory): Promise<CacheStats> {
  const { io } = f;
  const root = await f.cacheRoot();
  if (targets.length > 0 && !o.clear)
    throw new UsageError('a ticker or an accession number goes with --clear: filings corpus cache --clear AAPL');
  const before = cacheStats(root);
  if (targets.length > 0) {
    const cleared = await clearTargets(targets, o, root, f);
    if (o.json) io.stdout.write(json({ path: root, cleared }));
    else io.stdout.write(`Cleared ${cleared.files} file(s) (${mb(cleared.bytes)}) of ${targets.join(', ')} from ${root}\n`);
    return before;
  }
  if (o.clear) clearCache(root);
  if (o.json) io.stdout.write(json({ ...before, cleared: Boolean(o.clear) }));
  else io.stdout.write(cacheText(before, Boolean(o.clear)));
  return before;
}

export async function run({ args, opts, f }: ActionContext): Promise<void> {
  await corpusCache(args, opts as CacheOpts, f);
}
