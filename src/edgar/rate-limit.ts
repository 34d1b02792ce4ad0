// At most N request starts in any one-second window, across the whole process (EDGAR allows 10 a
// second; we stay at 8). A sliding window of start times: a request waits until the oldest of the
// last N starts is a second old, plus a tenth of a second, so that network jitter cannot make EDGAR see N + 1
// arrivals within one of its seconds. Starts are spaced evenly too (the window over N), never a burst
// of N: a burst's requests reach EDGAR as late as the process sends them, and a process busy storing
// what came back sends the last of one burst near the first of the next. Waiters are served in order.

export class RateLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** The least time between two starts. */
  private readonly spacingMs: number;

  constructor(
    readonly perSecond: number,
    private readonly windowMs = 1100,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.spacingMs = windowMs / perSecond;
  }

  /** Resolves when a request may start; records that start. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const t = this.now();
        while (this.starts.length > 0 && t - this.starts[0]! >= this.windowMs) this.starts.shift();
        const last = this.starts[this.starts.length - 1];
        const spaced = last === undefined || t - last >= this.spacingMs;
        if (this.starts.length < this.perSecond && spaced) {
          this.starts.push(t);
          return;
        }
        const untilWindow = this.starts.length < this.perSecond ? 0 : this.windowMs - (t - this.starts[0]!);
        const untilSpaced = spaced ? 0 : this.spacingMs - (t - last!);
        await this.sleep(Math.max(untilWindow, untilSpaced) + 1);
      }
    });
    this.queue = turn.catch(() => {});
    return turn;
  }
}

/** The one limiter every EDGAR request of this process goes through. */
export const EDGAR_RATE = new RateLimiter(8);
