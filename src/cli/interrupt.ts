// Ctrl-C (or SIGTERM) during a command. While work runs under `withInterrupt`, the first signal aborts
// it (the backend rejects with AbortedError, exit 130); any later one, and any signal between the work
// and the command's end (while its output is being written), exits 130 at once. Once a command has
// begun work the signal's default action never applies: it would kill the process wherever it is, a
// line half written and exit by signal rather than by code.

let current: AbortController | undefined;
let listening = false;
let exitNow: () => void = () => process.exit(130);

function onSignal(): void {
  if (current && !current.signal.aborted) current.abort();
  else exitNow();
}

/** Runs `work` with a signal that Ctrl-C aborts. */
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (!listening) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    listening = true;
  }
  const controller = new AbortController();
  current = controller;
  try {
    return await work(controller.signal);
  } finally {
    if (current === controller) current = undefined;
  }
}

/** Opens a command's interrupt scope: a signal outside its work ends the process through `exit` (which
 * reports the cancellation as the command's errors are reported). The returned function closes the
 * scope when the command has ended. */
export function interruptScope(exit: () => void): () => void {
  exitNow = exit;
  return () => {
    if (listening) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    listening = false;
    current = undefined;
    exitNow = () => process.exit(130);
  };
}
