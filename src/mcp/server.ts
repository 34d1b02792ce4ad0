// The MCP server: tools, resources and prompts over whatever backend the command hands in.
//
// Built on the SDK's low-level Server rather than McpServer: McpServer takes zod schemas and converts
// and validates them itself, so the advertised input schemas would lack the contract's generated
// metadata_filters schema and bad arguments would be answered with zod's messages; here the schemas
// are JSON Schema generated from the contract (json-schema.ts) and the contract validates (tool.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpContext } from './context.js';
import { protocolError } from './errors.js';
import { progressFor, reporterFor } from './progress.js';
import { RESEARCH_COMPANY, researchCompany } from './prompts.js';
import { listResources, readResource } from './resources.js';
import { TOOLS } from './tools/index.js';

function instructions(ctx: McpContext): string {
  return [
    `Grounded evidence from SEC filings (10-K, 10-Q, 8-K) of S&P 500 companies, from ${ctx.serving}.`,
    'Call query_filings with one focused question (name the company and fiscal year) and answer only ' +
      'from the evidence it returns, citing source ids exactly as shown: [A], [B, C].',
    'list_metadata_filters gives the filter fields and the values the index holds; filters need mode research or agentic_research.',
    ...(ctx.listFilings ? ['list_filings shows which filings the local index holds.'] : []),
    ...(ctx.pullFilings ? ["pull_filings fetches a company's filings from SEC EDGAR into it when a question needs ones it lacks."] : []),
  ].join(' ');
}

/** The server validates JSON Schema only for elicitation, which it never asks for; the SDK's default
 * validator compiles an Ajv instance at start-up (10-25 ms of the first tools/list). */
const NO_ELICITATION = {
  getValidator(): never {
    throw new Error('filings mcp does not ask the client for input');
  },
};

/** The server; closing it aborts the calls in flight (the SDK aborts their signals). */
export function createMcpServer(ctx: McpContext): Server {
  const server = new Server(
    { name: 'filings', title: 'SEC filings evidence', version: ctx.version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: instructions(ctx), jsonSchemaValidator: NO_ELICITATION },
  );
  const offered = () => TOOLS.filter((t) => t.available(ctx));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: offered().map((t) => t.info(ctx)) }));

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = offered().find((t) => t.name === request.params.name);
    if (!tool) {
      throw protocolError(
        ErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}" (tools: ${offered()
          .map((t) => t.name)
          .join(', ')})`,
      );
    }
    const report = reporterFor(extra._meta?.progressToken, extra.sendNotification);
    return tool.call(request.params.arguments ?? {}, { ctx, signal: extra.signal, report, progress: progressFor(report) });
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => readResource(request.params.uri, ctx, extra.signal));

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [RESEARCH_COMPANY] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== RESEARCH_COMPANY.name) {
      throw protocolError(ErrorCode.InvalidParams, `Unknown prompt "${request.params.name}" (prompts: ${RESEARCH_COMPANY.name})`);
    }
    return researchCompany(request.params.arguments, ctx);
  });

  return server;
}
