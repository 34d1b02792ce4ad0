// `filings config path|get|set|unset|list`. The key is always masked when shown.
import type { Command } from 'commander';
import { CONFIG_KEYS, configKey, configPath, loadConfigFile, maskKey, saveConfigFile } from '../config.js';
import { UsageError } from '../errors.js';
import { settingsFor, type GlobalFlags } from '../settings.js';

const out = (s: string) => process.stdout.write(s + '\n');

function profileOf(cmd: Command): string {
  return cmd.optsWithGlobals<GlobalFlags>().profile ?? process.env.FILINGS_PROFILE ?? 'default';
}

export function configPathCommand(): void {
  out(configPath(process.env));
}

export function configGet(key: string, cmd: Command): void {
  const def = configKey(key);
  const { file } = loadConfigFile(configPath(process.env));
  const value = file.profiles[profileOf(cmd)]?.[key];
  if (value === undefined) throw new UsageError(`"${key}" is not set in profile "${profileOf(cmd)}"`);
  out(def.secret ? maskKey(value) : value);
}

export function configSet(key: string, value: string, cmd: Command): void {
  const def = configKey(key);
  const problem = def.check?.(value);
  if (problem) throw new UsageError(`${key} ${problem}; got "${def.secret ? maskKey(value) : value}"`);
  const path = configPath(process.env);
  const { file } = loadConfigFile(path);
  const profile = profileOf(cmd);
  file.profiles[profile] = { ...file.profiles[profile], [key]: value };
  saveConfigFile(path, file);
  out(`${key} set in profile "${profile}" (${path})`);
}

export function configUnset(key: string, cmd: Command): void {
  configKey(key);
  const path = configPath(process.env);
  const { file } = loadConfigFile(path);
  const profile = profileOf(cmd);
  if (file.profiles[profile]?.[key] === undefined) throw new UsageError(`"${key}" is not set in profile "${profile}"`);
  delete file.profiles[profile]![key];
  saveConfigFile(path, file);
  out(`${key} removed from profile "${profile}"`);
}

/** The resolved settings: each value and whether it came from a flag, the environment or the file. */
export function configList(cmd: Command): void {
  const s = settingsFor(cmd);
  const rows = [
    { key: 'profile', value: s.profile },
    { key: 'config_file', value: configPath(process.env) },
    { key: 'base_url', value: s.baseUrl ?? '(none: the embedded local engine)' },
    { key: 'api_key', value: s.apiKey ? `${maskKey(s.apiKey)} (from ${s.apiKeySource})` : s.apiKeyFile ? `file ${s.apiKeyFile} (from ${s.apiKeySource})` : '(none)' },
    { key: 'mode', value: s.mode ?? '(research)' },
    { key: 'effort', value: s.effort ?? '(service default)' },
    { key: 'format', value: s.format ?? '(rendered)' },
    { key: 'index', value: s.index ?? '(default location)' },
    { key: 'timeout', value: String(s.timeoutSeconds) },
  ];
  if ((cmd.opts() as { json?: boolean }).json) {
    out(JSON.stringify(Object.fromEntries(rows.map((r) => [r.key, r.value])), null, 2));
    return;
  }
  const width = Math.max(...rows.map((r) => r.key.length));
  for (const r of rows) out(`${r.key.padEnd(width)}  ${r.value}`);
  out(`\nkeys: ${CONFIG_KEYS.map((k) => k.key).join(', ')}`);
}
