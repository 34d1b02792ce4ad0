// The backend, opened on first use: `tools/list` is answered before the engine (SQLite, the index) or
// the HTTP client is loaded. A failed open is not remembered, so an index built meanwhile is found.
import type { Backend } from '../backend.js';

export interface LazyBackend {
  get(): Promise<Backend>;
  /** Closes the backend if it was opened. */
  close(): Promise<void>;
}

export function lazyBackend(open: () => Promise<Backend>): LazyBackend {
  let opening: Promise<Backend> | undefined;
  return {
    get() {
      opening ??= open().catch((e: unknown) => {
        opening = undefined;
        throw e;
      });
      return opening;
    },
    async close() {
      const backend = await opening?.catch(() => undefined);
      opening = undefined;
      await backend?.close();
    },
  };
}
