// A new user's setup: the desktop-assistant configuration of docs/mcp.md, started as an assistant would
// (command, args and env from the snippet; `filings` is bin/filings.js here, the index the sample's),
// lists the tools and gets grounded evidence for a question.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, connect, ensureBuilt, textOf } from './helpers.js';
import { sampleIndexPath } from '../helpers/sample.js';

const section = readFileSync(resolve(__dirname, '../../docs/mcp.md'), 'utf8');

describe("docs/mcp.md's configuration", () => {
  it('starts a server that answers a question with evidence from the local index', async () => {
    ensureBuilt();
    const config = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(section)![1]!) as {
      mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    };
    const server = config.mcpServers.filings!;
    expect(server.command).toBe('filings');
    expect(Object.keys(server.env)).toEqual(['FILINGS_INDEX']);
    expect(section).toContain(`-- ${server.command} ${server.args.join(' ')}`); // the coding agent's line agrees

    const mcp = await connect(cleanEnv({ ...server.env, FILINGS_INDEX: sampleIndexPath() }), server.args);
    try {
      expect((await mcp.client.listTools()).tools.map((t) => t.name)).toEqual([
        'query_filings',
        'list_metadata_filters',
        'list_filings',
        'pull_filings',
      ]);
      const text = textOf(
        await mcp.client.callTool({
          name: 'query_filings',
          arguments: { query: 'Is Boeing subject to cyclicality in its commercial aircraft business?' },
        }),
      );
      expect(text).toMatch(/<source id="A" ticker="BA" /);
      expect(text).toMatch(/<entry sources="[A-Z ]+"/);
    } finally {
      await mcp.close();
    }
  });
});
