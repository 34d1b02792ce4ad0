// The default worker module: each query worker opens the embedded engine over the index file, with
// the model the server was given (createServer's `model`).
import type { Backend } from '../backend.js';
import { type LlmConfig, openEngineBackend } from '../engine/engine-backend.js';

export function openBackend(data: { indexPath: string; domain?: string; model?: LlmConfig }): Promise<Backend> {
  return openEngineBackend({ indexPath: data.indexPath, domain: data.domain, model: data.model });
}
