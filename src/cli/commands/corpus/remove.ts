// `filings corpus remove ACCESSION|TICKER`.
import type { Command } from 'commander';
import { removeFromIndex } from '../../../engine/corpus/remove.js';
import { NotFoundError } from '../../errors.js';
import { corpusOpts, indexPathOf, json, lockOptions, processIo, type CorpusOpts, type Io } from './common.js';

export async function corpusRemove(key: string, opts: CorpusOpts, io: Io = processIo()): Promise<string[]> {
  const indexPath = indexPathOf(opts, io);
  const removed = await removeFromIndex(indexPath, key, lockOptions(io));
  if (removed.length === 0) throw new NotFoundError(`no filing with accession or ticker "${key}" in ${indexPath}`);
  io.stdout.write(opts.json ? json({ removed }) : `Removed ${removed.length} filing(s): ${removed.join(', ')}\n`);
  return removed;
}

export async function corpusRemoveCommand(key: string, cmd: Command): Promise<void> {
  await corpusRemove(key, corpusOpts(cmd));
}
