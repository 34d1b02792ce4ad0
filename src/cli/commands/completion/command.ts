// `filings completion bash|zsh|fish`: the definition; the generator loads when the command runs.
import type { CommandDef } from '../../command.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export const completionCommand: CommandDef = {
  name: 'completion',
  description: 'print the shell completion script for bash, zsh or fish',
  args: [{ spec: '<shell>', description: 'the shell', choices: SHELLS }],
  help: `The scripts are generated from the command tree (commands, options, choices, filter fields); the
values of -f FIELD= (tickers, sectors, item tags, ...) come from "filings filters --field FIELD --list"
as you type. Copies are in completions/ of the package.`,
  examples: [
    'filings completion bash > ~/.local/share/bash-completion/completions/filings',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own ${fpath[1]}, for the shell to expand
    'filings completion zsh > "${fpath[1]}/_filings"',
    'filings completion fish > ~/.config/fish/completions/filings.fish',
    'source <(filings completion bash)          # this shell only',
  ],
  action: async (ctx) => (await import('./action.js')).runCompletion(ctx),
};
