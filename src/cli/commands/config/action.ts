// `filings config path|get|set|unset|list`. The key is always masked when shown.
import type { ChalkInstance } from 'chalk';
import type { ActionContext } from '../../command.js';
import { configKey, maskKey, saveConfigFile } from '../../config.js';
import { UsageError } from '../../errors.js';
import { SETTINGS } from '../../settings/keys.js';
import { originText, settingsReport } from './report.js';

export async function configPath({ f, io }: ActionContext): Promise<void> {
  io.stdout.write(`${f.config().path}\n`);
}

export async function configGet({ args: [key], opts, f, io }: ActionContext): Promise<void> {
  configKey(key!);
  const report = settingsReport(f.settings())[key!]!;
  if (opts.json) {
    io.stdout.write(`${JSON.stringify({ key, ...report })}\n`);
    return;
  }
  if (report.value === null)
    throw new UsageError(`"${key}" has no value (profile "${f.profile()}"; set it with: filings config set ${key} VALUE)`);
  io.stdout.write(`${report.value}\n`);
}

export async function configSet({ args: [key, value], f, io }: ActionContext): Promise<void> {
  const def = configKey(key!);
  const problem = def.check?.(value!);
  if (problem) throw new UsageError(`${key} ${problem}; got "${def.secret ? maskKey(value!) : value}"`);
  const { path, file } = f.config();
  const profile = f.profile();
  file.profiles[profile] = { ...file.profiles[profile], [key!]: value! };
  saveConfigFile(path, file);
  io.stdout.write(`${key} set in profile "${profile}" (${path})\n`);
}

export async function configUnset({ args: [key], f, io }: ActionContext): Promise<void> {
  configKey(key!);
  const { path, file } = f.config();
  const profile = f.profile();
  if (file.profiles[profile]?.[key!] === undefined) throw new UsageError(`"${key}" is not set in profile "${profile}"`);
  delete file.profiles[profile]![key!];
  saveConfigFile(path, file);
  io.stdout.write(`${key} removed from profile "${profile}"\n`);
}

/** Every setting in effect: its value and whether a flag, the environment, the profile or a default
 * gave it. */
export async function configList({ opts, f, io }: ActionContext): Promise<void> {
  const report = settingsReport(f.settings());
  const file = f.config().path;
  if (opts.json) {
    io.stdout.write(`${JSON.stringify({ config_file: file, settings: report }, null, 2)}\n`);
    return;
  }
  const chalk = io.chalk();
  const rows = Object.entries(report).map(([key, r]) => ({
    key,
    value: r.value !== null ? String(r.value) : key === 'base_url' ? 'none: the embedded local engine' : 'none',
    none: r.value === null,
    source: originText(r),
  }));
  io.stdout.write(`${settingsLines(rows, io.width(), chalk).join('\n')}\n`);
  io.stdout.write(`\nconfig file: ${file}\nkeys: ${SETTINGS.map((k) => k.key).join(', ')}\n`);
}

/** key, value, source in columns within `width`. A value is never cut (a path must stay whole to be
 * copied): one too long for its column pushes its source to the next line. */
function settingsLines(
  rows: { key: string; value: string; none: boolean; source: string }[],
  width: number,
  chalk: ChalkInstance,
): string[] {
  const keyW = Math.max(...rows.map((r) => r.key.length)) + 2;
  const sourceW = Math.max(...rows.map((r) => r.source.length));
  const valueW = Math.max(12, Math.min(Math.max(...rows.map((r) => [...r.value].length)), width - keyW - 2 - sourceW));
  return rows.flatMap((r) => {
    const value = r.none ? chalk.dim(r.value) : r.value;
    const key = chalk.bold(r.key) + ' '.repeat(keyW - r.key.length);
    if ([...r.value].length > valueW) return [`${key}${value}`, `${' '.repeat(keyW + valueW + 2)}${chalk.dim(r.source)}`];
    return [`${key}${value}${' '.repeat(valueW - [...r.value].length + 2)}${chalk.dim(r.source)}`];
  });
}
