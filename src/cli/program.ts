// The Commander tree, built from one list of command definitions.
//
// Every command has one shape, in src/cli/commands/<name>/:
//   command.ts  its definition (a CommandDef: name, arguments, its options table, help, examples,
//               subcommands) and an action that is only `await import('./action.js')`;
//   action.ts   what it does, given an ActionContext (arguments, options, the shared Io);
//   ...         whatever else only it needs (options.ts when the table is long, render helpers).
// Add the definition to COMMANDS below; help, docs/commands.md (npm run docs) and the
// completion scripts (npm run completions) then cover it. Definitions import nothing heavy, so
// `filings --version` and `--help` stay fast (changesets' way).
import { Command } from 'commander';
import { helpWidth, registerCommand, type CommandDef } from './command.js';
import { completionCommand } from './commands/completion/command.js';
import { configCommand } from './commands/config/command.js';
import { corpusCommand } from './commands/corpus/command.js';
import { figuresCommand } from './commands/figures/command.js';
import { filtersCommand } from './commands/filters/command.js';
import { mcpCommand } from './commands/mcp/command.js';
import { openapiCommand } from './commands/openapi/command.js';
import { queryCommand } from './commands/query/command.js';
import { serveCommand } from './commands/serve/command.js';
import { EXIT_CODE_DOCS } from './exit-codes.js';
import type { Factory } from './factory.js';
import { addOptions, globalOptions } from './options.js';
import { wrap } from './render/wrap.js';
import { packageVersion } from './version.js';

/** Every command, in the order help lists them. */
export const COMMANDS: readonly CommandDef[] = [
  queryCommand,
  figuresCommand,
  filtersCommand,
  serveCommand,
  mcpCommand,
  openapiCommand,
  configCommand,
  corpusCommand,
  completionCommand,
];

/** The exit codes as --help lists them, each meaning wrapped within `width` under its start. */
export function exitCodesHelp(width = 80): string {
  return ['Exit codes:', ...EXIT_CODE_DOCS.flatMap((d) => wrap(d.meaning, width, ' '.repeat(7), `  ${String(d.code).padStart(3)}  `))].join(
    '\n',
  );
}

/** The program; with `only` (the command the arguments start with), that command alone under it: a
 * cold `filings query` need not build the other seven (help and suggestions for anything else, and
 * docs/commands.md and the completions, come from the whole tree). `factory`: the invocation's, handed
 * to the command that runs. */
export function buildProgram(only?: string, factory?: Factory): Command {
  // `completion` writes scripts for the whole tree.
  if (only === 'completion') only = undefined;
  const program = new Command('filings')
    .description('Ask natural-language questions of SEC filings (10-K, 10-Q, 8-K) and get grounded evidence.')
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError()
    // Commander's own errors (unknown option, bad choice) go through main's handler (exit 2), and
    // read like the CLI's other errors: "filings: ..." rather than "error: ...".
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'filings: ')) })
    // Descriptions wrap beside long terms too (Commander's default leaves a column under 40 unwrapped).
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false, minWidthToWrap: 24 })
    .addHelpText('after', () => {
      const width = helpWidth();
      const note = wrap('With no --base-url (flag, FILINGS_BASE_URL or config), commands use the embedded local engine.', width);
      return `\n${note.join('\n')}\n\n${exitCodesHelp(width)}`;
    });
  addOptions(program, globalOptions());
  // Subcommands inherit exitOverride and the output configuration from the program.
  for (const def of COMMANDS) if (only === undefined || def.name === only) registerCommand(program, def, factory);
  return program;
}
