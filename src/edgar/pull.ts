// `filings corpus pull`, the work without the terminal: tickers -> CIKs -> the company facts of each
// (company-facts.ts) -> submissions (and older pages when the range needs them) -> the filings to fetch
// -> documents (cached) -> prepared filings -> the index, in batches so that an interrupted run keeps
// what it finished (`factsOnly`: the facts alone, company after company: pull-facts.ts). A filing
// already in the index is never fetched; a document already downloaded is read from the cache; nothing
// is cached or indexed that is not the document asked for, whole (fetch-filing.ts). One filing's
// failure is recorded and the others go on; EDGAR's block page stops the run.
import type { CompanyFactsWrite, CompanyFactsWritten, Constituent, PreparedFiling } from '../engine/corpus-ingest.js';
import type { EdgarCache } from './cache.js';
import { type HeldFacts, type PulledFacts, pullTickerFacts } from './company-facts.js';
import { EdgarBlockedError, EdgarMissingError } from './errors.js';
import { fetchFiling } from './fetch-filing.js';
import { pullFactsOnly } from './pull-facts.js';
import { urls, type EdgarHosts } from './hosts.js';
import {
  pagesNeeded,
  planFilings,
  yearsAvailable,
  type CompanyRows,
  type PlannedFiling,
  type PlanOptions,
  type YearRange,
} from './plan.js';
import { parsePage, parseSubmissions, type SubmissionRow } from './submissions.js';
import { parseCompanyTickers, resolveTicker, type TickerEntry } from './tickers.js';

export interface PullProgress {
  done: number;
  total: number;
  bytes: number;
  elapsedMs: number;
  current?: string;
  /** Counting companies whose company facts are fetched, before the filings. */
  facts?: boolean;
}

export interface PulledFiling {
  ticker: string;
  accession: string;
  form: string;
  fiscal_year: string;
  filing_date: string;
  url: string;
  from_cache: boolean;
  sections: number;
  tables: number;
  facts: number;
}

export interface PullFailure {
  ticker: string;
  accession?: string;
  form?: string;
  url?: string;
  reason: string;
}

export type { PulledFacts } from './company-facts.js';

/** A ticker whose filings matched none of the forms and years asked, with what it has. */
export interface NothingMatched {
  ticker: string;
  forms: string[];
  /** The fiscal years it has filings of those forms in, when it has any. */
  available?: YearRange;
}

export interface PullResult {
  planned: PlannedFiling[];
  added: PulledFiling[];
  skipped: { ticker: string; accession: string; form: string; reason: string }[];
  failed: PullFailure[];
  /** Filings added without a part (an annual report exhibit that could not be had), and companies
   * EDGAR has no company facts for (no accession then). */
  warnings: { ticker: string; accession?: string; form: string; message: string }[];
  /** Company facts written (or found unchanged) in the index, one entry per CIK. */
  facts: PulledFacts[];
  /** With --dry-run: the company facts a pull would fetch. */
  facts_planned: { ticker: string; cik: string; url: string }[];
  nothing_matched: NothingMatched[];
  /** Set when EDGAR's block page stopped the run. */
  blocked?: string;
  requests: number;
  bytes: number;
  seconds: number;
}

