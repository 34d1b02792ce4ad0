// Markdown generated from the command definitions, the exit codes and the config keys, for the
// README: `npm run docs` rewrites the marked blocks; a test keeps the README equal to this output
// and holds a block for every command that has options.
import { walkDefs, type CommandDef } from './command.js';
import { SETTINGS } from './settings/keys.js';
import { EXIT_CODE_DOCS } from './exit-codes.js';
import { GLOBAL_OPTIONS, type OptionDef } from './options.js';
import { COMMANDS } from './program.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function extras(d: OptionDef): string {
  const extra = [
    d.choices ? `one of: ${d.choices.map((c) => `\`${c}\``).join(', ')}` : '',
    d.defaultText || d.default !== undefined ? `default: ${d.defaultText ?? d.default}` : '',
    d.env ? `env: \`${d.env}\`` : '',
  ].filter(Boolean);
  return `${cell(d.description)}${extra.length ? ` (${cell(extra.join('; '))})` : ''}`;
}

const visible = (defs: readonly OptionDef[] | undefined) => (defs ?? []).filter((d) => !d.hidden);

/** A command's options; with a group column when they are grouped. */
function optionsTable(defs: readonly OptionDef[]): string {
  const shown = visible(defs);
  if (shown.some((d) => d.group)) {
    return ['| option | group | meaning |', '| --- | --- | --- |', ...shown.map((d) => `| \`${cell(d.flags)}\` | ${d.group ?? ''} | ${extras(d)} |`)].join('\n');
  }
  return ['| option | meaning |', '| --- | --- |', ...shown.map((d) => `| \`${cell(d.flags)}\` | ${extras(d)} |`)].join('\n');
}

/** The options of a command's subcommands, one table with the subcommand first. */
function subcommandOptionsTable(def: CommandDef): string {
  const rows = walkDefs(def.subcommands ?? [], [def.name]).flatMap(({ path, def: sub }) =>
    visible(sub.options).map((d) => `| \`${path.join(' ')}\` | \`${cell(d.flags)}\` | ${extras(d)} |`),
  );
  return ['| command | option | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

function commandsTable(): string {
  const rows = walkDefs(COMMANDS)
    .filter(({ def }) => !def.hidden && def.action)
    .map(({ path, def }) => `| \`filings ${path.join(' ')}${(def.args ?? []).map((a) => ` ${a.spec}`).join('')}\` | ${cell(def.description)} |`);
  return ['| command | what it does |', '| --- | --- |', ...rows].join('\n');
}

/** The block of a command's options (its subcommands' included): `query-options`, `corpus-options`;
 * every command that has options has one in the README. */
export function optionsBlocks(): Record<string, () => string> {
  const blocks: Record<string, () => string> = {};
  for (const def of COMMANDS.filter((d) => !d.hidden)) {
    const subs = walkDefs(def.subcommands ?? []).some(({ def: s }) => visible(s.options).length > 0);
    if (subs) blocks[`${def.name}-options`] = () => subcommandOptionsTable(def);
    else if (visible(def.options).length > 0) blocks[`${def.name}-options`] = () => optionsTable(def.options!);
  }
  return blocks;
}

export const README_BLOCKS: Record<string, () => string> = {
  commands: commandsTable,
  ...optionsBlocks(),
  'global-options': () => optionsTable(GLOBAL_OPTIONS),
  'exit-codes': () =>
    ['| code | meaning |', '| --- | --- |', ...EXIT_CODE_DOCS.map((d) => `| ${d.code} | ${cell(d.meaning)} |`)].join('\n'),
  'config-keys': () =>
    [
      '| key | meaning | flag | environment |',
      '| --- | --- | --- | --- |',
      ...SETTINGS.map((k) => `| \`${k.key}\` | ${cell(k.description)} | ${k.flag ? `\`${k.flag.text}\`` : ''} | ${(k.env ?? []).map((e) => `\`${e}\``).join(', ')} |`),
    ].join('\n'),
};

/** The README with every `<!-- gen:NAME -->...<!-- /gen:NAME -->` block regenerated. */
export function regenerateReadme(readme: string): string {
  return readme.replace(/(<!-- gen:([\w-]+) -->)[\s\S]*?(<!-- \/gen:\2 -->)/g, (whole, open: string, name: string, close: string) => {
    const gen = README_BLOCKS[name];
    return gen ? `${open}\n${gen()}\n${close}` : whole;
  });
}
