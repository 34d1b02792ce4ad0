// The stdio transport of `filings mcp`: one JSON-RPC message a line each way, as the SDK's own, but
// every line judged first (jsonrpc-check.ts) so that a malformed one is answered instead of dropped.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { judgeLine, type ErrorReply } from './jsonrpc-check.js';

/** A line longer than this is refused whole (the SDK's transport allows as much). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buffer: Buffer = Buffer.alloc(0);
  /** Past an oversized line's first MAX_LINE_BYTES: its rest is dropped up to the next newline. */
  private skipping = false;
  private started = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    /** Told of every line refused, on one line. */
    private readonly note: (message: string) => void = () => undefined,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end < 0) break;
      const line = this.buffer.toString('utf8', 0, end).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(end + 1);
      if (this.skipping) this.skipping = false;
      else this.handle(line);
    }
    if (this.buffer.length > MAX_LINE_BYTES) {
      this.buffer = Buffer.alloc(0);
      if (!this.skipping)
        this.refuse(
          { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: a line over ${MAX_LINE_BYTES} bytes` } },
          'oversized line',
        );
      this.skipping = true;
    }
  };

  private readonly onStdinError = (e: Error) => this.onerror?.(e);

  private handle(line: string): void {
    const judged = judgeLine(line);
    if (!judged) return;
    if ('message' in judged) {
      this.onmessage?.(judged.message);
      return;
    }
    if (judged.reply) this.refuse(judged.reply, judged.note);
    else this.note(`ignored a message: ${judged.note}`);
  }

  private refuse(reply: ErrorReply | ErrorReply[], why: string): void {
    this.note(`refused a message: ${why}`);
    this.write(reply);
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer = Buffer.alloc(0);
    this.onclose?.();
  }
}