export interface PullOptions extends PlanOptions {
  tickers: string[];
  dryRun: boolean;
  constituents: Map<string, Constituent>;
  cache: EdgarCache;
  hosts: EdgarHosts;
  /** Accessions the index already holds. */
  indexed: Set<string>;
  /** Writes a batch of prepared filings into the index (atomically). */
  write: (filings: PreparedFiling[]) => Promise<void>;
  /** Writes a company's facts into the index (atomically); without it, no facts are fetched. */
  writeFacts?: (w: CompanyFactsWrite) => Promise<CompanyFactsWritten>;
  /** Only the company facts: no submissions, no filings. */
  factsOnly?: boolean;
  /** The company facts the index holds, by CIK (a file it holds is not read again). */
  heldFacts?: Map<string, HeldFacts>;
  /** Downloads at once (default 1). Parsing runs on this thread: a download in flight while a
   * document is parsed would leave late, bunched with the next ones, and EDGAR would see more than the
   * rate limiter let through. */
  concurrency?: number;
  /** Filings per index write. */
  batch?: number;
  signal?: AbortSignal;
  onProgress?: (p: PullProgress) => void;
  /** Request and byte counters of the client, for the summary. */
  counters: () => { requests: number; bytes: number };
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A company's filings: its submissions JSON and the older pages the range needs, each parsed before
 * it is cached (a file that is not JSON is never kept for the day). */
async function submissionsFor(cik: string, o: PullOptions): Promise<CompanyRows> {
  const main = (await o.cache.get(urls.submissions(o.hosts, cik), 'submissions', o.signal, (b) => parseSubmissions(b.toString('utf8'))))
    .value;
  const rows: SubmissionRow[] = [...main.rows];
  for (const page of pagesNeeded(main.pages, o)) {
    rows.push(
      ...(await o.cache.get(urls.submissionsPage(o.hosts, page.name), 'submissions', o.signal, (b) => parsePage(b.toString('utf8')))).value,
    );
  }
  return { cik, rows, ...(main.fiscalYearEnd ? { fiscalYearEnd: main.fiscalYearEnd } : {}) };
}

export async function pull(o: PullOptions): Promise<PullResult> {
  const t0 = performance.now();
  const result: PullResult = {
    planned: [],
    added: [],
    skipped: [],
    failed: [],
    warnings: [],
    facts: [],
    facts_planned: [],
    nothing_matched: [],
    requests: 0,
    bytes: 0,
    seconds: 0,
  };
  const finish = () => {
    const c = o.counters();
    result.requests = c.requests;
    result.bytes = c.bytes;
    result.seconds = Number(((performance.now() - t0) / 1000).toFixed(2));
    return result;
  };
  let tickers: TickerEntry[] | undefined;
  try {
    tickers = (await o.cache.get(urls.tickers(o.hosts), 'tickers', o.signal, (b) => parseCompanyTickers(b.toString('utf8')))).value;
  } catch (e) {
    if (e instanceof EdgarBlockedError) {
      result.blocked = e.message;
      return finish();
    }
    if (o.signal?.aborted) throw e;
    // The constituents alone still resolve most tickers.
    tickers = undefined;
  }

  // Only company facts, fetched: every company resolved first, then fetched and written in turn.
  const factsOnly: { ticker: string; ciks: string[] }[] = [];
  for (const t of o.tickers) {
    const resolved = resolveTicker(t, o.constituents, tickers);
    if (!resolved) {
      result.failed.push({
        ticker: t.toUpperCase(),
        reason: "unknown ticker: not in the constituents nor in EDGAR's company_tickers.json",
      });
      continue;
    }
    if (o.factsOnly && !o.dryRun && o.writeFacts) {
      factsOnly.push({ ticker: resolved.ticker, ciks: resolved.ciks });
      continue;
    }
    if (o.writeFacts || o.factsOnly) {
      if (!o.dryRun) {
        const done = o.tickers.indexOf(t);
        const at = { bytes: o.counters().bytes, elapsedMs: performance.now() - t0 };
        o.onProgress?.({ done, total: o.tickers.length, ...at, current: `${resolved.ticker} company facts`, facts: true });
      }
      try {
        await companyFacts(resolved.ticker, resolved.ciks, o, result);
      } catch (e) {
        if (e instanceof EdgarBlockedError) {
          result.blocked = e.message;
          return finish();
        }
        throw e;
      }
    }
    if (o.factsOnly) continue;
    const byCik: CompanyRows[] = [];
    const missing: PullFailure[] = [];
    for (const cik of resolved.ciks) {
      try {
        byCik.push(await submissionsFor(cik, o));
      } catch (e) {
        if (e instanceof EdgarBlockedError) {
          result.blocked = e.message;
          return finish();
        }
        if (o.signal?.aborted) throw e;
        const failure = { ticker: resolved.ticker, reason: `submissions of CIK ${cik}: ${reasonOf(e)}` };
        if (e instanceof EdgarMissingError) missing.push(failure);
        else result.failed.push(failure);
      }
    }
    // One of a company's CIKs without a submissions file is not a failure when another has one.
    if (byCik.length === 0) result.failed.push(...missing);
    const plan = planFilings(resolved.ticker, byCik, o, o.hosts);
    if (plan.length === 0 && byCik.length > 0) {
      const available = yearsAvailable(byCik, o);
      result.nothing_matched.push({ ticker: resolved.ticker, forms: o.forms, ...(available ? { available } : {}) });
    }
    for (const f of plan) {
      if (o.indexed.has(f.accession))
        result.skipped.push({ ticker: f.ticker, accession: f.accession, form: f.form, reason: 'already indexed' });
      else result.planned.push(f);
    }
  }
  if (factsOnly.length > 0) {
    await pullFactsOnly(o, result, factsOnly, t0);
    return finish();
  }
  if (o.dryRun) return finish();
  await fetchAll(o, result, t0);
  return finish();
}

/** A ticker's company facts into the index (with --dry-run, only listed). A company EDGAR has no facts
 * for is a failure when only facts were asked, else a warning. */
async function companyFacts(ticker: string, ciks: string[], o: PullOptions, result: PullResult): Promise<void> {
  if (o.dryRun || !o.writeFacts) {
    result.facts_planned.push(...ciks.map((cik) => ({ ticker, cik, url: urls.companyFacts(o.hosts, cik) })));
    return;
  }
  const r = await pullTickerFacts(ticker, ciks, {
    cache: o.cache,
    hosts: o.hosts,
    signal: o.signal,
    write: o.writeFacts,
    ...(o.heldFacts ? { held: o.heldFacts } : {}),
  });
  result.facts.push(...r.pulled);
  for (const f of r.failures) result.failed.push({ ticker, form: 'company facts', url: f.url, reason: f.reason });
  if (r.none && o.factsOnly) result.failed.push({ ticker, form: 'company facts', reason: r.none });
  else if (r.none) result.warnings.push({ ticker, form: 'company facts', message: r.none });
}

async function fetchAll(o: PullOptions, result: PullResult, t0: number): Promise<void> {
  const queue = [...result.planned];
  const total = queue.length;
  let done = 0;
  let pending: { filing: PreparedFiling; entry: PulledFiling }[] = [];
  // Writes run one at a time (each replaces the index file), in the order batches fill.
  let writing: Promise<void> = Promise.resolve();
  const flush = () => (writing = writing.then(write));
  const write = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await o.write(batch.map((b) => b.filing));
      result.added.push(...batch.map((b) => b.entry));
    } catch (e) {
      for (const b of batch)
        result.failed.push({
          ticker: b.entry.ticker,
          accession: b.entry.accession,
          form: b.entry.form,
          url: b.entry.url,
          reason: `index write: ${reasonOf(e)}`,
        });
    }
  };
  const stop = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal;
  const worker = async () => {
    for (let f = queue.shift(); f && !signal.aborted; f = queue.shift()) {
      o.onProgress?.({
        done,
        total,
        bytes: o.counters().bytes,
        elapsedMs: performance.now() - t0,
        current: `${f.ticker} ${f.form} ${f.filingDate}`,
      });
      try {
        const got = await fetchFiling(f, o, signal);
        const filing = got.filing;
        for (const message of got.warnings) result.warnings.push({ ticker: f.ticker, accession: f.accession, form: f.form, message });
        pending.push({
          filing,
          entry: {
            ticker: f.ticker,
            accession: f.accession,
            form: f.form,
            fiscal_year: filing.meta.sec_fiscal_year,
            filing_date: f.filingDate,
            url: f.url,
            from_cache: got.fromCache,
            sections: filing.sections.length,
            tables: filing.tables.length,
            facts: filing.facts.length,
          },
        });
        if (pending.length >= (o.batch ?? 10)) await flush();
      } catch (e) {
        if (e instanceof EdgarBlockedError) {
          result.blocked = e.message;
          stop.abort();
          break;
        }
        if (signal.aborted) break;
        const reason = e instanceof EdgarMissingError ? `document missing on EDGAR (${e.url})` : reasonOf(e);
        result.failed.push({ ticker: f.ticker, accession: f.accession, form: f.form, url: f.url, reason });
      }
      done++;
      o.onProgress?.({ done, total, bytes: o.counters().bytes, elapsedMs: performance.now() - t0 });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, worker));
  } finally {
    // What was finished goes into the index even when the run is interrupted or blocked.
    await flush();
  }
  o.signal?.throwIfAborted();
}
