// Progress of `corpus pull` on stderr. On a TTY: one line rewritten in place (companies whose facts are
// fetched, with a bar, then filings done of total, bytes, rate, time left, what is in hand). Off one
// (a log, a pipe): a plain line every PLAIN_EVERY_MS of the run, so a long pull (--all) says how far it
// is without filling the log; a pull shorter than that prints none.
import type { PullProgress } from '../../../edgar/pull.js';
import type { Output } from '../../io.js';

/** How often a plain progress line is written off a terminal. */
export const PLAIN_EVERY_MS = 10_000;
/** The bar's width in characters. */
const BAR = 20;

const left = (p: PullProgress) => {
  const secs = p.elapsedMs / 1000;
  return p.done > 0 ? `${Math.ceil((secs * (p.total - p.done)) / p.done)} s left` : 'estimating';
};

function barOf(done: number, total: number): string {
  const full = total > 0 ? Math.round((BAR * done) / total) : 0;
  return `[${'#'.repeat(full)}${'.'.repeat(BAR - full)}] ${total > 0 ? Math.floor((100 * done) / total) : 0}%`;
}

export function pullProgressLine(p: PullProgress): string {
  const secs = p.elapsedMs / 1000;
  const rate = secs > 0 ? p.bytes / 1e6 / secs : 0;
  const mb = `${(p.bytes / 1e6).toFixed(1)} MB`;
  if (p.facts)
    return `Pulling company facts ${p.done}/${p.total} ${barOf(p.done, p.total)}  ${mb}  ${left(p)}${p.current ? `  ${p.current}` : ''}`;
  return `Pulling ${p.done}/${p.total} filings  ${mb}  ${rate.toFixed(2)} MB/s  ${left(p)}${p.current ? `  ${p.current}` : ''}`;
}

/** A progress line for a log: what is done, in how long, and about how long is left. */
export function plainProgressLine(p: PullProgress): string {
  const what = p.facts ? 'company facts of' : 'filings';
  const pct = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 0;
  const eta = p.done > 0 ? `, about ${left(p)}` : '';
  return `pull: ${what} ${p.done}/${p.total} (${pct}%), ${(p.bytes / 1e6).toFixed(1)} MB in ${Math.round(p.elapsedMs / 1000)} s${eta}`;
}

/** Progress on `stream`: plain lines off a TTY when `plain`, the line rewritten in place on one when `bar`. */
export function pullProgress(stream: Output, plain = true, bar = plain): { update: (p: PullProgress) => void; done: () => void } {
  if (!stream.isTTY) {
    if (!plain) return { update: () => {}, done: () => {} };
    let next = PLAIN_EVERY_MS;
    return {
      update(p) {
        if (p.elapsedMs < next) return;
        next = p.elapsedMs + PLAIN_EVERY_MS;
        stream.write(`${plainProgressLine(p)}\n`);
      },
      done: () => {},
    };
  }
  if (!bar) return { update: () => {}, done: () => {} };
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
