// `filings mcp` on stdio: the protocol on stdin and stdout (nothing else may write to stdout), until
// the client closes stdin or `stop` is called (SIGTERM, SIGINT); closing aborts the work in flight.
import type { Readable, Writable } from 'node:stream';
import type { McpContext } from './context.js';
import { GuardedStdioTransport } from './guarded-stdio.js';
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
  // A line refused, a failed write: the assistant's MCP log (stderr) shows it, on one line.
  const log = (message: string) => ctx.log(message.replace(/\s*\n\s*/g, ' ').slice(0, 500));
  server.onerror = (e) => log(`protocol error: ${e.message}`);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const stop = () => server.close();
  // The transport does not watch for the end of input: a client that goes away closes stdin.
  io.stdin.once('end', () => void stop());
  await server.connect(new GuardedStdioTransport(io.stdin, io.stdout, log));
  return { closed, stop };
}
