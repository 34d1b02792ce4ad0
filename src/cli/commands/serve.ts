// `filings serve`: option definitions only; the action (src/server/serve-command.ts) loads when it runs.
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
    // --- issue 16 limits (server branch): keep together when the command moves ---
    .option('--rate-limit <n>', 'requests per second per key; 0 disables', '10')
    .option('--rate-burst <n>', 'requests a key may send at once before the rate applies (default: 32, or 2n if more)')
    .option('--request-timeout <seconds>', 'deadline of a request, queueing included (503 or an SSE error past it); 0: none', '30')
    .option('--key-concurrency <n>', 'queries one key may run at once (default: workers - 1, at least 1)')
    .option('--key-queue <n>', 'queries one key may have waiting for a worker (429 beyond)', '32')
    // --- end of issue 16 limits ---
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
      const { runServe } = await import('../../server/serve-command.js');
      await runServe(c);
    });
  return cmd;
}
