// The settings in effect as data: every key of the settings table with its value (typed: a number is
// a number, nothing is null) and where it came from. Secrets are only ever shown masked.
import { maskKey } from '../../config.js';
import { SETTINGS } from '../../settings/keys.js';
import type { Origin, Settings } from '../../settings/resolve.js';

export interface SettingReport extends Origin {
  value: string | number | null;
}

export function settingsReport(s: Settings): Record<string, SettingReport> {
  const report: Record<string, SettingReport> = { profile: { value: s.profile, ...s.origins.profile! } };
  for (const def of SETTINGS) {
    const raw = def.key === 'base_url' ? (s.baseUrl ?? null) : (s.values[def.key] ?? null);
    const value = raw === null || raw === '' ? null : def.secret ? maskKey(raw) : def.numeric ? Number(raw) : raw;
    report[def.key] = { value, ...(s.origins[def.key] ?? { source: 'default' }) };
  }
  return report;
}

/** `env FILINGS_TIMEOUT`, `profile work`, `flag --index`, `default`. */
export function originText(o: Origin): string {
  return o.from ? `${o.source} ${o.from}` : o.source;
}
