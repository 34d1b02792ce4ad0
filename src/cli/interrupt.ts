// Ctrl-C aborts the work in progress (the backend rejects with AbortedError, exit 130); a second
// Ctrl-C exits at once.
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let pressed = 0;
  const onSignal = () => {
    pressed++;
    if (pressed > 1) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    // Once interrupted, the command is ending: another Ctrl-C meanwhile still exits 130 at once, not by
    // the signal's default action, which kills the process wherever it is (a line half written).
    if (pressed === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
