// The configuration file: where it is, reading it (a clear error when it is broken, a warning when it
// holds a key others can read) and writing it atomically with mode 0600. Which keys it may hold is the
// settings table's business (settings/keys.ts); how they combine with flags and the environment,
// settings/resolve.ts's.
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './errors.js';
import { SETTINGS, settingDef, type SettingDef } from './settings/keys.js';

export type Profile = Partial<Record<string, string>>;
export interface ConfigFile {
  profiles: Record<string, Profile>;
}

export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'filings', 'config.json');
}

export interface LoadedConfig {
  path: string;
  file: ConfigFile;
  /** Set when the file holds a key and others can read it. */
  warning?: string;
}

export function loadConfigFile(path: string): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { path, file: { profiles: {} } };
    throw new UsageError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`config file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  const profiles = (parsed as { profiles?: unknown })?.profiles;
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) {
    throw new UsageError(`config file ${path} must be an object with "profiles": {"default": {...}}`);
  }
  const file = parsed as ConfigFile;
  let warning: string | undefined;
  const secrets = SETTINGS.filter((d) => d.secret).map((d) => d.key);
  const holdsKey = Object.values(file.profiles).some((p) => secrets.some((k) => typeof p?.[k] === 'string' && p[k] !== ''));
  if (holdsKey && process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o077;
    if (mode !== 0) warning = `config file ${path} holds an API key and is readable by others; run: chmod 600 ${path}`;
  }
  return { path, file, warning };
}

/** Writes atomically (temp file + rename) with mode 0600 in a 0700 directory. */
export function saveConfigFile(path: string, file: ConfigFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The row of a key `config set|get|unset` names; an unknown key is a usage error listing them all. */
export function configKey(key: string): SettingDef {
  const def = settingDef(key);
  if (!def) throw new UsageError(`unknown config key "${key}" (keys: ${SETTINGS.map((k) => k.key).join(', ')})`);
  return def;
}

export function readKeyFile(path: string): string {
  try {
    const key = readFileSync(path, 'utf8').trim();
    if (!key) throw new UsageError(`API key file ${path} is empty`);
    return key;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read API key file ${path}: ${(e as Error).message}`);
  }
}

/** `sk-live-1234567890abcd` -> `****abcd`; short keys entirely masked. */
export function maskKey(key: string): string {
  return key.length >= 12 ? `****${key.slice(-4)}` : '****';
}
