// One table of options per command drives Commander registration, `--help`, completions and the
// docs/commands.md (the npm-check-updates way). Importing this must stay cheap: no schema library, no I/O.
import { Option, type Command } from 'commander';

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
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** The value when the flag is absent (shown in help and docs unless `defaultText` says more). */
  default?: string;
  /** Shown in help and docs instead of a computed default. */
  defaultText?: string;
  /** Hidden from help, docs and completion (still accepted). */
  hidden?: boolean;
}

/** Options every command accepts (defined once, on the program). */
export const GLOBAL_OPTIONS: OptionDef[] = [
  {
    flags: '--base-url <url>',
    description: 'service base URL including /v2/<domain>; none means the embedded local engine',
    group: 'Connection',
    env: 'FILINGS_BASE_URL',
  },
  {
    flags: '--api-key-file <file>',
    description: 'read the API key from a file (the key itself may come from FILINGS_API_KEY); sent only in X-API-Key',
    group: 'Connection',
    env: 'FILINGS_API_KEY_FILE',
  },
  { flags: '--profile <name>', description: 'configuration profile', group: 'Connection', env: 'FILINGS_PROFILE', defaultText: 'default' },
  { flags: '--local', description: 'use the embedded local engine even when a base URL is configured', group: 'Connection' },
  {
    flags: '--index <path>',
    description: 'local index file',
    group: 'Connection',
    env: 'FILINGS_INDEX',
    defaultText: '$XDG_DATA_HOME/filings/index.sqlite',
  },
  {
    flags: '--timeout <seconds>',
    description: 'network timeout (connect, first byte, idle)',
    group: 'Connection',
    env: 'FILINGS_TIMEOUT',
    defaultText: '60',
  },
  { flags: '--no-color', description: 'no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)', group: 'General' },
  { flags: '--debug', description: 'print stack traces of internal errors', group: 'General' },
];

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
