// `filings serve`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';
import type { OptionDef } from '../../options.js';

export const SERVE_OPTIONS: OptionDef[] = [
  { flags: '--host <host>', description: 'address to listen on', group: 'Server', default: '127.0.0.1' },
  { flags: '--port <port>', description: 'port to listen on (0: any free port)', group: 'Server', default: '8080' },
  { flags: '--domain <domain>', description: 'the domain path segment served', group: 'Server', default: 'sandp_500' },
  {
    flags: '--keys-file <file>',
    description: 'accepted API keys, one per line (lines starting with # are comments); also FILINGS_SERVER_KEYS=k1,k2',
    group: 'Server',
  },
  { flags: '--allow-short-keys', description: 'accept keys shorter than 16 characters', group: 'Server' },
  { flags: '--no-auth', description: 'accept requests without a key (only on a loopback host)', group: 'Server' },
  { flags: '--workers <n>', description: 'query worker threads', group: 'Server', defaultText: 'the number of cores' },
  { flags: '--rate-limit <n>', description: 'requests per second per key; 0 disables', group: 'Server', default: '10' },
  {
    flags: '--rate-burst <n>',
    description: 'requests a key may send at once before the rate applies',
    group: 'Server',
    defaultText: '32, or 2n if more',
  },
  {
    flags: '--request-timeout <seconds>',
    description: 'deadline of a request, queueing included (503 or an SSE error past it); 0: none',
    group: 'Server',
    default: '30',
  },
  {
    flags: '--key-concurrency <n>',
    description: 'queries one key may run at once',
    group: 'Server',
    defaultText: 'workers - 1, at least 1',
  },
  { flags: '--key-queue <n>', description: 'queries one key may have waiting for a worker (429 beyond)', group: 'Server', default: '32' },
  {
    flags: '--max-connections <n>',
    description: 'open connections in all (503 beyond)',
    group: 'Server',
    defaultText: '1000, fewer when the open-file limit is low',
  },
  {
    flags: '--max-connections-per-address <n>',
    description: 'open connections from one client address (503 beyond)',
    group: 'Server',
    default: '128',
  },
  {
    flags: '--trust-proxy <addresses>',
    description: "reverse proxies (IPs, CIDR ranges or 'loopback') whose X-Forwarded-For names the client",
    group: 'Server',
  },
  {
    flags: '--shutdown-timeout <seconds>',
    description: 'on SIGTERM/SIGINT, how long in-flight requests may finish',
    group: 'Server',
    default: '10',
  },
  { flags: '--log-format <format>', description: 'access log on stderr', group: 'Server', choices: ['json', 'off'], default: 'json' },
  { flags: '--watch-interval <ms>', description: 'how often the index file is checked for replacement', default: '1000', hidden: true },
  { flags: '--backend-module <path>', description: 'module exporting openBackend(data) for the workers (tests)', hidden: true },
];

export const serveCommand: CommandDef = {
  name: 'serve',
  description: 'serve the contract over HTTP: POST /v2/<domain>/query, GET /v2/<domain>/metadata-filters, /v2/openapi.json, /healthz',
  options: SERVE_OPTIONS,
  help: `The index comes from --index, FILINGS_INDEX, the profile's index, or the default path, as for every
command. Keys are never logged; the access log shows the first 8 hex digits of each key's SHA-256. Keys
have at least 16 characters. Running several replicas behind nginx, and every limit: docs/server.md.`,
  examples: [
    'FILINGS_SERVER_KEYS="$(openssl rand -hex 24)" filings serve --port 8080',
    'filings serve --keys-file /etc/filings/keys --host 127.0.0.1 --trust-proxy 127.0.0.1   # behind nginx',
    'filings serve --no-auth --port 0 --log-format off     # local use only',
    `curl -H "X-API-Key: $FILINGS_API_KEY" -H 'Content-Type: application/json' \\
      -d '{"query":"supply chain risks"}' http://127.0.0.1:8080/v2/sandp_500/query`,
  ],
  action: async (ctx) => (await import('./action.js')).runServe(ctx),
};
