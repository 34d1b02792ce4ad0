// The colour level, resolved here because chalk does not read NO_COLOR: --no-color or NO_COLOR (any
// non-empty value) turn colour off; FORCE_COLOR turns it on; otherwise colour only on a TTY.
// Chalk itself is loaded only by a run that may colour (main.ts calls loadColour first): its top level
// is about 5 ms of a cold start, and output without colour needs none of it.
import type { ChalkInstance } from 'chalk';

export function colorLevel(opts: { flag?: boolean; env: NodeJS.ProcessEnv; isTTY: boolean }): 0 | 1 | 2 | 3 {
  if (opts.flag === false) return 0;
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return 0;
  const force = opts.env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (n as 1 | 2 | 3) : 1;
  }
  if (!opts.isTTY || opts.env.TERM === 'dumb') return 0;
  return opts.env.COLORTERM === 'truecolor' ? 3 : 2;
}

let chalk: typeof import('chalk') | undefined;

/** Loads chalk, once: before anything asks makeChalk for a level above 0. */
export async function loadColour(): Promise<void> {
  chalk ??= await import('chalk');
}

/** Whether a run in this environment may colour either stream (--no-color aside, which only turns it off). */
export function mayColour(env: NodeJS.ProcessEnv, streams: { isTTY?: boolean }[]): boolean {
  return streams.some((s) => colorLevel({ env, isTTY: s.isTTY === true }) > 0);
}

// Chalk at level 0 without chalk: every style, and every chain of styles, gives its text back as chalk
// does (one argument as a string, several joined by spaces).
const plainText = (...text: unknown[]) => (text.length === 1 ? `${text[0]}` : text.join(' '));
const PLAIN: ChalkInstance = new Proxy(plainText, { get: (_, key) => (key === 'level' ? 0 : PLAIN) }) as unknown as ChalkInstance;

export function makeChalk(level: 0 | 1 | 2 | 3): ChalkInstance {
  if (level === 0) return PLAIN;
  if (!chalk) throw new Error('colour was asked for before loadColour()');
  return new chalk.Chalk({ level });
}
