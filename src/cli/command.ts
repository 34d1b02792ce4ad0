// The one shape of a command: a definition (name, arguments, options table, help text, examples,
// subcommands) that program.ts registers with Commander, and an action that imports its module only
// when the command runs. Help, docs/commands.md and the completion scripts all come from these
// definitions, so a command defined here is documented and completed everywhere.
import { Argument, type Command } from 'commander';
import type { Factory } from './factory.js';
import type { Io } from './io.js';
import { addOptions, settingOptions, type OptionDef } from './options.js';
import { wrap } from './render/wrap.js';

export interface ArgDef {
  /** Commander syntax: '<key>', '[question...]'. */
  spec: string;
  description?: string;
  choices?: readonly string[];
}

export interface ActionContext {
  /** Positional arguments in order, a variadic one spread at the end, absent optional ones left out. */
  args: string[];
  /** The command's options merged with the program's (`optsWithGlobals`). */
  opts: Record<string, unknown>;
  command: Command;
  /** The invocation's settings, streams and clients: what a command reads its settings from. */
  f: Factory;
  /** Streams, terminal, width and colour (the Factory's): the one I/O object every command shares. */
  io: Io;
}

export interface CommandDef {
  name: string;
  description: string;
  args?: ArgDef[];
  options?: readonly OptionDef[];
  /** Prose printed after the options in --help. */
  help?: string;
  /** Command lines printed under "Examples:" in --help; each must be safe to paste into a shell. */
  examples?: string[];
  hidden?: boolean;
  subcommands?: CommandDef[];
  /** What the command does: an `await import('./action.js')` so that --version and --help load
   * nothing of it. */
  action?: (ctx: ActionContext) => Promise<void>;
}

/** The width --help lays its text out in: the terminal's, as Commander takes it for the options (80 off
 * a terminal, or when it says 0 columns), at least 40. */
export function helpWidth(): number {
  return Math.max(40, (process.stdout.isTTY && process.stdout.columns) || 80);
}

/** Prose re-wrapped to `width`: each paragraph (blank lines apart) joined and wrapped. */
function prose(text: string, width: number): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => wrap(p.replace(/\s*\n\s*/g, ' '), width).join('\n'))
    .join('\n\n');
}

/** The text after the options in --help: the prose (wrapped to `width`), then the examples (whole, to
 * be pasted). */
export function helpAfter(def: Pick<CommandDef, 'help' | 'examples'>, width = 80): string {
  const parts: string[] = [];
  if (def.help) parts.push(`\n${prose(def.help, width)}`);
  if (def.examples?.length)
    parts.push(`\nExample${def.examples.length > 1 ? 's' : ''}:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}`);
  return parts.join('\n');
}

/** Positional values as Commander passes them (a variadic one as an array) to a flat list. */
function positional(values: unknown[]): string[] {
  return values.flatMap((v) => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []));
}

/** A command's options: its table's, then the flags the key table gives it (`path`: ['corpus', 'pull']). */
export function commandOptions(def: CommandDef, path: readonly string[]): OptionDef[] {
  return [...(def.options ?? []), ...settingOptions(path.join(' '))];
}

/** `factory`: the invocation's (main.ts); absent when the tree is built only for its help or its
 * completion scripts. `path`: the command's, below the program. */
export function registerCommand(parent: Command, def: CommandDef, factory?: Factory, path: readonly string[] = [def.name]): Command {
  const cmd = parent.command(def.name, { hidden: def.hidden }).description(def.description);
  for (const a of def.args ?? []) {
    const arg = new Argument(a.spec, a.description);
    if (a.choices) arg.choices(a.choices);
    cmd.addArgument(arg);
  }
  addOptions(cmd, commandOptions(def, path));
  if (def.help || def.examples?.length) cmd.addHelpText('after', () => helpAfter(def, helpWidth()));
  for (const sub of def.subcommands ?? []) registerCommand(cmd, sub, factory, [...path, sub.name]);
  const action = def.action;
  if (action) {
    cmd.action(async (...params: unknown[]) => {
      const command = params[params.length - 1] as Command;
      const opts = command.optsWithGlobals<Record<string, unknown>>();
      // A tree built for its help or its completion scripts has no Factory, and runs nothing.
      if (!factory) throw new Error(`filings ${path.join(' ')} ran in a program built without a Factory (main.ts makes one)`);
      const f = factory;
      await f.start(opts);
      await action({ args: positional(params.slice(0, -2)), opts, command, f, io: f.io });
    });
  }
  return cmd;
}

/** Every definition of the tree with its command path (['corpus', 'add']), parents first. */
export function walkDefs(defs: readonly CommandDef[], path: string[] = []): { path: string[]; def: CommandDef }[] {
  return defs.flatMap((def) => [{ path: [...path, def.name], def }, ...walkDefs(def.subcommands ?? [], [...path, def.name])]);
}
