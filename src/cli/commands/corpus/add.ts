// `filings corpus add PATH...` and the ingest both it and `corpus init` run.
import { statSync } from 'node:fs';
import {
  buildIndex,
  defaultConstituents,
  discoverFiles,
  isCalendarDate,
  loadConstituents,
  type Constituent,
} from '../../../engine/corpus-ingest.js';
import type { ActionContext } from '../../command.js';
import { CancelledError, CliError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { withInterrupt } from '../../interrupt.js';
import type { Factory } from '../../factory.js';
import type { Io } from '../../io.js';
import { ensureWritable, json, lockOptions, type CorpusOpts } from './common.js';
import { ttyProgress } from './progress.js';
import { failuresText, summarize, summaryText, type AddSummary } from './summary.js';

export interface IngestInput {
  paths: string[];
  indexPath: string;
  constituents?: string;
  /** Build a new index rather than add to the existing one. */
  fresh?: boolean;
  /** --filed: the filing date of a saved EDGAR document whose date nothing else gives. */
  filed?: string;
}

async function constituentsFor(input: IngestInput, io: Io): Promise<Map<string, Constituent>> {
  const file = input.constituents ?? defaultConstituents(input.paths);
  if (!file) {
    io.stderr.write(
      'filings: warning: no constituents.csv found beside the filings (use --constituents FILE): tickers and GICS fields stay empty\n',
    );
    return new Map();
  }
  try {
    return await loadConstituents(file);
  } catch (e) {
    throw new UsageError(`cannot read the constituents file ${file}: ${(e as Error).message}`);
  }
}

/** Ingests, prints the summary, and throws (exit 2) when some file failed. */
export async function ingest(input: IngestInput, opts: CorpusOpts, f: Factory): Promise<AddSummary> {
  const { io } = f;
  ensureWritable(input.indexPath);
  const { files, missing } = discoverFiles(input.paths);
  if (files.length === 0) {
    throw new UsageError(`no filings to add: ${missing.map((m) => `${m.file} (${m.error})`).join(', ') || 'no paths given'}`);
  }
  const constituents = await constituentsFor(input, io);
  const sizes = files.map((f) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  });
  const lock = lockOptions(f);
  const downloads = await f.cacheRoot();
  const progress = ttyProgress(io.stderr, !opts.json);
  const result = await withInterrupt(async (signal) => {
    try {
      return await buildIndex({
        indexPath: input.indexPath,
        files,
        sizes,
        constituents,
        fresh: input.fresh,
        filed: input.filed,
        downloads,
        onProgress: progress.update,
        signal,
        lock,
      });
    } catch (e) {
      // Ctrl-C: the temporary file is gone and the previous index is untouched.
      if (signal.aborted) throw new CancelledError('Interrupted: the index was left as it was');
      throw e;
    }
  }).finally(progress.done);
  const summary = summarize(result, missing);
  const failed = summary.failed.length > 0;
  // With --json and failures, the summary is the error's body: the one JSON document on stdout.
  if (opts.json && !failed) io.stdout.write(json(summary));
  if (!opts.json) io.stdout.write(await summaryText(summary, io));
  io.stderr.write(failuresText(summary));
  if (failed) {
    const message = `${summary.failed.length} of ${files.length + missing.length} input(s) could not be ingested (named above); the others were added`;
    throw new CliError(message, EXIT.USAGE, opts.json ? summary : undefined);
  }
  return summary;
}

export async function run({ args: paths, opts, f }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts & { filed?: string };
  if (o.filed !== undefined && !isCalendarDate(o.filed)) throw new UsageError(`--filed takes a date YYYY-MM-DD; got "${o.filed}"`);
  await ingest({ paths, indexPath: f.indexPath(), constituents: o.constituents, filed: o.filed }, o, f);
}
