// `filings corpus init [--if-missing]`: (re)build the index from the sample corpus.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { sampleConstituents, sampleCorpusDir, sampleFilingsDir } from '../../../engine/corpus/sample.js';
import { NotFoundError } from '../../errors.js';
import { ingest } from './add.js';
import { corpusOpts, indexPathOf, json, processIo, type CorpusOpts, type Io } from './common.js';
import type { AddSummary } from './summary.js';

export async function corpusInit(opts: CorpusOpts, io: Io = processIo()): Promise<AddSummary | null> {
  const indexPath = indexPathOf(opts, io);
  if (opts.ifMissing && existsSync(indexPath)) {
    if (opts.json) io.stdout.write(json({ index: indexPath, skipped: true }));
    else io.stdout.write(`An index exists at ${indexPath}; nothing to do.\n`);
    return null;
  }
  const filings = sampleFilingsDir(io.env);
  if (!existsSync(filings)) {
    throw new NotFoundError(`no sample corpus at ${sampleCorpusDir(io.env)} (set FILINGS_SAMPLE_CORPUS, or use "filings corpus add PATH...")`);
  }
  const constituents = sampleConstituents(io.env);
  return ingest({ paths: [filings], indexPath, constituents: existsSync(constituents) ? constituents : undefined, fresh: true }, opts, io);
}

export async function corpusInitCommand(cmd: Command): Promise<void> {
  await corpusInit(corpusOpts(cmd));
}
