// The colour level, resolved here because chalk does not read NO_COLOR: --no-color or NO_COLOR (any
// non-empty value) turn colour off; FORCE_COLOR turns it on; otherwise colour only on a TTY.
import { Chalk, type ChalkInstance } from 'chalk';

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

export function makeChalk(level: 0 | 1 | 2 | 3): ChalkInstance {
  return new Chalk({ level });
}
