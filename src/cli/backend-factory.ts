// Which backend a command talks to: the remote service when a base URL is configured, else the
// embedded engine over the settings' index. Both load lazily; commands ask the Factory for it.
import type { Backend } from '../backend.js';
import { readKeyFile } from './config.js';
import { AuthError } from './errors.js';
import type { Settings } from './settings/resolve.js';

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

/** `env`: the invocation's environment, for the proxy variables (HTTPS_PROXY, NO_PROXY) alone. */
export async function createBackend(settings: Settings, env: NodeJS.ProcessEnv): Promise<Backend> {
  if (settings.baseUrl) {
    const { createRemoteBackend } = await import('../client/remote-backend.js');
    const ms = settings.timeoutSeconds * 1000;
    return createRemoteBackend({
      baseUrl: settings.baseUrl,
      apiKey: resolveApiKey(settings, true)!,
      timeouts: { connectMs: Math.min(ms, 30_000), firstByteMs: ms, idleMs: ms },
      env,
    });
  }
  const { openEngineBackend } = await import('../engine/engine-backend.js');
  return openEngineBackend({ indexPath: settings.index, model: settings.model });
}
