// `filings corpus ...`: build and inspect the local index. Definitions only; each action imports its
// implementation when it runs, so start-up stays fast.
import type { Command } from 'commander';

const INDEX_OPT = ['--index <path>', 'local index file (overrides FILINGS_INDEX and $XDG_DATA_HOME/filings/index.sqlite)'] as const;

export function registerCorpusCommands(program: Command): void {
  const corpus = program
    .command('corpus')
    .description('build and inspect the local index of filings used by the embedded engine')
    .addHelpText(
      'after',
      `
Examples:
  $ filings corpus init                         # index the sample corpus (one-command quick start)
  $ filings corpus add ./filings --constituents ./constituents.csv
  $ filings corpus list --json | jq '.[0]'
  $ filings corpus stats`,
    );

  corpus
    .command('add')
    .description('ingest filings into the index: crawler JSON (.json, .json.gz), EDGAR documents (.htm, .html) and complete submissions (.txt), or directories of them')
    .argument('<paths...>', 'files or directories')
    .option(...INDEX_OPT)
    .option('--constituents <file>', 'S&P 500 constituents CSV joined by CIK (default: constituents.csv beside the filings)')
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Adding an accession that is already indexed replaces it. Files that cannot be read or parsed are named
and skipped; the rest is added and the exit code is 2.

Example:
  $ filings corpus add ../shared/corpus/filings/66740_10K_2018_0001558370-19-000470.json.gz`,
    )
    .action(async (paths: string[], _o: unknown, cmd: Command) => (await import('./corpus/add.js')).corpusAddCommand(paths, cmd));

  corpus
    .command('pull')
    .description('fetch filings of companies straight from SEC EDGAR into the index (10-K, 10-Q, 8-K)')
    .argument('[tickers...]', 'tickers (AAPL, BRK.B), or --all')
    .option(...INDEX_OPT)
    .option('--forms <list>', 'forms, comma-separated (default: 10-K,10-Q,8-K)')
    .option('--years <years>', 'fiscal years as the index labels them: 2024 or 2019-2024 (default: the latest with a 10-K, and after)')
    .option('--since <date>', 'only filings filed on or after YYYY-MM-DD')
    .option('--all', 'every company of the constituents file')
    .option('--dry-run', 'list what would be fetched; fetch no document')
    .option('--user-agent <text>', 'your name and email for EDGAR (env: FILINGS_SEC_USER_AGENT, config: sec_user_agent)')
    .option('--constituents <file>', 'S&P 500 constituents CSV (default: the sample corpus\'s)')
    .option('--json', 'print a JSON summary of what was added, skipped and failed')
    .addHelpText(
      'after',
      `
EDGAR asks for a User-Agent naming you and an email, and at most 10 requests a second (pull keeps to
8). Downloads are cached under $XDG_CACHE_HOME/filings; a run that is interrupted resumes where it
stopped, and a filing already indexed is not fetched again. Hosts: FILINGS_SEC_WWW_URL,
FILINGS_SEC_DATA_URL.

Examples:
  $ filings corpus pull --user-agent "Jane Analyst jane@example.com" AAPL NVDA --years 2024
  $ filings corpus pull MSFT --forms 10-K --years 2019-2024 --dry-run
  $ filings corpus pull --all --forms 10-K --since 2025-01-01 --json > pulled.json`,
    )
    .action(async (tickers: string[], _o: unknown, cmd: Command) => (await import('./corpus/pull.js')).corpusPullCommand(tickers, cmd));

  corpus
    .command('cache')
    .description('show the EDGAR download cache ($XDG_CACHE_HOME/filings), or clear it')
    .option('--clear', 'delete the cached downloads')
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExamples:\n  $ filings corpus cache\n  $ filings corpus cache --clear')
    .action(async (_o: unknown, cmd: Command) => (await import('./corpus/cache.js')).corpusCacheCommand(cmd));

  corpus
    .command('init')
    .description('build the index from the sample corpus ($FILINGS_SAMPLE_CORPUS, default ../shared/corpus)')
    .option(...INDEX_OPT)
    .option('--if-missing', 'do nothing when an index already exists')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', '\nExample:\n  $ filings corpus init --if-missing && filings query "3M capital expenditure 2018"')
    .action(async (_o: unknown, cmd: Command) => (await import('./corpus/init.js')).corpusInitCommand(cmd));

  corpus
    .command('list')
    .description('list the indexed filings')
    .option(...INDEX_OPT)
    .option('--json', 'print a JSON array, one object per filing')
    .addHelpText('after', "\nExample:\n  $ filings corpus list --json | jq -r '.[] | select(.sec_ticker==\"MMM\") | .accession'")
    .action(async (_o: unknown, cmd: Command) => (await import('./corpus/list.js')).corpusListCommand(cmd));

  corpus
    .command('stats')
    .description('counts, index size and the item segmentation report')
    .option(...INDEX_OPT)
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  $ filings corpus stats --json | jq .segmentation.keyItemShares')
    .action(async (_o: unknown, cmd: Command) => (await import('./corpus/stats.js')).corpusStatsCommand(cmd));

  corpus
    .command('remove')
    .description('remove filings by accession number or by ticker')
    .argument('<accession-or-ticker>')
    .option(...INDEX_OPT)
    .option('--json', 'print the removed accessions as JSON')
    .addHelpText('after', '\nExamples:\n  $ filings corpus remove 0001558370-19-000470\n  $ filings corpus remove MMM')
    .action(async (key: string, _o: unknown, cmd: Command) => (await import('./corpus/remove.js')).corpusRemoveCommand(key, cmd));

  corpus
    .command('path')
    .description('print the index path in use (flag > FILINGS_INDEX > $XDG_DATA_HOME/filings/index.sqlite)')
    .option(...INDEX_OPT)
    .addHelpText('after', '\nExample:\n  $ ls -lh "$(filings corpus path)"')
    .action(async (_o: unknown, cmd: Command) => (await import('./corpus/path.js')).corpusPathCommand(cmd));
}
