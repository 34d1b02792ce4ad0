// `filings completion SHELL`: the script generated from the program this command belongs to.
import type { Command } from 'commander';
import type { ActionContext } from '../../command.js';
import { completionScript, type Shell } from '../../completion/script.js';

function root(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

export async function runCompletion({ args: [shell], command, io }: ActionContext): Promise<void> {
  io.stdout.write(completionScript(shell as Shell, root(command)));
}
