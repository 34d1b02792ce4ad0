// The Commander tree walked into a plain description of what a shell can complete: each command's
// path, subcommands, options (its own and the global ones) with the values they take, and its
// positional arguments. The bash, zsh and fish writers only print this, so the three agree.
import type { Argument, Command, Option } from 'commander';
import { FILTER_FIELDS } from '../../contract/fields.js';
import { SETTINGS } from '../settings/keys.js';
import { collect } from '../options.js';

/** What to offer for a value: fixed words, file names, nothing (free text), or a filter. */
export type ValueHint =
  | { kind: 'words'; words: string[]; descriptions?: string[]; noSpace?: boolean }
  | { kind: 'files' }
  | { kind: 'none' }
  /** `FIELD=VALUE`: the field names and short names with "=" (no space after), then, once "=" is
   * typed, the field's values as `filings filters --field FIELD --list` prints them at that moment
   * (tickers, sectors, item tags, ... of the configured backend). */
  | { kind: 'filter'; words: string[]; descriptions: string[] };

export interface OptionSpec {
  long?: string;
  short?: string;
  description: string;
  /** Undefined for a flag that takes no value. */
  value?: ValueHint & { name: string };
  repeatable: boolean;
}

export interface ArgSpec {
  name: string;
  variadic: boolean;
  value: ValueHint;
}

export interface CommandSpec {
  /** Command names from the root: [] for `filings`, ['config', 'set'] for `filings config set`. */
  path: string[];
  name: string;
  description: string;
  options: OptionSpec[];
  args: ArgSpec[];
  subcommands: CommandSpec[];
}

/** `--filter` values: every field name and short name, each with "=" to go on typing the value. */
const FILTER_HINT: ValueHint = {
  kind: 'filter',
  words: FILTER_FIELDS.flatMap((f) => [f.name, ...f.aliases].map((n) => `${n}=`)),
  descriptions: FILTER_FIELDS.flatMap((f) => [f.name, ...f.aliases].map(() => `${f.display_name}: ${f.format}`)),
};

const CONFIG_KEY_HINT: ValueHint = { kind: 'words', words: SETTINGS.map((k) => k.key), descriptions: SETTINGS.map((k) => k.description) };

/** Values that come from the project's tables rather than from Commander choices. */
const OPTION_VALUES: Record<string, ValueHint> = { '--filter': FILTER_HINT };
const ARGUMENT_VALUES: Record<string, ValueHint> = {
  'config get key': CONFIG_KEY_HINT,
  'config set key': CONFIG_KEY_HINT,
  'config unset key': CONFIG_KEY_HINT,
};

/** A placeholder naming a file (`<file>`, `<path>`, `<paths...>`) gets file-name completion. */
function hintFor(choices: readonly string[] | undefined, placeholder: string): ValueHint {
  if (choices?.length) return { kind: 'words', words: [...choices] };
  return /^(?:file|path|paths|dir)$/i.test(placeholder) ? { kind: 'files' } : { kind: 'none' };
}

function optionSpec(o: Option): OptionSpec {
  const placeholder = /[<[]([^>\]]+?)(?:\.\.\.)?[>\]]/.exec(o.flags)?.[1];
  const takesValue = o.required || o.optional;
  return {
    long: o.long,
    short: o.short,
    description: o.description,
    value: takesValue
      ? { ...(OPTION_VALUES[o.long ?? ''] ?? hintFor(o.argChoices, placeholder ?? '')), name: placeholder ?? 'value' }
      : undefined,
    // Options from the tables that collect every occurrence are parsed by `collect`.
    repeatable: o.variadic || o.parseArg === collect,
  };
}

function argSpec(path: string[], a: Argument): ArgSpec {
  return { name: a.name(), variadic: a.variadic, value: ARGUMENT_VALUES[[...path, a.name()].join(' ')] ?? hintFor(a.argChoices, a.name()) };
}

const HELP: OptionSpec = { long: '--help', short: '-h', description: 'display help for command', repeatable: false };

function walk(cmd: Command, path: string[], inherited: OptionSpec[]): CommandSpec {
  const own = cmd.options.filter((o) => !o.hidden).map(optionSpec);
  const longs = new Set(own.map((o) => o.long));
  // Options on the program are accepted after any subcommand too (Commander's default).
  const options = [...own, ...inherited.filter((o) => !longs.has(o.long)), HELP];
  const children = cmd.commands.map((c) =>
    walk(c, [...path, c.name()], path.length === 0 ? own.filter((o) => o.long !== '--version') : inherited),
  );
  if (children.length) {
    // Commander's implicit `help [command]`.
    const names = children.map((c) => c.name);
    children.push({
      path: [...path, 'help'],
      name: 'help',
      description: 'display help for command',
      options: [HELP],
      args: [{ name: 'command', variadic: false, value: { kind: 'words', words: names } }],
      subcommands: [],
    });
  }
  return {
    path,
    name: path.length ? path[path.length - 1]! : cmd.name(),
    description: cmd.description(),
    options,
    args: cmd.registeredArguments.map((a) => argSpec(path, a)),
    subcommands: children,
  };
}

export function completionSpec(program: Command): CommandSpec {
  return walk(program, [], []);
}

/** Every command of the tree, the root first. */
export function allCommands(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.subcommands.flatMap(allCommands)];
}
