// `filings mcp`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';

export const mcpCommand: CommandDef = {
  name: 'mcp',
  description:
    'serve the evidence to AI assistants: a Model Context Protocol server on stdio (tools query_filings, list_metadata_filters, list_filings, pull_filings)',
  help: 'An assistant starts it: command "filings", arguments ["mcp"], env FILINGS_INDEX (optional). See docs/mcp.md.',
  examples: [`claude mcp add filings -- filings mcp`],
  action: async (ctx) => (await import('./action.js')).runMcp(ctx),
};
