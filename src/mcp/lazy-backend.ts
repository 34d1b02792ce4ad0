// The backend, opened on first use: `tools/list` is answered before the engine (SQLite, the index) or
// the HTTP client is loaded. A failed open is not remembered, so an index built meanwhile is found.
import type { Backend } from '../backend.js';

export interface LazyBackend {
  get(): Promise<Backend>;
  /** The next call opens the backend afresh (the index changed under it); the one open now is closed
   * with the server, since calls in flight may still be reading it. */
  reopen(): void;
  /** Closes the backends opened. */
  close(): Promise<void>;
}

export function lazyBackend(open: () => Promise<Backend>): LazyBackend {
  let opening: Promise<Backend> | undefined;
  const retired: Promise<Backend>[] = [];
  return {
    get() {
      opening ??= open().catch((e: unknown) => {
        opening = undefined;
        throw e;
      });
      return opening;
    },
    reopen() {
      if (opening) retired.push(opening);
      opening = undefined;
    },
    async close() {
      const all = [...retired.splice(0), ...(opening ? [opening] : [])];
      opening = undefined;
      for (const b of all) await (await b.catch(() => undefined))?.close();
    },
  };
}
