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

/** A terminal's width as ora may use it: one that says 0 columns (`script` without a size, some CI and
 * `docker -t` sessions) or none is taken as 80, never divided by. */
export function spinnerColumns(columns: number | undefined): number {
  return columns !== undefined && Number.isFinite(columns) && columns > 0 ? Math.floor(columns) : 80;
}

/** What ora needs of the terminal stream, its width never 0: ora counts the lines to clear by dividing
 * by it, and a 0 made that count infinite (a clearing loop writing without end). */
function terminal(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  return {
    isTTY: true,
    get columns() {
      return spinnerColumns(stream.columns);
    },
    get rows() {
      return stream.rows;
    },
    write: (...args: Parameters<NodeJS.WriteStream['write']>) => stream.write(...args),
    cursorTo: (...args: Parameters<NodeJS.WriteStream['cursorTo']>) => stream.cursorTo(...args),
    moveCursor: (...args: Parameters<NodeJS.WriteStream['moveCursor']>) => stream.moveCursor(...args),
    clearLine: (...args: Parameters<NodeJS.WriteStream['clearLine']>) => stream.clearLine(...args),
    once: (...args: Parameters<NodeJS.WriteStream['once']>) => stream.once(...args),
    removeListener: (...args: Parameters<NodeJS.WriteStream['removeListener']>) => stream.removeListener(...args),
  } as unknown as NodeJS.WriteStream;
}

/** The spinner's text cut to one line of the terminal: a redraw then clears exactly that line. */
function oneLine(text: string, stream: NodeJS.WriteStream): string {
  const room = spinnerColumns(stream.columns) - 3;
  return [...text].length > room ? `${[...text].slice(0, Math.max(1, room - 1)).join('')}…` : text;
}

/** ora loads only when a spinner will show (it costs ~100 ms of start-up that --json should not pay). */
export async function createSpinner(enabled: boolean, stream: NodeJS.WriteStream = process.stderr): Promise<Spinner> {
  if (!enabled) return NO_SPINNER;
  const { default: ora } = await import('ora');
  // discardStdin would put stdin in raw mode and swallow Ctrl-C; the CLI handles SIGINT itself.
  const spinner: Ora = ora({ stream: terminal(stream), discardStdin: false, isEnabled: true, color: 'cyan' });
  return {
    start: (text) => void spinner.start(oneLine(text, stream)),
    succeed: (text) => void (spinner.isSpinning && spinner.succeed(text)),
    stop: () => void (spinner.isSpinning && spinner.stop()),
  };
}

/** Whether a spinner belongs on stderr: a terminal that takes escape codes, colour not refused. */
export function spinnerWanted(opts: { isTTY: boolean; colour: boolean; env: NodeJS.ProcessEnv }): boolean {
  return opts.isTTY && opts.colour && opts.env.TERM !== 'dumb' && !opts.env.CI;
}
