// A pull, checked and ready to run: the options validated (every problem a UsageError, before any
// request), the User-Agent, hosts, constituents, EDGAR client and cache set up. `corpus pull` and the
// MCP server's pull_filings both run their pulls through it.
import { existsSync } from 'node:fs';
import { canonicalDate, canonicalFormType } from '../../../contract/canonical.js';
import { loadConstituents, type Constituent } from '../../../engine/corpus/constituents.js';
import { sampleConstituents } from '../../../engine/corpus/sample.js';
import { EdgarCache, cacheRoot } from '../../../edgar/cache.js';
import { EdgarClient } from '../../../edgar/client.js';
import { UserAgentMissingError } from '../../../edgar/errors.js';
import { edgarHosts } from '../../../edgar/hosts.js';
import { indexedAccessions, writeFilings } from '../../../edgar/index-write.js';
import { parseYears, type YearRange } from '../../../edgar/plan.js';
import { pull, type PullProgress, type PullResult } from '../../../edgar/pull.js';
import { resolveUserAgent } from '../../../edgar/user-agent.js';
import { configPath, loadConfigFile } from '../../config.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import { ensureWritable, indexPathOf, type CorpusOpts } from './common.js';

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

export const PULL_FORMS = ['10-K', '10-Q', '8-K'] as const;

/** The forms asked, spelled as the contract spells them ("10k/a" -> "10-K/A"), pullable ones only. */
function formsOf(s: string | undefined): string[] {
  const asked = (s ?? PULL_FORMS.join(',')).split(',').map((f) => f.trim()).filter(Boolean);
  const forms = asked.map((f) => canonicalFormType(f)).map((c, i) => (c.ok ? c.value : asked[i]!));
  const bad = forms.filter((f) => !(PULL_FORMS as readonly string[]).includes(f.replace(/\/A$/, '')));
  if (bad.length) throw new UsageError(`--forms: ${bad.join(', ')} not supported (use ${PULL_FORMS.join(', ')}, or their /A amendments)`);
  return forms;
}

function userAgentOf(o: PullOpts, io: Pick<Io, 'env'>): string {
  const loaded = loadConfigFile(configPath(io.env));
  const profile = loaded.file.profiles[o.profile ?? io.env.FILINGS_PROFILE ?? 'default'] ?? {};
  try {
    return resolveUserAgent(o.userAgent, io.env, profile.sec_user_agent);
  } catch (e) {
    if (e instanceof UserAgentMissingError) throw new UsageError(`refusing to pull: ${e.message}`);
    throw e;
  }
}

async function constituentsOf(o: PullOpts, io: Pick<Io, 'env'>): Promise<Map<string, Constituent>> {
  const file = o.constituents ?? (existsSync(sampleConstituents(io.env)) ? sampleConstituents(io.env) : undefined);
  if (!file) return new Map();
  try {
    return await loadConstituents(file);
  } catch (e) {
    throw new UsageError(`cannot read the constituents file ${file}: ${(e as Error).message}`);
  }
}

export interface PullSession {
  indexPath: string;
  dryRun: boolean;
  run(signal: AbortSignal, onProgress?: (p: PullProgress) => void): Promise<PullResult>;
  close(): Promise<void>;
}

export async function openPullSession(tickers: string[], o: PullOpts, io: Pick<Io, 'env'>): Promise<PullSession> {
  const forms = formsOf(o.forms);
  let years: YearRange | undefined;
  try {
    years = o.years ? parseYears(o.years) : undefined;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (o.since && !canonicalDate(o.since).ok) throw new UsageError(`--since takes a date YYYY-MM-DD; got "${o.since}"`);
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
  // Before any request: a pull that could not write what it fetched would only load EDGAR.
  if (!o.dryRun) ensureWritable(indexPath);
  const timeout = Number(o.timeout ?? io.env.FILINGS_TIMEOUT ?? 60);
  if (!(timeout > 0)) throw new UsageError(`--timeout must be a positive number of seconds; got "${o.timeout ?? io.env.FILINGS_TIMEOUT}"`);
  const client = new EdgarClient({ userAgent, timeoutMs: timeout * 1000 });
  const cache = new EdgarCache(cacheRoot(io.env), client);
  const dryRun = Boolean(o.dryRun);
  return {
    indexPath,
    dryRun,
    run: (signal, onProgress) =>
      pull({
        tickers: list,
        forms,
        years,
        since: o.since,
        dryRun,
        constituents,
        cache,
        hosts,
        indexed: indexedAccessions(indexPath),
        write: async (filings) => void (await writeFilings(indexPath, filings, constituents)),
        signal,
        onProgress,
        counters: () => ({ requests: client.requests, bytes: client.bytes }),
      }),
    close: () => client.close(),
  };
}
