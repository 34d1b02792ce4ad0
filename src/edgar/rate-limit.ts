// At most N request starts in any one-second window, across the whole process (EDGAR allows 10 a
// second; we stay at 8). A sliding window of start times: a request waits until the oldest of the
// last N starts is a second old, plus a tenth of a second, so that network jitter cannot make EDGAR see N + 1
// arrivals within one of its seconds. Waiters are served in order.

export class RateLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly perSecond: number,
    private readonly windowMs = 1100,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when a request may start; records that start. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const t = this.now();
        while (this.starts.length > 0 && t - this.starts[0]! >= this.windowMs) this.starts.shift();
        if (this.starts.length < this.perSecond) {
          this.starts.push(t);
          return;
        }
        await this.sleep(this.windowMs - (t - this.starts[0]!) + 1);
      }
    });
    this.queue = turn.catch(() => {});
    return turn;
  }
}

/** The one limiter every EDGAR request of this process goes through. */
export const EDGAR_RATE = new RateLimiter(8);
