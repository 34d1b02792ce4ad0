// Server-Sent Events: frames of `event: <type>\ndata: <one-line JSON>\n\n` (JSON.stringify never
// emits a raw newline, so one data line always suffices), comment heartbeats on quiet streams, and
// headers that stop proxies from buffering.
import type { ServerResponse } from 'node:http';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const HEARTBEAT = ': ping\n\n';

export interface SseWriter {
  readonly opened: boolean;
  /** Writes the status line and headers (once). */
  open(): void;
  send(event: string, data: unknown): void;
  end(): void;
}

/** `onBytes` counts body bytes for the access log. The stream opens with the first frame, or with
 * the first heartbeat when the backend is quiet that long (a later failure is then an error event). */
export function createSseWriter(
  res: ServerResponse,
  opts: { heartbeatMs?: number; headers?: Record<string, string>; onBytes?: (n: number) => void; onOpen?: () => void } = {},
): SseWriter {
  let opened = false;
  let timer: NodeJS.Timeout | undefined;
  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    opts.onBytes?.(Buffer.byteLength(text));
    res.write(text);
  };
  const writer: SseWriter = {
    get opened() {
      return opened;
    },
    open() {
      if (opened) return;
      opened = true;
      opts.onOpen?.();
      res.writeHead(200, { ...SSE_HEADERS, ...opts.headers });
      res.flushHeaders();
    },
    send(event, data) {
      writer.open();
      write(sseFrame(event, data));
    },
    end() {
      if (timer) clearInterval(timer);
      writer.open();
      if (!res.writableEnded) res.end();
    },
  };
  const every = opts.heartbeatMs ?? 15_000;
  if (every > 0) {
    timer = setInterval(() => {
      writer.open();
      write(HEARTBEAT);
    }, every);
    timer.unref();
  }
  res.once('close', () => timer && clearInterval(timer));
  return writer;
}
