// The settings in effect as data: each key's value (typed: a number is a number, nothing is null)
// and where it came from. The key is only ever shown masked.
import { resolveIndexPath } from '../../../engine/index/location.js';
import { maskKey, type Origin, type Settings } from '../../config.js';

export interface SettingReport extends Origin {
  value: string | number | null;
}

/** What a key holds when nothing sets it: the CLI's defaults and the contract's. */
const DEFAULTS: Record<string, string> = { mode: 'research', effort: 'medium', format: 'rendered' };

export function settingsReport(s: Settings, env: NodeJS.ProcessEnv): Record<string, SettingReport> {
  const values: Record<string, string | number | null> = {
    profile: s.profile,
    base_url: s.baseUrl ?? null,
    api_key: s.apiKey ? maskKey(s.apiKey) : null,
    api_key_file: s.apiKeyFile ?? null,
    mode: s.mode ?? DEFAULTS.mode!,
    effort: s.effort ?? DEFAULTS.effort!,
    format: s.format ?? DEFAULTS.format!,
    index: resolveIndexPath({ flag: s.index, env }),
    timeout: s.timeoutSeconds,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value, ...(s.origins[key] ?? { source: 'default' }) }]));
}

/** `env FILINGS_TIMEOUT`, `profile work`, `flag --index`, `default`. */
export function originText(o: Origin): string {
  return o.from ? `${o.source} ${o.from}` : o.source;
}
