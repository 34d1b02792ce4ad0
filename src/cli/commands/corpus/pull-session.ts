// A pull, checked and ready to run: the options validated (every problem a UsageError, before any
// request), the User-Agent, hosts, constituents, EDGAR client and cache set up from the Factory's
// settings. `corpus pull` and the MCP server's pull_filings both run their pulls through it.
import { existsSync } from 'node:fs';
import { canonicalDate, canonicalFormType } from '../../../contract/canonical.js';
import { loadConstituents, sampleConstituents, writeCompanyFacts, writeFilings, type Constituent } from '../../../engine/corpus-ingest.js';
import { EdgarCache } from '../../../edgar/cache.js';
import { EdgarClient } from '../../../edgar/client.js';
import { UserAgentMissingError } from '../../../edgar/errors.js';
import { type EdgarHosts, edgarHosts } from '../../../edgar/hosts.js';
import { indexedAccessions } from '../../../engine/corpus.js';
import { parseYears, type YearRange } from '../../../edgar/plan.js';
import { pull, type PullProgress, type PullResult } from '../../../edgar/pull.js';
import { checkUserAgent } from '../../../edgar/user-agent.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { ensureWritable, type CorpusOpts } from './common.js';

export interface PullOpts extends CorpusOpts {
  forms?: string;
  years?: string;
  since?: string;
  all?: boolean;
  dryRun?: boolean;
  factsOnly?: boolean;
}

export const PULL_FORMS = ['10-K', '10-Q', '8-K'] as const;

/** The forms asked, spelled as the contract spells them ("10k/a" -> "10-K/A"), pullable ones only. */
function formsOf(s: string | undefined): string[] {
  const asked = (s ?? PULL_FORMS.join(','))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const forms = asked.map((f) => canonicalFormType(f)).map((c, i) => (c.ok ? c.value : asked[i]!));
  const bad = forms.filter((f) => !(PULL_FORMS as readonly string[]).includes(f.replace(/\/A$/, '')));
  if (bad.length) throw new UsageError(`--forms: ${bad.join(', ')} not supported (use ${PULL_FORMS.join(', ')}, or their /A amendments)`);
  return forms;
}

/** The sec_user_agent setting (--user-agent > FILINGS_SEC_USER_AGENT > the profile), checked. */
function userAgentOf(f: Factory): string {
  try {
    return checkUserAgent(f.settings().secUserAgent);
  } catch (e) {
    if (e instanceof UserAgentMissingError) throw new UsageError(`refusing to pull: ${e.message}`);
    throw e;
  }
}

async function constituentsOf(o: PullOpts, f: Factory): Promise<Map<string, Constituent>> {
  const sample = sampleConstituents(f.settings().sampleCorpus);
  const file = o.constituents ?? (existsSync(sample) ? sample : undefined);
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

export async function openPullSession(tickers: string[], o: PullOpts, f: Factory): Promise<PullSession> {
  if (o.factsOnly) {
    const filingsOnly = (['forms', 'years', 'since'] as const).filter((k) => o[k] !== undefined);
    if (filingsOnly.length)
      throw new UsageError(`--facts-only fetches no filings: ${filingsOnly.map((k) => `--${k}`).join(', ')} does not apply`);
  }
  const forms = formsOf(o.forms);
  let years: YearRange | undefined;
  try {
    years = o.years ? parseYears(o.years) : undefined;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (o.since && !canonicalDate(o.since).ok) throw new UsageError(`--since takes a date YYYY-MM-DD; got "${o.since}"`);
  const constituents = await constituentsOf(o, f);
  const list = o.all ? [...constituents.values()].map((c) => c.symbol).filter(Boolean) : tickers;
  if (o.all && list.length === 0) throw new UsageError('--all needs a constituents file (--constituents FILE, or the sample corpus)');
  if (list.length === 0) throw new UsageError('name at least one ticker (filings corpus pull AAPL MSFT), or --all');
  const userAgent = userAgentOf(f);
  const settings = f.settings();
  let hosts: EdgarHosts;
  try {
    hosts = edgarHosts(settings.secHosts);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const indexPath = f.indexPath();
  // Before any request: a pull that could not write what it fetched would only load EDGAR.
  if (!o.dryRun) ensureWritable(indexPath);
  // The timeout setting: first byte and idle time of each EDGAR request.
  const client = new EdgarClient({ userAgent, timeoutMs: settings.timeoutSeconds * 1000 });
  const cache = new EdgarCache(await f.cacheRoot(), client);
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
        writeFacts: (w) => writeCompanyFacts(indexPath, w, constituents),
        factsOnly: Boolean(o.factsOnly),
        signal,
        onProgress,
        counters: () => ({ requests: client.requests, bytes: client.bytes }),
      }),
    close: () => client.close(),
  };
}
