// Markdown generated from the command definitions, the exit codes and the settings table, for the
// README and docs/: `npm run docs` rewrites the marked blocks (`<!-- gen:NAME -->`) of every page; a
// test keeps each page equal to this output and holds every block somewhere.
import { commandOptions, walkDefs, type CommandDef } from './command.js';
import { EXIT_CODE_DOCS } from './exit-codes.js';
import { globalOptions, type OptionDef } from './options.js';
import { FIGURE_COLUMNS } from './output/figure-rows.js';
import { FORMATS } from './output/formats.js';
import { COMMANDS } from './program.js';
import { flagText, SETTINGS } from './settings/keys.js';

/** Prose for Markdown: an angle bracket (`/v2/<domain>`) would read as an HTML tag. */
const prose = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cell = (s: string) => prose(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** Text inside a code span of a table cell: only the column separator needs escaping. */
const code = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;
const sentence = (s: string) => `${prose(s.charAt(0).toUpperCase() + s.slice(1))}.`;

function extras(d: OptionDef): string {
  const extra = [
    d.choices ? `one of: ${d.choices.map((c) => `\`${c}\``).join(', ')}` : '',
    d.defaultText || d.default !== undefined ? `default: ${d.defaultText ?? d.default}` : '',
    d.env
      ? `env: ${d.env
          .split(', ')
          .map((e) => `\`${e}\``)
          .join(', ')}`
      : '',
    d.config ? `config: \`${d.config}\`` : '',
  ].filter(Boolean);
  return `${cell(d.description)}${extra.length ? ` (${cell(extra.join('; '))})` : ''}`;
}

const visible = (defs: readonly OptionDef[] | undefined) => (defs ?? []).filter((d) => !d.hidden);

/** A command's options; with a group column when they are grouped. */
export function optionsTable(defs: readonly OptionDef[]): string {
  const shown = visible(defs);
  if (shown.some((d) => d.group)) {
    return [
      '| option | group | meaning |',
      '| --- | --- | --- |',
      ...shown.map((d) => `| ${code(d.flags)} | ${d.group ?? ''} | ${extras(d)} |`),
    ].join('\n');
  }
  return ['| option | meaning |', '| --- | --- |', ...shown.map((d) => `| ${code(d.flags)} | ${extras(d)} |`)].join('\n');
}

const usage = (path: string[], def: CommandDef) => `filings ${path.join(' ')}${(def.args ?? []).map((a) => ` ${a.spec}`).join('')}`;

function commandsTable(): string {
  const rows = walkDefs(COMMANDS)
    .filter(({ def }) => !def.hidden && def.action)
    .map(({ path, def }) => `| [\`${usage(path, def)}\`](docs/commands.md#${['filings', ...path].join('-')}) | ${cell(def.description)} |`);
  return ['| command | what it does |', '| --- | --- |', ...rows].join('\n');
}

/** One command's section: what it does, its arguments and options, its help text and examples. */
function commandSection(path: string[], def: CommandDef): string {
  const parts = [`${path.length > 1 ? '###' : '##'} filings ${path.join(' ')}`, '', sentence(def.description)];
  if (def.action) parts.push('', `Usage: \`${usage(path, def)}\``);
  for (const a of def.args ?? [])
    if (a.description)
      parts.push(
        '',
        `\`${a.spec}\`: ${prose(a.description)}${a.choices ? ` (one of: ${a.choices.map((c) => `\`${c}\``).join(', ')})` : ''}`,
      );
  const options = commandOptions(def, path);
  if (visible(options).length > 0) parts.push('', optionsTable(options));
  if (def.help) parts.push('', prose(def.help.replace(/\s*\n\s*/g, ' ')));
  if (def.examples?.length) parts.push('', '```sh', ...def.examples, '```');
  return parts.join('\n');
}

/** Every command, in the order help lists them, each with its subcommands. */
function commandReference(): string {
  return walkDefs(COMMANDS)
    .filter(({ def }) => !def.hidden)
    .map(({ path, def }) => commandSection(path, def))
    .join('\n\n');
}

/** The output formats, from their table (output/formats.ts). */
function formatsTable(): string {
  return [
    '| format | flag | what it prints |',
    '| --- | --- | --- |',
    ...FORMATS.map((f) => `| \`${f.name}\` | ${f.flag ? `\`${f.flag}\`` : ''} | ${cell(f.description)} |`),
  ].join('\n');
}

export const DOC_BLOCKS: Record<string, () => string> = {
  'output-formats': formatsTable,
  'figure-columns': () => FIGURE_COLUMNS.map((c) => `\`${c}\``).join(', '),
  commands: commandsTable,
  'command-reference': commandReference,
  'global-options': () => optionsTable(globalOptions()),
  'exit-codes': () =>
    ['| code | meaning |', '| --- | --- |', ...EXIT_CODE_DOCS.map((d) => `| ${d.code} | ${cell(d.meaning)} |`)].join('\n'),
  'config-keys': () =>
    [
      '| key | meaning | flag | environment |',
      '| --- | --- | --- | --- |',
      ...SETTINGS.map((k) => {
        const flag = k.flag ? `\`${flagText(k.flag)}\`${k.flag.command ? ` (${k.flag.command})` : ''}` : '';
        const env = (k.env ?? []).map((e) => `\`${e}\``).join(', ');
        return `| \`${k.key}\` | ${cell(k.description)} | ${flag} | ${env} |`;
      }),
    ].join('\n'),
};

/** A page with every `<!-- gen:NAME -->...<!-- /gen:NAME -->` block regenerated. */
export function regenerateDoc(text: string): string {
  return text.replace(/(<!-- gen:([\w-]+) -->)[\s\S]*?(<!-- \/gen:\2 -->)/g, (whole, open: string, name: string, close: string) => {
    const gen = DOC_BLOCKS[name];
    return gen ? `${open}\n${gen()}\n${close}` : whole;
  });
}
