// A bounded body reader: refuses by Content-Length before reading anything, and stops reading a
// chunked (or lying) body the moment it passes the limit, so a client cannot make us buffer more
// than `limit` bytes.
import type { IncomingMessage } from 'node:http';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large'; bytes: number } | { ok: false; reason: 'aborted' };

/** The declared length when it already exceeds the limit (checked before reading), else undefined. */
export function declaredTooLarge(req: IncomingMessage, limit: number): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isFinite(n) && n > limit ? n : undefined;
}

export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (r: BodyResult) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop the flow: the caller answers 413 and closes the connection; the rest is never read.
        req.pause();
        chunks.length = 0;
        done({ ok: false, reason: 'too_large', bytes: size });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done({ ok: true, body: Buffer.concat(chunks, size) });
    const onAborted = () => done({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onAborted);
  });
}
