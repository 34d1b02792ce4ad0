// Progress of `corpus pull` on a TTY: one line on stderr, rewritten in place (companies whose facts
// are fetched, then filings done of total, bytes, rate, time left, the filing being fetched).
import type { PullProgress } from '../../../edgar/pull.js';
import type { Output } from '../../io.js';

export function pullProgressLine(p: PullProgress): string {
  const secs = p.elapsedMs / 1000;
  const rate = secs > 0 ? p.bytes / 1e6 / secs : 0;
  const left = p.done > 0 ? (secs * (p.total - p.done)) / p.done : 0;
  const eta = p.done > 0 ? `${Math.ceil(left)} s left` : 'estimating';
  if (p.facts)
    return `Pulling company facts ${p.done}/${p.total}  ${(p.bytes / 1e6).toFixed(1)} MB  ${rate.toFixed(2)} MB/s${p.current ? `  ${p.current}` : ''}`;
  return `Pulling ${p.done}/${p.total} filings  ${(p.bytes / 1e6).toFixed(1)} MB  ${rate.toFixed(2)} MB/s  ${eta}${p.current ? `  ${p.current}` : ''}`;
}

export function pullProgress(stream: Output, enabled = true): { update: (p: PullProgress) => void; done: () => void } {
  if (!stream.isTTY || !enabled) return { update: () => {}, done: () => {} };
  let last = 0;
  let shown = false;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 100 && p.done < p.total) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${pullProgressLine(p).slice(0, Math.max(20, (stream.columns ?? 100) - 1))}`);
    },
    done: () => {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
