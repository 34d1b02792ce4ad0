// One table of options per command drives Commander registration, `--help`, completions and the
// docs/commands.md (the npm-check-updates way). A setting's flag is not written here: it is the key
// table's (settings/keys.ts), and settingOptions() makes its option from the row. Importing this must
// stay cheap: no schema library, no I/O.
import { Option, type Command } from 'commander';
import { SETTINGS } from './settings/keys.js';

export type OptionGroup = 'Request' | 'Include in the response' | 'Output' | 'Connection' | 'General' | 'Server' | 'Options';

export interface OptionDef {
  /** Commander flags, e.g. '-f, --filter <FIELD=VALUE>'. */
  flags: string;
  description: string;
  /** The heading it is listed under in --help (default: Options). */
  group?: OptionGroup;
  choices?: readonly string[];
  /** Collects every occurrence into an array. */
  repeatable?: boolean;
  /** Environment variables read when the flag is absent. */
  env?: string;
  /** The config key that gives it too (a setting's flag). */
  config?: string;
  /** The value when the flag is absent (shown in help and docs unless `defaultText` says more). */
  default?: string;
  /** Shown in help and docs instead of a computed default. */
  defaultText?: string;
  /** Hidden from help, docs and completion (still accepted). */
  hidden?: boolean;
}

/** The options the key table's flags give: those of `command` ('corpus pull'), or with none the
 * program's own (every command's, listed under Connection). Made from the table when the program is
 * built, so a row added to it is a flag Commander knows. */
export function settingOptions(command?: string): OptionDef[] {
  return SETTINGS.filter((d) => d.flag && d.flag.command === command).map((d) => ({
    flags: d.flag!.spec,
    description: d.flag!.help ?? d.description,
    ...(command === undefined && { group: 'Connection' as const }),
    ...(d.env?.length && { env: d.env.join(', ') }),
    config: d.key,
    ...(d.flag!.defaultText !== undefined && { defaultText: d.flag!.defaultText }),
  }));
}

/** Options every command accepts (defined once, on the program): the settings' flags, then these. */
export function globalOptions(): OptionDef[] {
  return [
    ...settingOptions(),
    {
      flags: '--profile <name>',
      description: 'configuration profile',
      group: 'Connection',
      env: 'FILINGS_PROFILE',
      defaultText: 'default',
    },
    { flags: '--local', description: 'use the embedded local engine even when a base URL is configured', group: 'Connection' },
    { flags: '--no-color', description: 'no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)', group: 'General' },
    { flags: '--debug', description: 'print stack traces of internal errors', group: 'General' },
  ];
}

/** The argument parser of repeatable options; completion recognises them by it. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function addOptions(cmd: Command, defs: readonly OptionDef[]): Command {
  for (const d of defs) {
    const o = new Option(d.flags, d.description);
    if (d.group) o.helpGroup(`${d.group}:`);
    if (d.choices) o.choices(d.choices);
    if (d.repeatable) o.argParser(collect);
    if (d.default !== undefined || d.defaultText) o.default(d.default, d.defaultText);
    if (d.hidden) o.hideHelp();
    cmd.addOption(o);
  }
  return cmd;
}

/** The long name of an option definition: '--max-evidence <n>' -> 'max-evidence'. */
export function longName(def: OptionDef): string {
  return /--([\w-]+)/.exec(def.flags)![1]!;
}
