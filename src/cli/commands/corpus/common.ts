// What the corpus actions share: options, the index path, output streams and colour.
import type { Command } from 'commander';
import { resolveIndexPath } from '../../../engine/index/location.js';
import { DEFAULT_LOCK_WAIT_MS, type LockOptions } from '../../../engine/index/lock.js';
import { UsageError } from '../../errors.js';
import { colorLevel } from '../../render/color.js';

export interface CorpusOpts {
  index?: string;
  json?: boolean;
  constituents?: string;
  ifMissing?: boolean;
  color?: boolean;
}

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

/** The command's options merged with the program's (a subcommand's own --index wins). */
export function corpusOpts(cmd: Command): CorpusOpts {
  return cmd.optsWithGlobals() as CorpusOpts;
}

export function indexPathOf(opts: CorpusOpts, io: Io): string {
  return resolveIndexPath({ flag: opts.index, env: io.env });
}

export function useColor(opts: CorpusOpts, io: Io, stream: Io['stderr']): boolean {
  return colorLevel({ flag: opts.color, env: io.env, isTTY: Boolean(stream.isTTY) }) > 0;
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** How a writer waits for another one: FILINGS_LOCK_TIMEOUT seconds (default 60), saying so once. */
export function lockOptions(io: Io): LockOptions {
  const raw = io.env.FILINGS_LOCK_TIMEOUT;
  const seconds = raw === undefined || raw === '' ? DEFAULT_LOCK_WAIT_MS / 1000 : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError(`FILINGS_LOCK_TIMEOUT must be a number of seconds (0 or more); got "${raw}"`);
  return {
    waitMs: seconds * 1000,
    onWait: (holder, lockPath) =>
      io.stderr.write(
        `waiting up to ${seconds} s for ${holder ? `process ${holder.pid} (${holder.command})` : 'another process'}, which is writing the index (lock: ${lockPath})\n`,
      ),
  };
}
