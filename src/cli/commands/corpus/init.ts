// `filings corpus init [--if-missing]`: (re)build the index from the sample corpus.
import { existsSync } from 'node:fs';
import { sampleConstituents, sampleCorpusDir, sampleFilingsDir } from '../../../engine/corpus/sample.js';
import type { ActionContext } from '../../command.js';
import { NotFoundError } from '../../errors.js';
import { ingest } from './add.js';
import { indexPathOf, json, type CorpusOpts } from './common.js';

export async function run({ opts, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const indexPath = indexPathOf(o, io.env);
  if (o.ifMissing && existsSync(indexPath)) {
    io.stdout.write(o.json ? json({ index: indexPath, skipped: true }) : `An index exists at ${indexPath}; nothing to do.\n`);
    return;
  }
  const filings = sampleFilingsDir(io.env);
  if (!existsSync(filings)) {
    throw new NotFoundError(`no sample corpus at ${sampleCorpusDir(io.env)} (set FILINGS_SAMPLE_CORPUS, or use "filings corpus add PATH...")`);
  }
  const constituents = sampleConstituents(io.env);
  await ingest({ paths: [filings], indexPath, constituents: existsSync(constituents) ? constituents : undefined, fresh: true }, o, io);
}
