// `filings corpus remove ACCESSION|TICKER`: a filing, or a company's filings and its company facts.
import { removeCompanyFactsOf, removeFromIndex } from '../../../engine/corpus-ingest.js';
import type { ActionContext } from '../../command.js';
import { NotFoundError } from '../../errors.js';
import { ensureWritable, json, lockOptions, type CorpusOpts } from './common.js';

const ACCESSION = /^\s*\d{10}-\d{2}-\d{6}\s*$/;

export async function run({ args: [key], opts, f, io }: ActionContext): Promise<void> {
  const o = opts as CorpusOpts;
  const indexPath = f.indexPath();
  ensureWritable(indexPath);
  const removed = await removeFromIndex(indexPath, key!, lockOptions(f));
  const facts = ACCESSION.test(key!) ? 0 : await removeCompanyFactsOf(indexPath, key!, lockOptions(f));
  if (removed.length === 0 && facts === 0) throw new NotFoundError(`no filing with accession or ticker "${key}" in ${indexPath}`);
  const ofFacts = facts > 0 ? `; its company facts (${facts.toLocaleString('en-US')})` : '';
  io.stdout.write(
    o.json
      ? json({ removed, company_facts: facts })
      : `Removed ${removed.length} filing(s)${removed.length ? `: ${removed.join(', ')}` : ''}${ofFacts}\n`,
  );
}
