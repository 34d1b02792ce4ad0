// A spinner on stderr while the service retrieves, or nothing at all: when disabled every method is
// a no-op, so callers never ask whether they are on a terminal (repomix's way).
import type { Ora } from 'ora';

export interface Spinner {
  start(text: string): void;
  /** Stops with a ✔ line that stays. */
  succeed(text: string): void;
  /** Clears the spinner line (before other output or an error message). */
  stop(): void;
}

/** The spinner off a terminal: every method does nothing. */
export const NO_SPINNER: Spinner = { start() {}, succeed() {}, stop() {} };

/** ora loads only when a spinner will show (it costs ~100 ms of start-up that --json should not pay). */
export async function createSpinner(enabled: boolean, stream: NodeJS.WriteStream = process.stderr): Promise<Spinner> {
  if (!enabled) return NO_SPINNER;
  const { default: ora } = await import('ora');
  // discardStdin would put stdin in raw mode and swallow Ctrl-C; the CLI handles SIGINT itself.
  const spinner: Ora = ora({ stream, discardStdin: false, isEnabled: true, color: 'cyan' });
  return {
    start: (text) => void spinner.start(text),
    succeed: (text) => void (spinner.isSpinning && spinner.succeed(text)),
    stop: () => void (spinner.isSpinning && spinner.stop()),
  };
}

/** Whether a spinner belongs on stderr: a terminal that takes escape codes, colour not refused. */
export function spinnerWanted(opts: { isTTY: boolean; colour: boolean; env: NodeJS.ProcessEnv }): boolean {
  return opts.isTTY && opts.colour && opts.env.TERM !== 'dumb' && !opts.env.CI;
}
