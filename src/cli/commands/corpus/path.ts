// `filings corpus path`: the index path in use (it need not exist yet).
import type { ActionContext } from '../../command.js';

export async function run({ f, io }: ActionContext): Promise<void> {
  io.stdout.write(`${f.indexPath()}\n`);
}
