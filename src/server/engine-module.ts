// The default worker module: each query worker opens the embedded engine over the index file.
// Loaded by URL at run time, so the server builds even before the engine module is in the tree.
import type { Backend } from '../backend.js';

type EngineModule = { openEngineBackend(opts: { indexPath: string }): Promise<Backend> };

export async function openBackend(data: { indexPath: string }): Promise<Backend> {
  const engine = (await import(new URL('../engine/engine-backend.js', import.meta.url).href)) as EngineModule;
  return engine.openEngineBackend({ indexPath: data.indexPath });
}
