// The default worker module: each query worker opens the embedded engine over the index file.
import type { Backend } from '../backend.js';
import { openEngineBackend } from '../engine/engine-backend.js';

export function openBackend(data: { indexPath: string; domain?: string }): Promise<Backend> {
  return openEngineBackend({ indexPath: data.indexPath, domain: data.domain });
}
