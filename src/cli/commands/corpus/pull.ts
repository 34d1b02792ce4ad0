// `filings corpus pull TICKER...`: filings straight from EDGAR into the local index. Options and the
// terminal here; the work in src/edgar/pull.ts.
import { existsSync } from 'node:fs';
import { loadConstituents, type Constituent } from '../../../engine/corpus/constituents.js';
import { sampleConstituents } from '../../../engine/corpus/sample.js';
import { EdgarCache, cacheRoot } from '../../../edgar/cache.js';
import { EdgarClient } from '../../../edgar/client.js';
import { UserAgentMissingError } from '../../../edgar/errors.js';
import { edgarHosts } from '../../../edgar/hosts.js';
import { indexedAccessions, writeFilings } from '../../../edgar/index-write.js';
import { parseYears, type YearRange } from '../../../edgar/plan.js';
import { pull, type PullResult } from '../../../edgar/pull.js';
import { resolveUserAgent } from '../../../edgar/user-agent.js';
import { configPath, loadConfigFile } from '../../config.js';
import { CancelledError, CliError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { withInterrupt } from '../../interrupt.js';
import type { ActionContext } from '../../command.js';
import type { Io } from '../../io.js';
import { indexPathOf, json, mb, type CorpusOpts } from './common.js';
import { pullProgress } from './pull-progress.js';

export interface PullOpts extends CorpusOpts {
  forms?: string;
  years?: string;
  since?: string;
  all?: boolean;
  dryRun?: boolean;
  userAgent?: string;
  profile?: string;
  /** The global --timeout, seconds: first byte and idle time of each EDGAR request. */
  timeout?: string;
}

const FORMS = ['10-K', '10-Q', '8-K'];

function formsOf(s: string | undefined): string[] {
  const forms = (s ?? FORMS.join(',')).split(',').map((f) => f.trim().toUpperCase().replace(/^10K$/, '10-K').replace(/^10Q$/, '10-Q').replace(/^8K$/, '8-K')).filter(Boolean);
  const bad = forms.filter((f) => !FORMS.includes(f.replace(/\/A$/, '')));
  if (bad.length) throw new UsageError(`--forms: ${bad.join(', ')} not supported (use ${FORMS.join(', ')}, or their /A amendments)`);
  return forms;
}

function userAgentOf(o: PullOpts, io: Io): string {
  const loaded = loadConfigFile(configPath(io.env));
  const profile = loaded.file.profiles[o.profile ?? io.env.FILINGS_PROFILE ?? 'default'] ?? {};
  try {
    return resolveUserAgent(o.userAgent, io.env, profile.sec_user_agent);
  } catch (e) {
    if (e instanceof UserAgentMissingError) throw new UsageError(`refusing to pull: ${e.message}`);
    throw e;
  }
}

async function constituentsOf(o: PullOpts, io: Io): Promise<Map<string, Constituent>> {
  const file = o.constituents ?? (existsSync(sampleConstituents(io.env)) ? sampleConstituents(io.env) : undefined);
  if (!file) return new Map();
  try {
    return await loadConstituents(file);
  } catch (e) {
    throw new UsageError(`cannot read the constituents file ${file}: ${(e as Error).message}`);
  }
}

export function pullText(r: PullResult, indexPath: string, dryRun: boolean): string {
  if (dryRun) {
    const lines = r.planned.map((f) => `${f.ticker}\t${f.form}\tFY-${f.fiscalYear}\t${f.filingDate}\t${f.accession}\t${f.url}`);
    return `${lines.join('\n')}${lines.length ? '\n' : ''}Would fetch ${r.planned.length} filing(s); ${r.skipped.length} already indexed.\n`;
  }
  const cached = r.added.filter((a) => a.from_cache).length;
  return (
    `Pulled ${r.added.length} filing(s) (${cached} from the cache) into ${indexPath}; ${r.skipped.length} already indexed; ${r.failed.length} failed. ` +
    `${r.requests} request(s), ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s\n`
  );
}

export async function corpusPull(tickers: string[], o: PullOpts, io: Io): Promise<PullResult> {
  const forms = formsOf(o.forms);
  let years: YearRange | undefined;
  try {
    years = o.years ? parseYears(o.years) : undefined;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (o.since && (!/^\d{4}-\d{2}-\d{2}$/.test(o.since) || Number.isNaN(Date.parse(o.since)))) throw new UsageError(`--since takes a date YYYY-MM-DD; got "${o.since}"`);
  const constituents = await constituentsOf(o, io);
  const list = o.all ? [...constituents.values()].map((c) => c.symbol).filter(Boolean) : tickers;
  if (o.all && list.length === 0) throw new UsageError('--all needs a constituents file (--constituents FILE, or the sample corpus)');
  if (list.length === 0) throw new UsageError('name at least one ticker (filings corpus pull AAPL MSFT), or --all');
  const userAgent = userAgentOf(o, io);
  let hosts;
  try {
    hosts = edgarHosts(io.env);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const indexPath = indexPathOf(o, io.env);
  const timeout = Number(o.timeout ?? io.env.FILINGS_TIMEOUT ?? 60);
  if (!(timeout > 0)) throw new UsageError(`--timeout must be a positive number of seconds; got "${o.timeout ?? io.env.FILINGS_TIMEOUT}"`);
  const client = new EdgarClient({ userAgent, timeoutMs: timeout * 1000 });
  const cache = new EdgarCache(cacheRoot(io.env), client);
  const progress = pullProgress(io.stderr, !o.json && !o.dryRun);
  let result: PullResult;
  try {
    result = await withInterrupt((signal) =>
      pull({
        tickers: list,
        forms,
        years,
        since: o.since,
        dryRun: Boolean(o.dryRun),
        constituents,
        cache,
        hosts,
        indexed: indexedAccessions(indexPath),
        write: async (filings) => void (await writeFilings(indexPath, filings, constituents)),
        signal,
        onProgress: progress.update,
        counters: () => ({ requests: client.requests, bytes: client.bytes }),
      }).catch((e: unknown) => {
        if (signal.aborted) throw new CancelledError('Interrupted: the filings finished so far are in the index; run the same command again to fetch the rest');
        throw e;
      }),
    );
  } finally {
    progress.done();
    await client.close();
  }
  if (o.json) io.stdout.write(json({ index: indexPath, dry_run: Boolean(o.dryRun), ...result }));
  else io.stdout.write(pullText(result, indexPath, Boolean(o.dryRun)));
  for (const f of result.failed) io.stderr.write(`failed: ${[f.ticker, f.form, f.accession].filter(Boolean).join(' ')}: ${f.reason}\n`);
  const problem = result.blocked
    ? { code: EXIT.UNAVAILABLE, message: result.blocked }
    : result.failed.length > 0
      ? { code: EXIT.USAGE, message: `${result.failed.length} filing(s) or ticker(s) failed (named above); the others were ${o.dryRun ? 'listed' : 'added'}` }
      : undefined;
  if (problem && o.json) {
    // The summary above is the one JSON document on stdout; the exit code and stderr say the rest.
    io.stderr.write(`filings: ${problem.message}\n`);
    process.exitCode = problem.code;
  } else if (problem) throw new CliError(problem.message, problem.code);
  return result;
}

export async function run({ args, opts, io }: ActionContext): Promise<void> {
  await corpusPull(args, opts as PullOpts, io);
}
