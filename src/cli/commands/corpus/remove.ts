// `filings corpus remove ACCESSION|TICKER`.
import { removeFromIndex } from '../../../engine/corpus-ingest.js';
import type { ActionContext } from '../../command.js';
import { NotFoundError } from '../../errors.js';
import { ensureWritable, json, lockOptions, type CorpusOpts } from './common.js';

export async function run({ args: [key], opts, f, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const indexPath = f.indexPath();
  ensureWritable(indexPath);
  const removed = await removeFromIndex(indexPath, key!, lockOptions(f));
  if (removed.length === 0) throw new NotFoundError(`no filing with accession or ticker "${key}" in ${indexPath}`);
  io.stdout.write(o.json ? json({ removed }) : `Removed ${removed.length} filing(s): ${removed.join(', ')}\n`);
}
