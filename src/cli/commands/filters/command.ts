// `filings filters`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';
import type { OptionDef } from '../../options.js';
import { formatOptions } from '../../output/formats.js';

export const FILTERS_OPTIONS: OptionDef[] = [
  { flags: '--values', description: 'include the values of categorical fields (locally, with the number of filings of each)' },
  { flags: '--field <name>', description: 'only this field, by its name or a short name (sec_ticker, ticker)' },
  { flags: '--list', description: 'print the values of --field alone, one a line (for scripts and shell completion)' },
  ...formatOptions({ records: 'a field a row, or with --values a value a row (field, value, count)' }),
];

export const filtersCommand: CommandDef = {
  name: 'filters',
  description: 'list the metadata-filter fields, operators, bounds and (with --values) values with counts',
  options: FILTERS_OPTIONS,
  examples: [
    'filings filters',
    'filings filters --values --field ticker',
    'filings filters --field sector --list',
    'filings filters --values --field sector --csv',
    `filings filters --values --json | jq '.fields[] | {name, n: (.values | length)}'`,
  ],
  action: async (ctx) => (await import('./action.js')).runFilters(ctx),
};
