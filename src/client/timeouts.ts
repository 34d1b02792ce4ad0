// The three timeouts of the remote client. There is deliberately no whole-request timeout: a stream
// may legitimately run for minutes, and the idle timeout already catches one that went silent.
import { dropUndefined } from '../retry.js';

export interface Timeouts {
  /** Establishing the TCP (and TLS, and proxy) connection. */
  connectMs: number;
  /** From the request being sent to the response headers (the first byte). A non-streaming query
   * computes the whole answer before replying, hence the generous default. */
  firstByteMs: number;
  /** No byte received for this long while reading a body or a stream. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 10_000,
  firstByteMs: 120_000,
  idleMs: 120_000,
};

export function resolveTimeouts(given: Partial<Timeouts> | undefined): Timeouts {
  const t = { ...DEFAULT_TIMEOUTS, ...dropUndefined(given ?? {}) };
  for (const [name, value] of Object.entries(t)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`timeouts.${name} must be a positive number of milliseconds`);
  }
  return t;
}

/** "1.5 s", "800 ms": durations as people read them in an error message. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}
