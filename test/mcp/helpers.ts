// `filings mcp` as a real child process on stdio, driven by the SDK's own client, the way an assistant
// starts it: the built bin/filings.js, a clean environment, the sample index.
import { readdirSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, cleanEnv } from '../cli/run-cli.js';
import { sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';

export { BIN, cleanEnv };
export { ensureBuilt } from '../server/helpers.js';

export interface Connected {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** The server process id. */
  pid: number;
  close(): Promise<void>;
}

/** The environment of a server over the sample index. */
export const localEnv = (extra: Record<string, string | undefined> = {}) => cleanEnv({ FILINGS_INDEX: sampleIndexPath(), ...extra });

/** Starts `node bin/filings.js <args>` (default: mcp) and connects the SDK's client to it over stdio. */
export async function connect(env: NodeJS.ProcessEnv, args: string[] = ['mcp']): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'filings-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, pid: transport.pid!, close: () => client.close() };
}

/** The text of a tool result (every tool answers with one text block). */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (content.length !== 1 || first?.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(content)}`);
  return first.text;
}

/** Sample-corpus file names: CIK_FORM_YEAR_ACCESSION.json.gz. */
export const corpusFiles = (): string[] => readdirSync(sampleFilingsDir()).filter((f) => f.endsWith('.json.gz'));

/** The corpus file of an EDGAR address (its path holds the CIK and the accession without dashes). */
export function corpusFileOf(url: string): string | undefined {
  const m = /\/edgar\/data\/(\d+)\/(\d{18})\//.exec(url);
  if (!m) return undefined;
  const accession = `${m[2]!.slice(0, 10)}-${m[2]!.slice(10, 12)}-${m[2]!.slice(12)}`;
  return corpusFiles().find((f) => f.startsWith(`${m[1]}_`) && f.includes(accession));
}

/** Waits until `check` holds, polling; throws after `ms`. */
export async function until(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
