// The settings of one invocation from the key table (keys.ts): for every key, flag > environment >
// profile > default, and where the value came from. Pure: flags, environment and config file in,
// settings out (reading files happens in config.ts and the Factory).
import { homeDirectory } from '../../engine/index-location.js';
import { join, resolve } from 'node:path';
import { type RequestDefaults, setAt } from '../../contract/request-defaults.js';
import type { ConfigFile } from '../config.js';
import { UsageError } from '../errors.js';
import { DEFAULT_TIMEOUT_SECONDS, flagAttr, flagText, SETTINGS, type SettingDef } from './keys.js';

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

export interface Origin {
  source: SettingSource;
  /** The flag, the environment variable or the profile it came from (absent for a default). */
  from?: string;
}

export interface SettingsInput {
  /** The parsed options: the program's and the command's (`optsWithGlobals`). */
  flags: Record<string, unknown>;
  env: NodeJS.ProcessEnv;
  config: ConfigFile;
  /** The config file's path, for messages about a value it holds. */
  configPath?: string;
  /** Relative paths are taken from here (default: the working directory). */
  cwd?: string;
}

export interface Settings {
  profile: string;
  /** Undefined: the embedded local engine. */
  baseUrl?: string;
  /** Where the key in use comes from, for messages (never the key). */
  apiKeySource?: 'flag' | 'env' | 'config' | 'env-file' | 'config-file';
  /** A key given directly (environment or profile). */
  apiKey?: string;
  /** A file to read the key from. */
  apiKeyFile?: string;
  /** The request defaults of `filings query` and of `filings mcp`'s tools alike, from the rows of the
   * key table that name a request field: the mode always (the table's default when nothing sets it),
   * the others only when something sets them (the service defaults the rest). */
  request: RequestDefaults;
  /** The local index: always a path, the default when nothing sets one. */
  index: string;
  timeoutSeconds: number;
  lockTimeoutSeconds: number;
  secUserAgent?: string;
  secHosts: { www: string; data: string };
  sampleCorpus: string;
  serverKeys?: string;
  /** The model that writes answers, when all three of its settings are set (else answers are
   * extractive); handed to the engine, never read by it from the environment. */
  model?: ModelSettings;
  /** Every key's value in effect (its default included) and its origin, for `filings config`. */
  values: Record<string, string | undefined>;
  origins: Record<string, Origin>;
}

/** Values the key table's checks hold to the contract's (keys.ts: oneOf MODES, EFFORTS, EVIDENCE_FORMATS). */
export type { RequestDefaults };

/** An OpenAI-compatible chat-completions endpoint and the model it runs. */
export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
}

const isSet = (v: unknown): v is string => typeof v === 'string' && v !== '';

function expandPath(value: string, cwd: string, env: NodeJS.ProcessEnv): string {
  if (value === '~' || value.startsWith('~/')) return join(homeDirectory(env), value.slice(1));
  return resolve(cwd, value);
}

/** The profile named: --profile > FILINGS_PROFILE > "default" (whether or not the file holds it). */
export function profileName(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): { name: string; origin: Origin } {
  const flag = isSet(flags.profile) ? flags.profile : undefined;
  const fromEnv = isSet(env.FILINGS_PROFILE) ? env.FILINGS_PROFILE : undefined;
  const origin: Origin = flag
    ? { source: 'flag', from: '--profile' }
    : fromEnv
      ? { source: 'env', from: 'FILINGS_PROFILE' }
      : { source: 'default' };
  return { name: flag ?? fromEnv ?? 'default', origin };
}

function profileOf({ flags, env, config }: SettingsInput): { name: string; origin: Origin; values: Record<string, unknown> } {
  const { name, origin } = profileName(flags, env);
  const profile = config.profiles[name];
  if (!profile && name !== 'default' && origin.source !== 'default') {
    throw new UsageError(`no profile "${name}" in the config file (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`);
  }
  return { name, origin, values: profile ?? {} };
}

/** How a JSON value of the wrong type reads in a message (a secret's, never its value). */
const described = (v: unknown, secret?: boolean) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'object'
        ? 'an object'
        : secret
          ? `a ${typeof v}`
          : `${typeof v} ${JSON.stringify(v)}`;

/** A profile's value as text: a string as it is; a number where the key takes a number of seconds, as
 * the number (`"timeout": 5` is "5"); anything else a usage error naming the file, the key and what it
 * takes (`config set` writes strings; a hand-edited file may hold any JSON). */
function profileValue(def: SettingDef, stored: unknown, input: SettingsInput, profile: string): string | undefined {
  if (stored === undefined || typeof stored === 'string') return stored;
  if (def.numeric && typeof stored === 'number' && Number.isFinite(stored)) return String(stored);
  const takes = def.numeric ? 'a number of seconds (5 or "5")' : def.path ? 'a string, a path' : 'a string';
  throw new UsageError(
    `${def.key} (profile "${profile}"${input.configPath ? ` in ${input.configPath}` : ''}) must be ${takes}; got ${described(stored, def.secret)}` +
      (stored === null ? ` (to unset it: filings config unset ${def.key})` : ''),
  );
}

/** One key: its flag, else the first of its environment variables set, else the profile, else the
 * default. An empty value counts only for base_url (empty: the local engine). */
