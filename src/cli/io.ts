// The one I/O object of a command: its streams and the decisions that depend on them, made in one
// place — a terminal or not, how wide, colour or not, a spinner or not — so query, corpus, config and
// the rest decide them alike. processIo() is the process's; memoryIo() is its test double.
import type { ChalkInstance } from 'chalk';
import { CancelledError } from './errors.js';
import { withInterrupt } from './interrupt.js';
import { colorLevel, makeChalk } from './render/color.js';
import { layoutWidth } from './render/wrap.js';
import { createSpinner, spinnerWanted, type Spinner } from './spinner.js';

export interface Output {
  write(text: string): unknown;
  isTTY: boolean;
  /** The terminal's width when the stream is one. */
  columns?: number;
}

export interface Io {
  stdout: Output;
  stderr: Output;
  /** True when standard input is a terminal (nothing piped in). */
  stdinIsTTY: boolean;
  /** All of standard input, read to end of file (typed input ends with Ctrl-D); read once, later
   * calls get the same text. Ctrl-C while reading is a CancelledError (exit 130). */
  readStdin(): Promise<string>;
  /** Columns to lay text out in on `out` (default stdout): the terminal's, else $COLUMNS, else 80;
   * never below 40. */
  width(out?: Output): number;
  /** Whether `out` (default stdout) gets colour: never with --no-color or NO_COLOR, always with
   * FORCE_COLOR, else only on a terminal. */
  colour(out?: Output): boolean;
  /** Chalk at the colour level of `out` (default stdout). */
  chalk(out?: Output): ChalkInstance;
  /** A spinner on stderr, or one that does nothing (off a terminal, without colour, under CI). */
  spinner(): Promise<Spinner>;
}

interface Decisions {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  /** false when --no-color was given. */
  color?: boolean;
}

/** The decisions shared by the real object and the double. */
function decide(d: Decisions): Pick<Io, 'width' | 'colour' | 'chalk'> {
  const level = (out: Output) => colorLevel({ flag: d.color, env: d.env, isTTY: out.isTTY });
  return {
    width: (out = d.stdout) => layoutWidth(out.isTTY ? out.columns : undefined, d.env),
    colour: (out = d.stdout) => level(out) > 0,
    chalk: (out = d.stdout) => makeChalk(level(out)),
  };
}

/** Reads a stream to its end; an abort (Ctrl-C) stops the reading. */
async function readAll(stream: NodeJS.ReadableStream, signal: AbortSignal): Promise<string> {
  const chunks: string[] = [];
  stream.setEncoding('utf8');
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new CancelledError()), { once: true }));
  const read = (async () => {
    for await (const chunk of stream) chunks.push(chunk as string);
    return chunks.join('');
  })();
  // After an abort the stream is destroyed and the loop fails: that failure is no one's to report.
  read.catch(() => undefined);
  return Promise.race([read, aborted]);
}

/** `env`: the environment the terminal decisions read (NO_COLOR, FORCE_COLOR, COLUMNS, TERM, CI): the
 * Factory's. */
export function processIo(opts: { color?: boolean; env: NodeJS.ProcessEnv }): Io {
  const { env } = opts;
  const stdout: Output = { write: (s) => process.stdout.write(s), isTTY: process.stdout.isTTY === true, columns: process.stdout.columns };
  const stderr: Output = { write: (s) => process.stderr.write(s), isTTY: process.stderr.isTTY === true, columns: process.stderr.columns };
  const d = decide({ stdout, stderr, env, color: opts.color });
  let stdin: Promise<string> | undefined;
  return {
    stdout,
    stderr,
    // Asked only when needed: the first look at process.stdin makes a stream of it.
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    readStdin: () =>
      (stdin ??= (async () => {
        // Read as a stream: a synchronous read of a terminal fails with EAGAIN. Ctrl-C is ours from
        // this tick on, before anything can be typed after the prompt.
        try {
          return await withInterrupt((signal) => readAll(process.stdin, signal));
        } finally {
          // Nothing more is read: the terminal must not keep the process alive.
          process.stdin.destroy();
        }
      })()),
    ...d,
    spinner: () => createSpinner(spinnerWanted({ isTTY: stderr.isTTY, colour: d.colour(stderr), env }), process.stderr),
  };
}

export interface MemoryIo extends Io {
  /** Everything written to stdout so far. */
  out(): string;
  /** Everything written to stderr so far. */
  err(): string;
}

/** The test double: streams in memory, the terminal and its width as given, the same decisions. */
export function memoryIo(o: { tty?: boolean; columns?: number; env?: NodeJS.ProcessEnv; color?: boolean; stdin?: string } = {}): MemoryIo {
  const out: string[] = [];
  const err: string[] = [];
  const tty = o.tty ?? false;
  const stdout: Output = { write: (s) => out.push(s), isTTY: tty, columns: tty ? (o.columns ?? 80) : undefined };
  const stderr: Output = { write: (s) => err.push(s), isTTY: tty, columns: stdout.columns };
  const env = o.env ?? {};
  return {
    stdout,
    stderr,
    stdinIsTTY: o.stdin === undefined && tty,
    readStdin: async () => o.stdin ?? '',
    ...decide({ stdout, stderr, env, color: o.color }),
    spinner: () => createSpinner(false),
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
