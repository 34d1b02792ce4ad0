// A company's XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json), through the
// same client and cache as everything the pull reads: parsed before it is cached, so that a body that
// is not the company facts of the CIK asked (an error page sent with 200, a body cut short, another
// company's) is refused and never kept; then written into the index, where a company's facts are
// replaced whole. A company has one file per CIK; a former CIK without one is no failure when the
// current one has it.
import { createHash } from 'node:crypto';
import type { CompanyFactsFile, CompanyFactsWrite, CompanyFactsWritten } from '../engine/corpus-ingest.js';
import { parseCompanyFacts } from '../engine/corpus-ingest.js';
import type { EdgarCache } from './cache.js';
import { EdgarBlockedError, EdgarMissingError } from './errors.js';
import { urls, type EdgarHosts } from './hosts.js';
import { EdgarInvalidError } from './validate.js';

/** One company's facts as a pull fetched and wrote them. */
export interface PulledFacts {
  ticker: string;
  cik: string;
  url: string;
  facts: number;
  concepts: number;
  from_cache: boolean;
  /** Added for the first time, replacing older facts, or unchanged (the index held these bytes). */
  written: 'added' | 'replaced' | 'unchanged';
  bytes: number;
}

export interface FactsContext {
  cache: EdgarCache;
  hosts: EdgarHosts;
  signal?: AbortSignal;
  write: (w: CompanyFactsWrite) => Promise<CompanyFactsWritten>;
}

/** The outcome of one ticker: what was written, and what could not be had (with why). */
export interface TickerFacts {
  pulled: PulledFacts[];
  /** Every CIK of the ticker had no company facts on EDGAR (a company that files no XBRL). */
  none?: string;
  failures: { cik: string; url: string; reason: string }[];
}

/** Fetches and parses one CIK's facts (refusing a body that is not them, and caching only one that is). */
export async function fetchCompanyFacts(
  cik: string,
  ctx: Pick<FactsContext, 'cache' | 'hosts' | 'signal'>,
): Promise<{ file: CompanyFactsFile; body: Buffer; fromCache: boolean; url: string }> {
  const url = urls.companyFacts(ctx.hosts, cik);
  const got = await ctx.cache.get(url, 'facts', ctx.signal, (b) => {
    try {
      return parseCompanyFacts(b.toString('utf8'), cik);
    } catch (e) {
      throw new EdgarInvalidError(url, (e as Error).message);
    }
  });
  return { file: got.value, body: got.body, fromCache: got.fromCache, url };
}

/** The facts of each of a ticker's CIKs, fetched and written into the index one company at a time.
 * EdgarBlockedError and an abort propagate; anything else is a failure of that CIK. */
export async function pullTickerFacts(ticker: string, ciks: string[], ctx: FactsContext): Promise<TickerFacts> {
  const out: TickerFacts = { pulled: [], failures: [] };
  const missing: string[] = [];
  for (const cik of ciks) {
    let fetched: Awaited<ReturnType<typeof fetchCompanyFacts>>;
    try {
      fetched = await fetchCompanyFacts(cik, ctx);
    } catch (e) {
      if (ctx.signal?.aborted || e instanceof EdgarBlockedError || !(e instanceof Error)) throw e;
      if (e instanceof EdgarMissingError) missing.push(cik);
      else out.failures.push({ cik, url: urls.companyFacts(ctx.hosts, cik), reason: `company facts of CIK ${cik}: ${e.message}` });
      continue;
    }
    const { file, body, fromCache, url } = fetched;
    try {
      const w = await ctx.write({
        file,
        ticker,
        sourceBytes: body.length,
        sourceSha256: createHash('sha256').update(body).digest('hex'),
      });
      out.pulled.push({
        ticker,
        cik: file.cik,
        url,
        facts: w.facts,
        concepts: file.concepts.length,
        from_cache: fromCache,
        written: w.unchanged ? 'unchanged' : w.replaced ? 'replaced' : 'added',
        bytes: body.length,
      });
    } catch (e) {
      out.failures.push({ cik, url, reason: `company facts of CIK ${cik}: index write: ${(e as Error).message}` });
    }
  }
  if (out.pulled.length === 0 && out.failures.length === 0 && missing.length > 0) {
    out.none = `EDGAR has no company facts for ${ticker} (CIK ${missing.join(', ')}): it tagged no XBRL financial data`;
  }
  return out;
}
