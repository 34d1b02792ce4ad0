// Where the index lives: --index PATH, else $FILINGS_INDEX, else $XDG_DATA_HOME/filings/index.sqlite
// (XDG's default data home is ~/.local/share).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface IndexPathInputs {
  /** The --index flag. */
  flag?: string;
  /** The environment (FILINGS_INDEX, XDG_DATA_HOME), or FILINGS_INDEX's value itself. */
  env?: NodeJS.ProcessEnv | string;
}

export function defaultIndexPath(env: NodeJS.ProcessEnv = process.env): string {
  const dataHome = env.XDG_DATA_HOME?.startsWith('/') ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(dataHome, 'filings', 'index.sqlite');
}

export function resolveIndexPath({ flag, env }: IndexPathInputs = {}): string {
  if (flag) return resolve(flag);
  const vars = typeof env === 'object' ? env : process.env;
  const fromEnv = typeof env === 'string' ? env : vars.FILINGS_INDEX;
  if (fromEnv) return resolve(fromEnv);
  return defaultIndexPath(vars);
}
