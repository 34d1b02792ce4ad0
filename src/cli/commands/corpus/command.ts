// `filings corpus add|init|list|stats|remove|path`: the definitions; each action loads its module when
// it runs. The index path comes from the global --index, FILINGS_INDEX or the default.
import type { CommandDef } from '../../command.js';
import type { OptionDef } from '../../options.js';

const json = (description: string): OptionDef => ({ flags: '--json', description });

export const corpusCommand: CommandDef = {
  name: 'corpus',
  description: 'build and inspect the local index of filings used by the embedded engine',
  examples: [
    'filings corpus init                         # index the sample corpus (one-command quick start)',
    'filings corpus add ./filings --constituents ./constituents.csv',
    `filings corpus list --json | jq '.[0]'`,
    'filings corpus stats',
  ],
  subcommands: [
    {
      name: 'add',
      description: 'ingest crawler JSON filings (.json, .json.gz, or directories of them) into the index',
      args: [{ spec: '<paths...>', description: 'files or directories' }],
      options: [
        { flags: '--constituents <file>', description: 'S&P 500 constituents CSV joined by CIK', defaultText: 'constituents.csv beside the filings' },
        json('print the summary as JSON'),
      ],
      help: `Adding an accession that is already indexed replaces it. Files that cannot be read or parsed are named
and skipped; the rest is added and the exit code is 2.`,
      examples: ['filings corpus add ../shared/corpus/filings/66740_10K_2018_0001558370-19-000470.json.gz'],
      action: async (ctx) => (await import('./add.js')).run(ctx),
    },
    {
      name: 'init',
      description: 'build the index from the sample corpus ($FILINGS_SAMPLE_CORPUS, default ../shared/corpus)',
      options: [{ flags: '--if-missing', description: 'do nothing when an index already exists' }, json('print the summary as JSON')],
      examples: ['filings corpus init --if-missing && filings query "3M capital expenditure 2018"'],
      action: async (ctx) => (await import('./init.js')).run(ctx),
    },
    {
      name: 'list',
      description: 'list the indexed filings (a table on a terminal, tab-separated lines in a pipe)',
      options: [json('print a JSON array, one object per filing')],
      examples: [`filings corpus list --json | jq -r '.[] | select(.sec_ticker=="MMM") | .accession'`],
      action: async (ctx) => (await import('./list.js')).run(ctx),
    },
    {
      name: 'stats',
      description: 'counts, index size and the item segmentation report',
      options: [json('print as JSON')],
      examples: ['filings corpus stats --json | jq .segmentation.keyItemShares'],
      action: async (ctx) => (await import('./stats.js')).run(ctx),
    },
    {
      name: 'remove',
      description: 'remove filings by accession number or by ticker',
      args: [{ spec: '<accession-or-ticker>' }],
      options: [json('print the removed accessions as JSON')],
      examples: ['filings corpus remove 0001558370-19-000470', 'filings corpus remove MMM'],
      action: async (ctx) => (await import('./remove.js')).run(ctx),
    },
    {
      name: 'path',
      description: 'print the index path in use (--index > FILINGS_INDEX > $XDG_DATA_HOME/filings/index.sqlite)',
      examples: ['ls -lh "$(filings corpus path)"'],
      action: async (ctx) => (await import('./path.js')).run(ctx),
    },
  ],
};
