// `--output FILE`: checked before any work, written whole and only when the query succeeded.
import { accessSync, constants, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Output } from '../../io.js';

/** The directory must exist and be writable: found out before any work, not after. */
export function checkWritableDir(path: string): void {
  const dir = dirname(resolve(path));
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`cannot write --output ${path}: the directory ${dir} does not exist or is not writable`);
  }
}

/** Collected in memory, written to a temporary file and renamed into place on commit(). Not a
 * terminal: no colour, the default width. */
export function fileSink(path: string): Output & { commit(): void; discard(): void } {
  const tmp = `${path}.${process.pid}.tmp`;
  const chunks: string[] = [];
  return {
    isTTY: false,
    write: (s) => void chunks.push(s),
    commit() {
      writeFileSync(tmp, chunks.join(''));
      renameSync(tmp, path);
    },
    discard() {
      try {
        unlinkSync(tmp);
      } catch {
        /* nothing written yet */
      }
    },
  };
}
