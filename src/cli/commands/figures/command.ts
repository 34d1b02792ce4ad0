// `filings figures`: the definition; the action (action.ts) loads when the command runs.
import type { CommandDef } from '../../command.js';
import type { OptionDef } from '../../options.js';
import { formatOptions } from '../../output/formats.js';

export const FIGURES_OPTIONS: OptionDef[] = [
  {
    flags: '-m, --measure <item>',
    description: 'a line item or metric, by its key or a name analysts use ("revenue", "operating_margin", "capex"); repeatable',
    repeatable: true,
  },
  {
    flags: '-y, --years <years>',
    description: 'fiscal years: 2019-2023, 2021,2022 or 2023',
    defaultText: 'the newest fiscal year the companies report',
  },
  {
    flags: '--sector <name>',
    description: 'every company of a GICS sector ("Consumer Discretionary") whose filings report the years, instead of tickers',
  },
  {
    flags: '--sub-industry <name>',
    description: 'every company of a GICS sub-industry ("Semiconductors", "Aerospace & Defense"), instead of tickers',
  },
  { flags: '--all', description: 'every company of the index whose filings report the years, instead of tickers' },
  {
    flags: '--rank [order]',
    description: 'rank the companies by the first measure, highest first (desc) or lowest first (asc)',
    choices: ['desc', 'asc'],
    defaultText: 'desc when given without an order',
  },
  { flags: '--top <n>', description: 'only the first N of the ranking (with --rank asc, the lowest N)' },
  ...formatOptions({ records: 'a figure asked a row, stated or not (an empty one with status missing, its reason_code and reason)' }),
  { flags: '--list-measures', description: 'list the measures (key, kind, name, what analysts call it) and exit', group: 'Output' },
];

export const figuresCommand: CommandDef = {
  name: 'figures',
  description: 'a table of line items over companies and fiscal years, every figure a record with its filing',
  args: [{ spec: '[tickers...]', description: 'the companies, by ticker (or a set: --sector, --sub-industry, --all)' }],
  options: FIGURES_OPTIONS,
  help:
    'Each cell is found as the same question would be, in its own filing, column and unit; a cell that cannot be stated ' +
    'stays empty and says why (reason codes: not_held, not_stated, ambiguous, words_not_read). Every format carries every ' +
    'cell asked; exit 10 when some cells are empty, 11 when all are, with the result printed whole. A set (--sector, ' +
    '--sub-industry, --all) is a screen: its members are its companies whose filings report the year asked (the newest ' +
    "annual report's when none is), one measure of one year of each; --rank orders them over the figures stated and " +
    'names the others.',
  examples: [
    'filings figures KO PEP --measure revenue --years 2021-2022',
    'filings figures MSFT --measure revenue --measure operating_income --years 2021-2023',
    'filings figures KO PEP --measure revenue --years 2021-2022 --csv',
    "filings figures KEYS -m revenue --years 2019-2023 --json | jq '.analysis.figures[].value'",
    'filings figures --sector "Consumer Discretionary" --measure revenue --years 2023 --rank',
    'filings figures --sub-industry Semiconductors -m rnd_intensity --years 2023 --rank --top 3 --csv',
    'filings figures --all -m revenue --years 2022 --rank asc --top 5',
    'filings figures --list-measures',
  ],
  action: async (ctx) => (await import('./action.js')).runFigures(ctx),
};
