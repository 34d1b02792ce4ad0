// `filings corpus path`: the index path in use (it need not exist yet).
import type { Command } from 'commander';
import { corpusOpts, indexPathOf, processIo, type CorpusOpts, type Io } from './common.js';

export function corpusPath(opts: CorpusOpts, io: Io = processIo()): string {
  const p = indexPathOf(opts, io);
  io.stdout.write(`${p}\n`);
  return p;
}

export async function corpusPathCommand(cmd: Command): Promise<void> {
  corpusPath(corpusOpts(cmd));
}
