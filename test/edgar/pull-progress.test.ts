// The progress of `corpus pull` on stderr: on a terminal one line rewritten in place (filings, or
// company facts with a bar), the time left at the pace so far; off one, a plain line every ten seconds
// of a long run, none in a short one.
import { describe, expect, it } from 'vitest';
import { pullProgress, pullProgressLine } from '../../src/cli/commands/corpus/pull-progress.js';

describe('progress on a terminal', () => {
  it('says filings done of total, MB, rate and time left, rewriting one line', () => {
    expect(pullProgressLine({ done: 2, total: 8, bytes: 6e6, elapsedMs: 4000, current: 'AAPL 10-Q 2025-08-01' })).toBe(
      'Pulling 2/8 filings  6.0 MB  1.50 MB/s  12 s left  AAPL 10-Q 2025-08-01',
    );
    // Company facts: a bar, and the time left at the pace so far.
    expect(pullProgressLine({ done: 1, total: 3, bytes: 0.5e6, elapsedMs: 2000, current: 'NVDA company facts', facts: true })).toBe(
      'Pulling company facts 1/3 [#######.............] 33%  0.5 MB  4 s left  NVDA company facts',
    );
    let out = '';
    const write = (s: string) => {
      out += s;
      return true;
    };
    const tty = { isTTY: true, columns: 80, write } as unknown as NodeJS.WritableStream & {
      isTTY: boolean;
    };
    const p = pullProgress(tty);
    p.update({ done: 0, total: 3, bytes: 0, elapsedMs: 0 });
    p.done();
    expect(out).toBe('\r\x1b[2KPulling 0/3 filings  0.0 MB  0.00 MB/s  estimating\r\x1b[2K');
    let piped = '';
    const writePiped = (s: string) => {
      piped += s;
      return true;
    };
    const pipe = { isTTY: false, write: writePiped } as unknown as NodeJS.WritableStream;
    pullProgress(pipe).update({ done: 1, total: 1, bytes: 1, elapsedMs: 1 });
    expect(piped).toBe('');
  });

  it('off a terminal, writes a plain line every ten seconds of a long pull, none in a short one', () => {
    let piped = '';
    const write = (s: string) => {
      piped += s;
      return true;
    };
    const pipe = { isTTY: false, write } as unknown as NodeJS.WritableStream;
    const p = pullProgress(pipe);
    for (let s = 0; s <= 25; s++) p.update({ done: s * 4, total: 200, bytes: s * 1e6, elapsedMs: s * 1000, facts: true });
    expect(piped).toBe(
      'pull: company facts of 40/200 (20%), 10.0 MB in 10 s, about 40 s left\n' +
        'pull: company facts of 80/200 (40%), 20.0 MB in 20 s, about 30 s left\n',
    );
    piped = '';
    // Not for a dry run (nothing is fetched).
    const none = pullProgress(pipe, false);
    none.update({ done: 1, total: 2, bytes: 0, elapsedMs: 60_000 });
    expect(piped).toBe('');
  });
});
