// The settings of one command invocation, from its flags, the environment and the config file.
import type { Command } from 'commander';
import { configPath, loadConfigFile, resolveSettings, type Settings } from './config.js';

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

export function settingsFor(cmd: Command, env: NodeJS.ProcessEnv = process.env): Settings {
  const flags = cmd.optsWithGlobals<GlobalFlags>();
  const loaded = loadConfigFile(configPath(env));
  if (loaded.warning) process.stderr.write(`filings: warning: ${loaded.warning}\n`);
  return resolveSettings({ flags, env, config: loaded.file });
}
