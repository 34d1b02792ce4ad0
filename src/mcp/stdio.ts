// `filings mcp` on stdio: the protocol on stdin and stdout (nothing else may write to stdout), until
// the client closes stdin or `stop` is called (SIGTERM, SIGINT); closing aborts the work in flight.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpContext } from './context.js';
import { createMcpServer } from './server.js';

export interface RunningServer {
  /** Resolves once the server has closed. */
  closed: Promise<void>;
  stop(): Promise<void>;
}

export async function serveStdio(
  ctx: McpContext,
  io: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout },
): Promise<RunningServer> {
  const server = createMcpServer(ctx);
  // A line that is not JSON-RPC, a failed write: the assistant's MCP log (stderr) should show it.
  server.onerror = (e) => ctx.log(`protocol error: ${e.message}`);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const stop = () => server.close();
  // The transport does not watch for the end of input: a client that goes away closes stdin.
  io.stdin.once('end', () => void stop());
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  return { closed, stop };
}
