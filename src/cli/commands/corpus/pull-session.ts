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
import { factCompanies, indexedAccessions, openIndex } from '../../../engine/corpus.js';
import type { HeldFacts } from '../../../edgar/company-facts.js';
import { membersOf } from '../../../edgar/members.js';
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
  sector?: string;
  subIndustry?: string;
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
export function userAgentOf(f: Factory): string {
  try {
    return checkUserAgent(f.settings().secUserAgent);
  } catch (e) {
    if (e instanceof UserAgentMissingError) throw new UsageError(`refusing to pull: ${e.message}`);
    throw e;
  }
}

/** The constituents file (--constituents, else the sample corpus's), by CIK; empty when there is none. */
export async function constituentsOf(o: { constituents?: string }, f: Factory): Promise<Map<string, Constituent>> {
  const sample = sampleConstituents(f.settings().sampleCorpus);
  const file = o.constituents ?? (existsSync(sample) ? sample : undefined);
  if (!file) return new Map();
  try {
    return await loadConstituents(file);
  } catch (e) {
    throw new UsageError(`cannot read the constituents file ${file}: ${(e as Error).message}`);
  }
}

/** EDGAR's hosts (the sec_www_url and sec_data_url settings), checked. */
export function hostsOf(f: Factory): EdgarHosts {
  try {
    return edgarHosts(f.settings().secHosts);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The EDGAR client (the timeout setting: first byte and idle time of each request) and the download
 * cache over it. */
export async function edgarClient(f: Factory, userAgent: string): Promise<{ client: EdgarClient; cache: EdgarCache }> {
  const client = new EdgarClient({ userAgent, timeoutMs: f.settings().timeoutSeconds * 1000 });
  return { client, cache: new EdgarCache(await f.cacheRoot(), client) };
}

/** The tickers asked: those named, or the constituents of --all, --sector or --sub-industry (one of them). */
function listOf(tickers: string[], o: PullOpts, constituents: Map<string, Constituent>): string[] {
  const sets = (['all', 'sector', 'subIndustry'] as const).filter((k) => o[k] !== undefined && o[k] !== false);
  const flag = (k: (typeof sets)[number]) => (k === 'subIndustry' ? '--sub-industry' : `--${k}`);
  if (sets.length > 1) throw new UsageError(`${sets.map(flag).join(' and ')}: give one of them`);
  if (sets.length === 0) {
    if (tickers.length === 0)
      throw new UsageError('name at least one ticker (filings corpus pull AAPL MSFT), or --all, --sector or --sub-industry');
    return tickers;
  }
  if (tickers.length > 0) throw new UsageError(`${flag(sets[0]!)} names the companies: give no tickers with it (got ${tickers.join(' ')})`);
  if (constituents.size === 0)
    throw new UsageError(`${flag(sets[0]!)} needs a constituents file (--constituents FILE, or the sample corpus)`);
  const m = membersOf(constituents, { all: o.all, sector: o.sector, subIndustry: o.subIndustry });
  if ('error' in m) throw new UsageError(m.error);
  return m.tickers;
}

/** The company facts the index holds, by CIK (none when there is no index yet). */
function heldFactsOf(indexPath: string): Map<string, HeldFacts> {
  if (!existsSync(indexPath)) return new Map();
  const ix = openIndex(indexPath);
  try {
    return new Map(factCompanies(ix.db).map((c) => [c.cik, { sha256: c.sourceSha256, facts: c.facts, concepts: c.concepts }]));
  } finally {
    ix.close();
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
  const list = listOf(tickers, o, constituents);
  const userAgent = userAgentOf(f);
  const hosts = hostsOf(f);
  const indexPath = f.indexPath();
  // Before any request: a pull that could not write what it fetched would only load EDGAR.
  if (!o.dryRun) ensureWritable(indexPath);
  const { client, cache } = await edgarClient(f, userAgent);
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
        heldFacts: dryRun ? new Map() : heldFactsOf(indexPath),
        signal,
        onProgress,
        counters: () => ({ requests: client.requests, bytes: client.bytes }),
      }),
    close: () => client.close(),
  };
}
