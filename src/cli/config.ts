// The configuration file: where it is, reading it (a clear error when it is broken, a warning when it
// holds a key others can read) and writing it atomically with mode 0600. Which keys it may hold is the
// settings table's business (settings/keys.ts); how they combine with flags and the environment,
// settings/resolve.ts's.
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { closestNames } from '../contract/suggest.js';
import { linkTarget, xdgDirectory } from '../engine/index-location.js';
import { UsageError } from './errors.js';
import { SETTINGS, settingDef, type SettingDef } from './settings/keys.js';

/** A profile's keys and values as the file holds them: `config set` writes strings; a file edited by
 * hand may hold any JSON, which the settings (settings/resolve.ts) take or refuse key by key. */
export type Profile = Record<string, unknown>;
export interface ConfigFile {
  profiles: Record<string, Profile>;
}

/** $XDG_CONFIG_HOME/filings/config.json (~/.config/filings/config.json; an empty or relative HOME or
 * XDG_CONFIG_HOME is unset: never under the working directory). */
export function configPath(env: NodeJS.ProcessEnv): string {
  try {
    return join(xdgDirectory(env, 'XDG_CONFIG_HOME'), 'filings', 'config.json');
  } catch (e) {
    throw new UsageError(`cannot place the config file: ${(e as Error).message}`);
  }
}

export interface LoadedConfig {
  path: string;
  file: ConfigFile;
  /** What is wrong with the file but stops nothing: it holds a key and others can read it; a profile
   * holds a name that is no setting (ignored). */
  warnings: string[];
}

export function loadConfigFile(path: string): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { path, file: { profiles: {} }, warnings: [] };
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
  for (const [name, profile] of Object.entries(profiles)) {
    if (typeof profile !== 'object' || profile === null || Array.isArray(profile))
      throw new UsageError(`config file ${path}: profile "${name}" must be an object of settings ({"timeout": "30", ...})`);
  }
  const file = parsed as ConfigFile;
  const warnings = unknownKeys(path, file);
  const secrets = SETTINGS.filter((d) => d.secret).map((d) => d.key);
  const holdsKey = Object.values(file.profiles).some((p) => secrets.some((k) => typeof p?.[k] === 'string' && p[k] !== ''));
  if (holdsKey && process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o077;
    if (mode !== 0) warnings.push(`config file ${path} holds an API key and is readable by others; run: chmod 600 ${path}`);
  }
  return { path, file, warnings };
}

/** A warning for each name a profile holds that is no setting (a typo: "timout"), which is ignored. */
function unknownKeys(path: string, file: ConfigFile): string[] {
  const keys = SETTINGS.map((d) => d.key);
  return Object.entries(file.profiles).flatMap(([name, profile]) =>
    Object.keys(profile)
      .filter((k) => !keys.includes(k))
      .map(
        (k) =>
          `config file ${path}: profile "${name}" holds "${k}", which is no setting (did you mean ${closestNames(k, keys, 1)[0]}?); ` +
          'it is ignored',
      ),
  );
}

/** Writes atomically (temp file + rename) with mode 0600 in a 0700 directory; through a symbolic
 * link, the file it names (the link stays a link). */
export function saveConfigFile(path: string, file: ConfigFile): void {
  const target = linkTarget(path);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, target);
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
