// `--output FILE`: checked before any work, written whole and only when the query succeeded. A new
// path or a regular file is replaced atomically (a temporary file beside it, renamed over it); a FIFO,
// a device or a terminal is written through, as a shell redirection would, and so is a symbolic link
// (the file it points to is replaced, or made when it points to nothing yet).
import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  promises,
  readlinkSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Output } from '../../io.js';

/** How `-o` writes: a file replaced by rename (`mode`: the mode of the one it replaces), or whatever
 * the path opens as, written in place. */
type Target = { how: 'replace'; path: string; mode?: number } | { how: 'through'; path: string };

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;

function targetOf(path: string): Target {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if (code(e) === 'ENOENT') return { how: 'replace', path };
    throw new UsageError(`cannot write --output ${path}: ${code(e) ?? (e as Error).message}`);
  }
  if (st.isFile()) return { how: 'replace', path, mode: st.mode & 0o7777 };
  if (st.isDirectory()) throw new UsageError(`cannot write --output ${path}: it is a directory`);
  if (st.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      // A link to nothing yet: what it points to is made, as `> link` would make it.
      return { how: 'replace', path: resolve(dirname(path), readlinkSync(path)) };
    }
    const to = statSync(real);
    if (to.isDirectory()) throw new UsageError(`cannot write --output ${path}: it points to a directory`);
    return to.isFile() ? { how: 'replace', path: real, mode: to.mode & 0o7777 } : { how: 'through', path };
  }
  if (st.isSocket()) throw new UsageError(`cannot write --output ${path}: it is a socket`);
  return { how: 'through', path };
}

/** The target must be writable: found out before any work, not after. A file is replaced from its
 * directory, which must exist and be writable; anything else must be writable itself. */
export function checkOutput(path: string): void {
  const t = targetOf(path);
  if (t.how === 'through') {
    try {
      accessSync(t.path, constants.W_OK);
    } catch {
      throw new UsageError(`cannot write --output ${path}: it is not writable by this user`);
    }
    return;
  }
  const dir = dirname(resolve(t.path));
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`cannot write --output ${path}: the directory ${dir} does not exist or is not writable`);
  }
}

/** Collected in memory and written on commit(). Not a terminal: no colour, the default width. */
export function fileSink(path: string): Output & { commit(): Promise<void>; discard(): void } {
  const chunks: string[] = [];
  let tmp: string | undefined;
  return {
    isTTY: false,
    write: (s) => void chunks.push(s),
    async commit() {
      // Looked at again: the path may have changed while the query ran.
      const t = targetOf(path);
      const text = chunks.join('');
      if (t.how === 'replace') {
        tmp = `${t.path}.${process.pid}.tmp`;
        writeFileSync(tmp, text);
        if (t.mode !== undefined) chmodSync(tmp, t.mode);
        renameSync(tmp, t.path);
        tmp = undefined;
        return;
      }
      // Opened off the main thread: a FIFO's open waits for its reader, and Ctrl-C still works. (fs.promises
      // loads on first use, not on every start.)
      const fh = await promises.open(t.path, 'w');
      try {
        await fh.writeFile(text);
      } catch (e) {
        // The reader of a FIFO went away: what a pipeline's writer meets too, and no error of ours.
        if (code(e) !== 'EPIPE') throw e;
      } finally {
        await fh.close();
      }
    },
    discard() {
      if (tmp === undefined) return;
      try {
        unlinkSync(tmp);
      } catch {
        /* nothing written yet */
      }
    },
  };
}
