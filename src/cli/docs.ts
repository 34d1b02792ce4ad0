// Markdown generated from the option, exit-code and config tables, for the README. `npm run docs`
// rewrites the marked blocks; a test keeps the README equal to this output.
import { CONFIG_KEYS } from './config.js';
import { EXIT_CODE_DOCS } from './exit-codes.js';
import { GLOBAL_OPTIONS, QUERY_OPTIONS, type OptionDef } from './options.js';

const cell = (s: string) => s.replace(/\|/g, '\\|');

function optionsTable(defs: OptionDef[]): string {
  const rows = defs
    .filter((d) => !d.hidden)
    .map((d) => {
      const extra = [
        d.choices ? `one of: ${d.choices.map((c) => `\`${c}\``).join(', ')}` : '',
        d.defaultText ? `default: ${d.defaultText}` : '',
        d.env ? `env: \`${d.env}\`` : '',
      ].filter(Boolean);
      return `| \`${cell(d.flags)}\` | ${d.group} | ${cell(d.description)}${extra.length ? ` (${cell(extra.join('; '))})` : ''} |`;
    });
  return ['| option | group | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

export const README_BLOCKS: Record<string, () => string> = {
  'query-options': () => optionsTable(QUERY_OPTIONS),
  'global-options': () => optionsTable(GLOBAL_OPTIONS),
  'exit-codes': () =>
    ['| code | meaning |', '| --- | --- |', ...EXIT_CODE_DOCS.map((d) => `| ${d.code} | ${cell(d.meaning)} |`)].join('\n'),
  'config-keys': () =>
    ['| key | meaning | environment |', '| --- | --- | --- |', ...CONFIG_KEYS.map((k) => `| \`${k.key}\` | ${cell(k.description)} | ${k.env ? `\`${k.env}\`` : ''} |`)].join('\n'),
};

/** The README with every `<!-- gen:NAME -->...<!-- /gen:NAME -->` block regenerated. */
export function regenerateReadme(readme: string): string {
  return readme.replace(/(<!-- gen:([\w-]+) -->)[\s\S]*?(<!-- \/gen:\2 -->)/g, (whole, open: string, name: string, close: string) => {
    const gen = README_BLOCKS[name];
    return gen ? `${open}\n${gen()}\n${close}` : whole;
  });
}
