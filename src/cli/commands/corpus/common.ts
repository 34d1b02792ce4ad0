// What the corpus actions share: options, the index path, output streams and colour.
import type { Command } from 'commander';
import { resolveIndexPath } from '../../../engine/index/location.js';
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
