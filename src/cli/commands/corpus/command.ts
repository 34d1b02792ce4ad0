// `filings corpus add|pull|frames|cache|init|list|stats|remove|path`: the definitions; each action loads its module when
// it runs. The index path is the index setting, as for every command (--index > FILINGS_INDEX > the
// profile's index > the default).
import type { CommandDef } from '../../command.js';
import type { OptionDef } from '../../options.js';

const json = (description: string): OptionDef => ({ flags: '--json', description });

export const corpusCommand: CommandDef = {
  name: 'corpus',
  description: 'build and inspect the local index of filings used by the embedded engine',
  examples: [
    'filings corpus init      # index the sample corpus (the quick start)',
    'filings corpus add ./filings --constituents ./constituents.csv',
    `filings corpus list --json | jq '.[0]'`,
    'filings corpus stats',
  ],
  subcommands: [
    {
      name: 'add',
      description:
        'ingest filings into the index: crawler JSON (.json, .json.gz), EDGAR documents (.htm, .html), complete submissions (.txt), or directories of them',
      args: [{ spec: '<paths...>', description: 'files or directories' }],
      options: [
        {
          flags: '--constituents <file>',
          description: 'S&P 500 constituents CSV joined by CIK',
          defaultText: 'constituents.csv beside the filings',
        },
        {
          flags: '--filed <date>',
          description: 'filing date (YYYY-MM-DD) of an EDGAR document whose date nothing else gives (one saved by hand)',
        },
        json('print the summary as JSON'),
      ],
      help: `Adding an accession that is already indexed replaces it. Files that cannot be read or parsed are named
and skipped; the rest is added and the exit code is 2. A complete submission (.txt) describes itself; an
EDGAR document (.htm) states its CIK, form, period and company in its inline XBRL, and takes its
accession from its file or folder name and its filing date from the .txt or -index.html beside it, or
from the submissions JSON in the download cache; else give the date with --filed (a document without
its accession is added under a local id, with a warning). More: docs/edgar.md.`,
      examples: [
        'filings corpus add ../shared/corpus/filings/66740_10K_2018_0001558370-19-000470.json.gz',
        'filings corpus add 0000320193-24-000005.txt',
        'filings corpus add aapl-20240928.htm --filed 2024-11-01     # saved from EDGAR by hand',
      ],
      action: async (ctx) => (await import('./add.js')).run(ctx),
    },
    {
      name: 'pull',
      description: 'fetch filings (10-K, 10-Q, 8-K) and the XBRL company facts of companies straight from SEC EDGAR into the index',
      args: [{ spec: '[tickers...]', description: 'tickers (AAPL, BRK.B), or --all' }],
      options: [
        { flags: '--forms <list>', description: 'forms, comma-separated', defaultText: '10-K,10-Q,8-K' },
        {
          flags: '--years <years>',
          description: 'fiscal years as the index labels them: 2024 or 2019-2024',
          defaultText: 'the latest with a 10-K, and after',
        },
        { flags: '--since <date>', description: 'only filings filed on or after YYYY-MM-DD' },
        { flags: '--all', description: 'every company of the constituents file' },
        {
          flags: '--sector <name>',
          description: 'the companies of a GICS sector in the constituents file ("Health Care", "health", "IT")',
        },
        {
          flags: '--sub-industry <name>',
          description: 'the companies of a GICS sub-industry in the constituents file ("Semiconductors")',
        },
        { flags: '--dry-run', description: 'list what would be fetched; fetch no document' },
        { flags: '--facts-only', description: "fetch only the companies' XBRL company facts, no filings" },
        { flags: '--constituents <file>', description: 'S&P 500 constituents CSV', defaultText: "the sample corpus's" },
        json('print a JSON summary of what was added, skipped and failed'),
      ],
      help: `Each company's XBRL company facts come too (every figure it tagged since 2009; --facts-only: only
them), replacing the facts the index held for it. EDGAR asks for a User-Agent naming you and an email,
and at most 10 requests a second (pull keeps to 8: the S&P 500's company facts take about 70 s).
Downloads are cached under $XDG_CACHE_HOME/filings; an interrupted run resumes where it stopped: a
filing already indexed, or company facts the index holds from a file cached within the day, are not
fetched again. Hosts: FILINGS_SEC_WWW_URL, FILINGS_SEC_DATA_URL. More: docs/edgar.md.`,
      examples: [
        'filings corpus pull --user-agent "Jane Analyst jane@example.com" AAPL NVDA --years 2024',
        'filings corpus pull MSFT --forms 10-K --years 2019-2024 --dry-run',
        'filings corpus pull NVDA GOOGL --facts-only',
        'filings corpus pull --facts-only --all                 # every constituent: about 500 requests',
        'filings corpus pull --facts-only --sector "Health Care"',
        "filings corpus pull --all --forms 10-K --since 2025-01-01 --json | jq '.failed'",
      ],
      action: async (ctx) => (await import('./pull.js')).run(ctx),
    },
    {
      name: 'frames',
      description:
        "one line item (or XBRL concept) of every constituent, or every filer, from EDGAR's XBRL frames, without pulling each company's facts",
      args: [{ spec: '<item>', description: 'a line item (revenue, net_income, capex) or a concept (us-gaap:Revenues)' }],
      options: [
        { flags: '--years <years>', description: "fiscal years as the index labels them: 2023 or 2021-2023 (a flow's annual frames)" },
        { flags: '--period <period>', description: 'a calendar period of the frames API: CY2023, CY2023Q1, CY2023Q4I (an instant)' },
        { flags: '--unit <unit>', description: "a concept's unit (a line item has its own)", defaultText: 'USD' },
        { flags: '--all-filers', description: 'every filer in the frames, not only the constituents' },
        { flags: '--sector <name>', description: 'the constituents of a GICS sector only ("Health Care", "IT")' },
        { flags: '--sub-industry <name>', description: 'the constituents of a GICS sub-industry only' },
        { flags: '--constituents <file>', description: 'S&P 500 constituents CSV', defaultText: "the sample corpus's" },
        json('print the rows, the frames read and the constituents in none as JSON'),
      ],
      help: `A frame is one concept's fact of every filer for a calendar period, the one last filed that best fits it. A
fiscal year is in the frame of the calendar year its middle falls in, so --years 2023 reads the frames
CY2022 and CY2023 and keeps each company's year labelled 2023 (NVIDIA's year ended January 28, 2024 is
its fiscal 2024, in CY2023). A line item carried by several concepts reads a frame a concept and keeps
each company's most preferred. A frame has no form, filing date or restatement: for those, pull the
company facts (corpus pull --facts-only) and use filings figures. More: docs/edgar.md.`,
      examples: [
        'filings corpus frames revenue --years 2023',
        'filings corpus frames us-gaap:Assets --period CY2023Q4I --json',
        'filings corpus frames net_income --years 2022-2023 --sector IT',
        "filings corpus frames net_income --years 2023 --all-filers --json | jq '.rows | length'",
      ],
      action: async (ctx) => (await import('./frames.js')).run(ctx),
    },
    {
      name: 'cache',
      description: 'show the EDGAR download cache ($XDG_CACHE_HOME/filings), or clear it: all of it, a company or a filing',
      args: [{ spec: '[targets...]', description: 'with --clear: tickers (their filings and submissions) or accession numbers' }],
      options: [
        { flags: '--clear', description: 'delete the cached downloads (all, or those of the tickers and accessions given)' },
        { flags: '--constituents <file>', description: 'S&P 500 constituents CSV, to resolve tickers', defaultText: "the sample corpus's" },
        json('print as JSON'),
      ],
      examples: ['filings corpus cache', 'filings corpus cache --clear', 'filings corpus cache --clear AAPL 0001045810-23-000017'],
      action: async (ctx) => (await import('./cache.js')).run(ctx),
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
      description: "remove filings by accession number, or a ticker's filings and company facts",
      args: [{ spec: '<accession-or-ticker>' }],
      options: [json('print the removed accessions and the count of company facts removed as JSON')],
      examples: ['filings corpus remove 0001558370-19-000470', 'filings corpus remove MMM'],
      action: async (ctx) => (await import('./remove.js')).run(ctx),
    },
    {
      name: 'path',
      description: "print the index path in use (--index > FILINGS_INDEX > the profile's index > $XDG_DATA_HOME/filings/index.sqlite)",
      examples: ['ls -lh "$(filings corpus path)"'],
      action: async (ctx) => (await import('./path.js')).run(ctx),
    },
  ],
};
