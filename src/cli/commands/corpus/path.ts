// `filings corpus path`: the index path in use (it need not exist yet).
import type { ActionContext } from '../../command.js';
import { indexPathOf, type CorpusOpts } from './common.js';

export async function run({ opts, io }: ActionContext): Promise<void> {
  io.stdout.write(`${indexPathOf(opts as CorpusOpts, io.env)}\n`);
}
