// A request's deadline: a signal that fires when the client goes away or when the request has run
// `ms` since it arrived (queueing included), and which of the two it was.
export interface Deadline {
  signal: AbortSignal;
  /** True once the deadline passed (as opposed to the client going away). */
  readonly expired: boolean;
  /** Stops the timer (the request is answered). */
  clear(): void;
}

/** `ms` 0 means no deadline: the signal is the parent's. */
export function deadlineFor(parent: AbortSignal, startedAt: number, ms: number): Deadline {
  if (!(ms > 0)) return { signal: parent, expired: false, clear() {} };
  const controller = new AbortController();
  let expired = false;
  const onParent = () => controller.abort();
  parent.addEventListener('abort', onParent, { once: true });
  if (parent.aborted) controller.abort();
  const timer = setTimeout(
    () => {
      expired = true;
      controller.abort();
    },
    Math.max(0, startedAt + ms - performance.now()),
  );
  timer.unref();
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    clear() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}

/** Resolves true after `ms`, or false as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
