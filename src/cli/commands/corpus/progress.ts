// Progress of `corpus add` on a TTY: one line on stderr, rewritten in place (files, MB/s, time left).
import type { BuildProgress } from '../../../engine/corpus-ingest.js';
import type { Output } from '../../io.js';

export function progressLine(p: BuildProgress): string {
  const secs = p.elapsedMs / 1000;
  const rate = secs > 0 ? p.textChars / 1e6 / secs : 0;
  const frac = p.bytesTotal > 0 ? p.bytesDone / p.bytesTotal : p.filesDone / Math.max(1, p.filesTotal);
  const left = frac > 0 ? (secs * (1 - frac)) / frac : 0;
  return `Indexing ${p.filesDone}/${p.filesTotal} files  ${rate.toFixed(1)} MB/s of text  ${Math.ceil(left)} s left`;
}

/** Progress on `stream` when it is a TTY and `enabled` (off under --json); otherwise nothing. */
export function ttyProgress(stream: Output, enabled = true): { update: (p: BuildProgress) => void; done: () => void } {
  if (!stream.isTTY || !enabled) return { update: () => {}, done: () => {} };
  let last = 0;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 100 && p.filesDone < p.filesTotal) return;
      last = now;
      stream.write(`\r\x1b[2K${progressLine(p)}`);
    },
    done: () => stream.write('\r\x1b[2K'),
  };
}
