// `--dry-run --curl`: the equivalent curl command, with the key masked.
import { maskKey } from './config.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlCommand(baseUrl: string, body: unknown, apiKey: string | undefined): string {
  const stream = (body as { stream?: unknown }).stream === true;
  const lines = [
    `curl -sS -X POST ${shellQuote(`${baseUrl}/query`)}`,
    `-H 'Content-Type: application/json'`,
    `-H ${shellQuote(`Accept: ${stream ? 'text/event-stream' : 'application/json'}`)}`,
    `-H ${shellQuote(`X-API-Key: ${apiKey ? maskKey(apiKey) : '$FILINGS_API_KEY'}`)}`,
    ...(stream ? ['-N'] : []),
    `--data-raw ${shellQuote(JSON.stringify(body))}`,
  ];
  return lines.join(' \\\n  ');
}
