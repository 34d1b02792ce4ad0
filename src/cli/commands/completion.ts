// `filings completion bash|zsh|fish`: definitions only; the generator loads when the command runs.
import { Argument, type Command } from 'commander';

export function registerCompletionCommand(program: Command): Command {
  return program
    .command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      `
The scripts are generated from the command tree (commands, options, choices, filter fields);
copies are in completions/ of the package.

Examples:
  $ filings completion bash > ~/.local/share/bash-completion/completions/filings
  $ filings completion zsh > "\${fpath[1]}/_filings"
  $ filings completion fish > ~/.config/fish/completions/filings.fish
  $ source <(filings completion bash)          # this shell only`,
    )
    .action(async (shell: 'bash' | 'zsh' | 'fish') => {
      const { completionScript } = await import('../completion/script.js');
      process.stdout.write(completionScript(shell));
    });
}
