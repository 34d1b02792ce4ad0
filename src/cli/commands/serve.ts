// `filings serve`: option definitions only; the action (serve/action.ts) loads when it runs.
import { Option, type Command } from 'commander';

export function registerServeCommand(program: Command): Command {
  const cmd = program
    .command('serve')
    .description('serve the contract over HTTP: POST /v2/<domain>/query, GET /v2/<domain>/metadata-filters, /v2/openapi.json, /healthz')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', '8080')
    .option('--domain <domain>', 'the domain path segment served', 'sandp_500')
    .option('--keys-file <file>', 'accepted API keys, one per line (# comments); also FILINGS_SERVER_KEYS=k1,k2')
    .option('--no-auth', 'accept requests without a key (only on a loopback host)')
    .option('--workers <n>', 'query worker threads (default: the number of cores)')
    .option('--rate-limit <n>', 'requests per second per key (burst 2n); 0 disables', '10')
    .option('--shutdown-timeout <seconds>', 'on SIGTERM/SIGINT, how long in-flight requests may finish', '10')
    .addOption(new Option('--log-format <format>', 'access log on stderr').choices(['json', 'off']).default('json'))
    .addOption(new Option('--watch-interval <ms>', 'how often the index file is checked for replacement').default('1000').hideHelp())
    .addOption(new Option('--backend-module <path>', 'module exporting openBackend(data) for the workers (tests)').hideHelp())
    .addHelpText(
      'after',
      `
The index comes from --index, FILINGS_INDEX, or the default path. Keys are never logged; the access
log shows the first 8 hex digits of each key's SHA-256.

Examples:
  $ FILINGS_SERVER_KEYS=secret filings serve --port 8080
  $ filings serve --no-auth --port 0 --log-format off     # local use only
  $ curl -H 'X-API-Key: secret' -H 'Content-Type: application/json' \\
      -d '{"query":"supply chain risks"}' http://127.0.0.1:8080/v2/sandp_500/query`,
    )
    .action(async (_opts: unknown, c: Command) => {
      const { runServe } = await import('./serve/action.js');
      await runServe(c);
    });
  return cmd;
}
