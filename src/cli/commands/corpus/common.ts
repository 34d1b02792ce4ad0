// What the corpus actions share: their options, the index path and small formatting helpers.
import { resolveIndexPath } from '../../../engine/index/location.js';

export interface CorpusOpts {
  index?: string;
  json?: boolean;
  constituents?: string;
  ifMissing?: boolean;
}

export function indexPathOf(opts: CorpusOpts, env: NodeJS.ProcessEnv): string {
  return resolveIndexPath({ flag: opts.index, env });
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