function pick(
  def: SettingDef,
  input: SettingsInput,
  profile: { name: string; values: Record<string, unknown> },
): [string | undefined, Origin] {
  const present = (v: unknown): v is string => typeof v === 'string' && (v !== '' || def.key === 'base_url');
  const flag = def.flag ? input.flags[flagAttr(def.flag)] : undefined;
  if (present(flag)) return [flag, { source: 'flag', from: flagText(def.flag!) }];
  for (const name of def.env ?? []) if (present(input.env[name])) return [input.env[name], { source: 'env', from: name }];
  const stored = profileValue(def, profile.values[def.key], input, profile.name);
  if (present(stored)) return [stored, { source: 'profile', from: profile.name }];
  return [def.fallback?.(input.env), { source: 'default' }];
}

/** `timeout (profile "work" in /home/me/.config/filings/config.json)`, `FILINGS_TIMEOUT`, `--timeout`. */
const originText = (key: string, o: Origin, file?: string) =>
  o.source === 'profile' ? `${key} (profile "${o.from}"${file ? ` in ${file}` : ''})` : (o.from ?? key);

/** `pick` and a path made absolute; a default with no home to start from (location.ts) is a usage error. */
function settingValue(def: SettingDef, input: SettingsInput, profile: { name: string; values: Record<string, unknown> }, cwd: string) {
  try {
    const [value, origin] = pick(def, input, profile);
    if (value !== undefined && origin.source !== 'default') {
      const problem = def.check?.(value);
      // A secret is not repeated, nor the credentials a URL may carry.
      const shown = def.secret ? '****' : value.replace(/\/\/[^/@\s]*@/, '//****@');
      if (problem) throw new UsageError(`${originText(def.key, origin, input.configPath)} ${problem}; got "${shown}"`);
    }
    return [value !== undefined && value !== '' && def.path ? expandPath(value, cwd, input.env) : value, origin] as const;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${def.key}: ${(e as Error).message}`);
  }
}

/** flags > environment > config profile > defaults, for every key of the table. */
export function resolveSettings(input: SettingsInput): Settings {
  const cwd = input.cwd ?? process.cwd();
  const profile = profileOf(input);
  const values: Record<string, string | undefined> = {};
  const origins: Record<string, Origin> = { profile: profile.origin };
  for (const def of SETTINGS) {
    const [value, origin] = settingValue(def, input, profile, cwd);
    values[def.key] = value;
    origins[def.key] = origin;
  }

  // --local beats every base URL; an empty one means the local engine too.
  if (input.flags.local === true) {
    values.base_url = undefined;
    origins.base_url = { source: 'flag', from: '--local' };
  }
  const baseUrl = values.base_url ? values.base_url.replace(/\/+$/, '') : undefined;

  // The key: a key and a key file each resolved by the table; the one from the stronger source is
  // used (a key given directly wins a tie: the environment's key over its key file).
  const rank = (o: Origin) => ({ flag: 3, env: 2, profile: 1, default: 0 })[o.source];
  const keyRank = values.api_key ? rank(origins.api_key!) : 0;
  const fileRank = values.api_key_file ? rank(origins.api_key_file!) : 0;
  let apiKey: string | undefined;
  let apiKeyFile: string | undefined;
  let apiKeySource: Settings['apiKeySource'];
  if (fileRank > keyRank) {
    apiKeyFile = values.api_key_file;
    apiKeySource = origins.api_key_file!.source === 'flag' ? 'flag' : origins.api_key_file!.source === 'env' ? 'env-file' : 'config-file';
  } else if (keyRank > 0) {
    apiKey = values.api_key;
    apiKeySource = origins.api_key!.source === 'env' ? 'env' : 'config';
  }

  const [llmUrl, llmModel, llmKey] = [values.llm_base_url, values.llm_model, values.llm_api_key];
  return {
    profile: profile.name,
    baseUrl,
    apiKey,
    apiKeyFile,
    apiKeySource,
    request: requestDefaults(values, origins),
    index: values.index!,
    timeoutSeconds: Number(values.timeout ?? DEFAULT_TIMEOUT_SECONDS),
    lockTimeoutSeconds: Number(values.lock_timeout),
    secUserAgent: values.sec_user_agent,
    secHosts: { www: values.sec_www_url!, data: values.sec_data_url! },
    sampleCorpus: values.sample_corpus!,
    serverKeys: values.server_keys,
    model: llmUrl && llmModel && llmKey ? { baseUrl: llmUrl.replace(/\/+$/, ''), model: llmModel, apiKey: llmKey } : undefined,
    values,
    origins,
  };
}

/** The request defaults the key table's rows give (a row's `request`): each set one, and those given
 * always (the mode) from their fallback too. */
function requestDefaults(values: Record<string, string | undefined>, origins: Record<string, Origin>): RequestDefaults {
  const out: Record<string, unknown> = {};
  for (const def of SETTINGS) {
    const v = values[def.key];
    if (!def.request || v === undefined || (!def.request.always && origins[def.key]!.source === 'default')) continue;
    setAt(out, def.request.path, def.request.value ? def.request.value(v) : v);
  }
  return out as RequestDefaults;
}
