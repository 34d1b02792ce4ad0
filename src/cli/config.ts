// Configuration: flags > environment > config file (a named profile) > defaults. `resolveSettings` is
// pure (inputs in, settings out); reading files happens in `loadConfigFile` and `readKeyFile`.
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { EFFORTS, EVIDENCE_FORMATS, MODES } from '../contract/enums.js';
import { UsageError } from './errors.js';

export interface ConfigKeyDef {
  key: string;
  description: string;
  env?: string;
  secret?: boolean;
  check?: (value: string) => string | undefined;
}

const oneOf = (values: readonly string[]) => (v: string) =>
  values.includes(v) ? undefined : `must be one of ${values.join(', ')}`;

/** Keys a profile may hold; this table drives `config set` checks, `config list` and the README. */
export const CONFIG_KEYS: ConfigKeyDef[] = [
  { key: 'base_url', description: 'service base URL including /v2/<domain>; empty for the local engine', env: 'FILINGS_BASE_URL', check: checkBaseUrl },
  { key: 'api_key', description: 'API key (stored with mode 0600; masked when shown)', env: 'FILINGS_API_KEY', secret: true },
  { key: 'api_key_file', description: 'file holding the API key', env: 'FILINGS_API_KEY_FILE' },
  { key: 'mode', description: 'default query mode', check: oneOf(MODES) },
  { key: 'effort', description: 'default effort', check: oneOf(EFFORTS) },
  { key: 'format', description: 'default evidence format', check: oneOf(EVIDENCE_FORMATS) },
  { key: 'index', description: 'local index file', env: 'FILINGS_INDEX' },
  { key: 'timeout', description: 'network timeout in seconds', env: 'FILINGS_TIMEOUT', check: checkSeconds },
  { key: 'sec_user_agent', description: 'your name and email, sent to SEC EDGAR by corpus pull', env: 'FILINGS_SEC_USER_AGENT' },
];

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
  const holdsKey = Object.values(file.profiles).some((p) => typeof p?.api_key === 'string' && p.api_key !== '');
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
  writeFileSync(tmp, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

export function configKey(key: string): ConfigKeyDef {
  const def = CONFIG_KEYS.find((k) => k.key === key);
  if (!def) throw new UsageError(`unknown config key "${key}" (keys: ${CONFIG_KEYS.map((k) => k.key).join(', ')})`);
  return def;
}

export function checkBaseUrl(value: string): string | undefined {
  if (value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (e.g. https://api-beta.ai-baseline.xyz/v2/sandp_500)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry credentials; the key goes only in X-API-Key';
  if ([...url.searchParams.keys()].some((k) => /key|token|secret/i.test(k))) {
    return 'must not carry a key in its query string; the key goes only in X-API-Key';
  }
  return undefined;
}

function checkSeconds(value: string): string | undefined {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? undefined : 'must be a positive number of seconds';
}

export interface SettingsInput {
  flags: { baseUrl?: string; apiKeyFile?: string; profile?: string; local?: boolean; index?: string; timeout?: string };
  env: NodeJS.ProcessEnv;
  config: ConfigFile;
}

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

export interface Origin {
  source: SettingSource;
  /** The flag, the environment variable or the profile it came from (absent for a default). */
  from?: string;
}

export interface Settings {
  profile: string;
  /** Undefined: the embedded local engine. */
  baseUrl?: string;
  /** Where the key would come from, for messages (never the key). */
  apiKeySource?: 'flag' | 'env' | 'config' | 'env-file' | 'config-file';
  /** A key given directly (env or config). */
  apiKey?: string;
  /** A file to read the key from. */
  apiKeyFile?: string;
  mode?: string;
  effort?: string;
  format?: string;
  index?: string;
  timeoutSeconds: number;
  /** The origin of each setting, by config key (and `profile`), for `filings config list`. */
  origins: Record<string, Origin>;
}

export const DEFAULT_TIMEOUT_SECONDS = 60;

/** flags > environment > config profile > defaults. */
export function resolveSettings({ flags, env, config }: SettingsInput): Settings {
  const origins: Record<string, Origin> = {};
  const profileName = flags.profile ?? env.FILINGS_PROFILE ?? 'default';
  origins.profile =
    flags.profile !== undefined ? { source: 'flag', from: '--profile' } : env.FILINGS_PROFILE !== undefined ? { source: 'env', from: 'FILINGS_PROFILE' } : { source: 'default' };
  const profile = config.profiles[profileName];
  if (!profile && (flags.profile !== undefined || env.FILINGS_PROFILE !== undefined) && profileName !== 'default') {
    throw new UsageError(`no profile "${profileName}" in the config file (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`);
  }
  const p = profile ?? {};
  const pick = (key: string, flag: string | undefined, flagName: string | undefined, envName: string | undefined): string | undefined => {
    const [value, origin]: [string | undefined, Origin] =
      flag !== undefined
        ? [flag, { source: 'flag', from: flagName }]
        : envName && env[envName] !== undefined
          ? [env[envName], { source: 'env', from: envName }]
          : p[key] !== undefined
            ? [p[key], { source: 'profile', from: profileName }]
            : [undefined, { source: 'default' }];
    origins[key] = origin;
    return value;
  };

  let baseUrl = pick('base_url', flags.baseUrl, '--base-url', 'FILINGS_BASE_URL');
  if (flags.local) {
    baseUrl = undefined;
    origins.base_url = { source: 'flag', from: '--local' };
  }
  if (baseUrl !== undefined) {
    const problem = checkBaseUrl(baseUrl);
    if (problem) throw new UsageError(`base URL ${problem}`);
    baseUrl = baseUrl === '' ? undefined : baseUrl.replace(/\/+$/, '');
  }

  // The key: a file given by flag beats everything; then a key in the environment (also the public
  // deployment's own variable name), a key file in the environment, then the profile's key or file.
  let apiKey: string | undefined;
  let apiKeyFile: string | undefined;
  let apiKeySource: Settings['apiKeySource'];
  const envKeyName = env.FILINGS_API_KEY ? 'FILINGS_API_KEY' : env.AI_BASELINE_API_KEY ? 'AI_BASELINE_API_KEY' : undefined;
  origins.api_key = origins.api_key_file = { source: 'default' };
  if (flags.apiKeyFile) {
    [apiKeyFile, apiKeySource] = [flags.apiKeyFile, 'flag'];
    origins.api_key_file = { source: 'flag', from: '--api-key-file' };
  } else if (envKeyName) {
    [apiKey, apiKeySource] = [env[envKeyName], 'env'];
    origins.api_key = { source: 'env', from: envKeyName };
  } else if (env.FILINGS_API_KEY_FILE) {
    [apiKeyFile, apiKeySource] = [env.FILINGS_API_KEY_FILE, 'env-file'];
    origins.api_key_file = { source: 'env', from: 'FILINGS_API_KEY_FILE' };
  } else if (p.api_key) {
    [apiKey, apiKeySource] = [p.api_key, 'config'];
    origins.api_key = { source: 'profile', from: profileName };
  } else if (p.api_key_file) {
    [apiKeyFile, apiKeySource] = [p.api_key_file, 'config-file'];
    origins.api_key_file = { source: 'profile', from: profileName };
  }

  const timeout = pick('timeout', flags.timeout, '--timeout', 'FILINGS_TIMEOUT');
  let timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
  if (timeout !== undefined) {
    const problem = checkSeconds(timeout);
    if (problem) throw new UsageError(`timeout ${problem}; got "${timeout}"`);
    timeoutSeconds = Number(timeout);
  }

  return {
    profile: profileName,
    baseUrl,
    apiKey,
    apiKeyFile,
    apiKeySource,
    mode: pick('mode', undefined, undefined, undefined),
    effort: pick('effort', undefined, undefined, undefined),
    format: pick('format', undefined, undefined, undefined),
    index: pick('index', flags.index, '--index', 'FILINGS_INDEX'),
    timeoutSeconds,
    origins,
  };
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
