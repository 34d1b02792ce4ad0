// `filings corpus init [--if-missing]`: (re)build the index from the sample corpus (the sample_corpus
// setting: FILINGS_SAMPLE_CORPUS, the profile, or ../shared/corpus beside the package).
import { existsSync } from 'node:fs';
import { sampleConstituents, sampleFilingsDir } from '../../../engine/corpus-ingest.js';
import type { ActionContext } from '../../command.js';
import { NotFoundError } from '../../errors.js';
import { ingest } from './add.js';
import { json, type CorpusOpts } from './common.js';

export async function run({ opts, f, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const indexPath = f.indexPath();
  if (o.ifMissing && existsSync(indexPath)) {
    io.stdout.write(o.json ? json({ index: indexPath, skipped: true }) : `An index exists at ${indexPath}; nothing to do.\n`);
    return;
  }
  // The corpus's layout (filings/, constituents.csv) is the engine's to know.
  const corpus = f.settings().sampleCorpus;
  const filings = sampleFilingsDir(corpus);
  if (!existsSync(filings)) {
    throw new NotFoundError(
      `no sample corpus at ${corpus} (set FILINGS_SAMPLE_CORPUS or "filings config ` +
        `set sample_corpus DIR", or use "filings corpus add PATH...")`,
    );
  }
  const constituents = sampleConstituents(corpus);
  await ingest({ paths: [filings], indexPath, constituents: existsSync(constituents) ? constituents : undefined, fresh: true }, o, f);
}
