// A company's XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json), through the
// same client and cache as everything the pull reads: parsed before it is cached, so that a body that
// is not the company facts of the CIK asked (an error page sent with 200, a body cut short, another
// company's) is refused and never kept; then written into the index, where a company's facts are
// replaced whole. A company has one file per CIK; a former CIK without one is no failure when the
// current one has it. A file whose bytes the index already holds (fresh in the cache) is not read again.
// Downloading and checking are apart, so that a pull of many companies (pull-facts.ts) downloads the
// next file while it checks this one.
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
  /** The facts the index holds, by CIK: a file whose bytes it holds is neither parsed nor written again. */
  held?: Map<string, HeldFacts>;
}

/** A company's facts as the index holds them: the SHA-256 of the file they were read from, the counts. */
export interface HeldFacts {
  sha256: string;
  facts: number;
  concepts: number;
}

/** The outcome of one ticker: what was written, and what could not be had (with why). */
export interface TickerFacts {
  pulled: PulledFacts[];
  /** Every CIK of the ticker had no company facts on EDGAR (a company that files no XBRL). */
  none?: string;
  failures: { cik: string; url: string; reason: string }[];
}

/** One CIK's facts fetched: a file to write, or the bytes the index already holds. */
type Fetched =
  | { cik: string; url: string; file: CompanyFactsFile; body: Buffer; sha256: string; fromCache: boolean }
  | { cik: string; url: string; unchanged: HeldFacts; bytes: number };

/** A ticker's facts fetched (and checked), not yet written. */
export interface FetchedTicker {
  ticker: string;
  fetched: Fetched[];
  /** CIKs EDGAR has no company facts for. */
  missing: string[];
  failures: { cik: string; url: string; reason: string }[];
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

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

/** One CIK's company facts body as downloaded (or read from the cache), not yet checked; or the file the
 * index holds, found unchanged in the cache. */
type Downloaded =
  | { cik: string; url: string; body: Buffer; fromCache: boolean }
  | { cik: string; url: string; unchanged: HeldFacts; bytes: number };

/** A ticker's company facts bodies, downloaded, not yet checked. */
export interface DownloadedTicker {
  ticker: string;
  bodies: Downloaded[];
  missing: string[];
  failures: { cik: string; url: string; reason: string }[];
}

/** Downloads the facts of each of a ticker's CIKs, one request at a time (none for a CIK whose fresh
 * cached file is the one the index holds: it is not read again). EdgarBlockedError and an abort
 * propagate; a missing file is noted, anything else is a failure of that CIK. */
export async function downloadTickerFacts(ticker: string, ciks: string[], ctx: Omit<FactsContext, 'write'>): Promise<DownloadedTicker> {
  const out: DownloadedTicker = { ticker, bodies: [], missing: [], failures: [] };
  for (const cik of ciks) {
    const url = urls.companyFacts(ctx.hosts, cik);
    const held = ctx.held?.get(cik.replace(/^0+/, ''));
    const cached = held ? ctx.cache.fresh(url, 'facts') : undefined;
    if (held && cached && sha256(cached) === held.sha256) {
      out.bodies.push({ cik, url, unchanged: held, bytes: cached.length });
      continue;
    }
    try {
      out.bodies.push({ cik, url, ...(await ctx.cache.download(url, 'facts', ctx.signal)) });
    } catch (e) {
      if (ctx.signal?.aborted || e instanceof EdgarBlockedError || !(e instanceof Error)) throw e;
      if (e instanceof EdgarMissingError) out.missing.push(cik);
      else out.failures.push({ cik, url, reason: `company facts of CIK ${cik}: ${e.message}` });
    }
  }
  return out;
}

/** Checks each body downloaded (refusing one that is not the company facts of its CIK, keeping in the
 * cache only one that is); a cached body no longer accepted is fetched again. */
export async function checkTickerFacts(d: DownloadedTicker, ctx: Omit<FactsContext, 'write'>): Promise<FetchedTicker> {
  const out: FetchedTicker = { ticker: d.ticker, fetched: [], missing: [...d.missing], failures: [...d.failures] };
  for (const b of d.bodies) {
    if ('unchanged' in b) {
      out.fetched.push(b);
      continue;
    }
    try {
      let { body, fromCache } = b;
      let file: CompanyFactsFile;
      try {
        file = parseCompanyFacts(body.toString('utf8'), b.cik);
        if (!fromCache) ctx.cache.keep(b.url, body);
      } catch (e) {
        if (!fromCache) throw new EdgarInvalidError(b.url, (e as Error).message);
        // Kept by an older version that did not check it: fetched again.
        ctx.cache.drop(b.url);
        ({ file, body, fromCache } = await fetchCompanyFacts(b.cik, ctx));
      }
      out.fetched.push({ cik: b.cik, url: b.url, file, body, sha256: sha256(body), fromCache });
    } catch (e) {
      if (ctx.signal?.aborted || e instanceof EdgarBlockedError || !(e instanceof Error)) throw e;
      if (e instanceof EdgarMissingError) out.missing.push(b.cik);
      else out.failures.push({ cik: b.cik, url: b.url, reason: `company facts of CIK ${b.cik}: ${e.message}` });
    }
  }
  return out;
}

/** The facts of each of a ticker's CIKs, downloaded and checked. */
export async function fetchTickerFacts(ticker: string, ciks: string[], ctx: Omit<FactsContext, 'write'>): Promise<FetchedTicker> {
  return checkTickerFacts(await downloadTickerFacts(ticker, ciks, ctx), ctx);
}

/** A ticker's fetched facts written into the index, one company at a time. */
export async function writeTickerFacts(got: FetchedTicker, ctx: Pick<FactsContext, 'write' | 'held'>): Promise<TickerFacts> {
  const { ticker } = got;
  const out: TickerFacts = { pulled: [], failures: [...got.failures] };
  for (const f of got.fetched) {
    if ('unchanged' in f) {
      out.pulled.push({
        ticker,
        cik: f.cik.replace(/^0+/, ''),
        url: f.url,
        facts: f.unchanged.facts,
        concepts: f.unchanged.concepts,
        from_cache: true,
        written: 'unchanged',
        bytes: f.bytes,
      });
      continue;
    }
    try {
      const w = await ctx.write({ file: f.file, ticker, sourceBytes: f.body.length, sourceSha256: f.sha256 });
      ctx.held?.set(f.file.cik, { sha256: f.sha256, facts: w.facts, concepts: f.file.concepts.length });
      out.pulled.push({
        ticker,
        cik: f.file.cik,
        url: f.url,
        facts: w.facts,
        concepts: f.file.concepts.length,
        from_cache: f.fromCache,
        written: w.unchanged ? 'unchanged' : w.replaced ? 'replaced' : 'added',
        bytes: f.body.length,
      });
    } catch (e) {
      out.failures.push({ cik: f.cik, url: f.url, reason: `company facts of CIK ${f.cik}: index write: ${(e as Error).message}` });
    }
  }
  if (out.pulled.length === 0 && out.failures.length === 0 && got.missing.length > 0) {
    out.none = `EDGAR has no company facts for ${ticker} (CIK ${got.missing.join(', ')}): it tagged no XBRL financial data`;
  }
  return out;
}

/** The facts of each of a ticker's CIKs, fetched and written into the index one company at a time. */
export async function pullTickerFacts(ticker: string, ciks: string[], ctx: FactsContext): Promise<TickerFacts> {
  return writeTickerFacts(await fetchTickerFacts(ticker, ciks, ctx), ctx);
}
