// Which backend a command talks to: the remote service when a base URL is configured, else the
// embedded engine over the local index. Both load lazily.
import type { Backend } from '../backend.js';
import { readKeyFile, type Settings } from './config.js';
import { AuthError } from './errors.js';

/** The API key from the settings (reading a key file when one is named). */
export function resolveApiKey(settings: Settings, required: boolean): string | undefined {
  const key = settings.apiKey ?? (settings.apiKeyFile ? readKeyFile(settings.apiKeyFile) : undefined);
  if (!key && required) {
    throw new AuthError(
      `no API key for ${settings.baseUrl}: set FILINGS_API_KEY, pass --api-key-file FILE, or run "filings config set api_key KEY"`,
    );
  }
  return key;
}

export async function createBackend(settings: Settings): Promise<Backend> {
  if (settings.baseUrl) {
    const { createRemoteBackend } = await import('../client/remote-backend.js');
    const ms = settings.timeoutSeconds * 1000;
    return createRemoteBackend({
      baseUrl: settings.baseUrl,
      apiKey: resolveApiKey(settings, true)!,
      timeouts: { connectMs: Math.min(ms, 30_000), firstByteMs: ms, idleMs: ms },
    });
  }
  const { openEngineBackend } = await import('../engine/engine-backend.js');
  const { resolveIndexPath } = await import('../engine/index/location.js');
  return openEngineBackend({ indexPath: resolveIndexPath({ flag: settings.index, env: process.env }) });
}
