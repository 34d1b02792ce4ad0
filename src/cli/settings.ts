// The settings of one command invocation, from its flags, the environment and the config file.
import { configPath, loadConfigFile, resolveSettings, type Settings } from './config.js';
import type { Io } from './io.js';

export interface GlobalFlags {
  baseUrl?: string;
  apiKeyFile?: string;
  profile?: string;
  local?: boolean;
  index?: string;
  timeout?: string;
  color?: boolean;
  debug?: boolean;
}

/** `opts`: the command's options merged with the program's. A config file others can read while it
 * holds a key draws a warning on stderr. */
export function settingsFor(opts: GlobalFlags, io: Pick<Io, 'env' | 'stderr'>): Settings {
  const loaded = loadConfigFile(configPath(io.env));
  if (loaded.warning) io.stderr.write(`filings: warning: ${loaded.warning}\n`);
  return resolveSettings({ flags: opts, env: io.env, config: loaded.file });
}
