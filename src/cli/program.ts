// The Commander tree. Definitions only: each action loads its module when it runs, so `filings
// --version` and `--help` stay fast (changesets' way).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { packageRoot } from '../package-root.js';
import { registerCompletionCommand } from './commands/completion.js';
import { registerCorpusCommands } from './commands/corpus.js';
import { registerServeCommand } from './commands/serve.js';
import { EXIT_CODE_DOCS } from './exit-codes.js';
import { addOptions, GLOBAL_OPTIONS, QUERY_OPTIONS } from './options.js';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export function exitCodesHelp(): string {
  return ['Exit codes:', ...EXIT_CODE_DOCS.map((d) => `  ${String(d.code).padStart(3)}  ${d.meaning}`)].join('\n');
}

const QUERY_EXAMPLES = `
Examples:
  $ filings query "What was 3M's capital expenditure in FY2018?"
  $ filings query --answer -f ticker=KO -f year=2022 "dividend payout"
  $ filings query -f sector="Information Technology" -f filed>=2023-01-01 "supply chain risks"
  $ echo "Is Boeing's business cyclical?" | filings query --json | jq .summary
  $ filings query --jsonl --answer "Pfizer Upjohn spin-off" | jq -r 'select(.event=="answer.delta") | .data.delta'
  $ filings query --dry-run --curl --mode agentic_research "Compare AMD and NVIDIA R&D"
  $ filings query --min-evidence 3 --json "Pfizer Upjohn spin-off" > /dev/null   # CI smoke check`;

export function buildProgram(): Command {
  const program = new Command('filings')
    .description('Ask natural-language questions of SEC filings (10-K, 10-Q, 8-K) and get grounded evidence.')
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError()
    .exitOverride()
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText('after', `\nWith no --base-url (flag, FILINGS_BASE_URL or config), commands use the embedded local engine.\n\n${exitCodesHelp()}`);
  addOptions(program, GLOBAL_OPTIONS);

  const query = program
    .command('query')
    .description('ask a question; prints evidence (and an answer with --answer)')
    .argument('[question...]', 'the question; "-" or no argument with piped input reads standard input')
    .addHelpText('after', QUERY_EXAMPLES)
    .action(async (words: string[], _opts: unknown, cmd: Command) => {
      const { runQuery } = await import('./commands/query.js');
      await runQuery(words, cmd);
    });
  addOptions(query, QUERY_OPTIONS);

  program
    .command('filters')
    .description('list the metadata-filter fields, operators, bounds and (with --values) values with counts')
    .option('--values', 'include the values of categorical fields')
    .option('--field <name>', 'only this field (e.g. sec_ticker)')
    .option('--json', 'print the metadata-filters answer as JSON')
    .addHelpText('after', '\nExamples:\n  $ filings filters\n  $ filings filters --values --field sec_ticker\n  $ filings filters --values --json | jq \'.fields[] | {name, n: (.values | length)}\'')
    .action(async (_o: unknown, cmd: Command) => (await import('./commands/filters.js')).runFilters(cmd));

  registerServeCommand(program);

  program
    .command('mcp')
    .description('serve the evidence to AI assistants: a Model Context Protocol server on stdio (tools query_filings, list_metadata_filters, list_filings)')
    .addHelpText('after', '\nAn assistant starts it: command "filings", arguments ["mcp"], env FILINGS_INDEX (optional). See the README, "Assistants: filings mcp".')
    .action(async (_o: unknown, cmd: Command) => (await import('./commands/mcp/action.js')).runMcp(cmd));

  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document of the contract (version 7.12.8)')
    .option('--server <url>', 'add a server URL to the document')
    .action(async (opts: { server?: string }) => {
      const { runOpenApi } = await import('./commands/openapi.js');
      runOpenApi(opts);
    });

  const config = program.command('config').description('show or change the configuration file (profiles, base URL, key)');
  config
    .command('path')
    .description('print the config file path')
    .action(async () => (await import('./commands/config.js')).configPathCommand());
  config
    .command('get')
    .description('print one key of the profile (api_key masked)')
    .argument('<key>')
    .action(async (key: string, _o: unknown, cmd: Command) => (await import('./commands/config.js')).configGet(key, cmd));
  config
    .command('set')
    .description('set a key in the profile (written with mode 0600)')
    .argument('<key>')
    .argument('<value>')
    .action(async (key: string, value: string, _o: unknown, cmd: Command) =>
      (await import('./commands/config.js')).configSet(key, value, cmd),
    );
  config
    .command('unset')
    .description('remove a key from the profile')
    .argument('<key>')
    .action(async (key: string, _o: unknown, cmd: Command) => (await import('./commands/config.js')).configUnset(key, cmd));
  config
    .command('list')
    .description('print the resolved settings and where each comes from (api_key masked)')
    .option('--json', 'as JSON')
    .action(async (_o: unknown, cmd: Command) => (await import('./commands/config.js')).configList(cmd));

  registerCorpusCommands(program);
  registerCompletionCommand(program);

  // Commander's own errors (unknown option, bad choice) exit 2 through main's handler.
  for (const c of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) c.exitOverride();
  return program;
}
