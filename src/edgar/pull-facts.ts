// `corpus pull --facts-only` of many companies (--all, --sector): each company's facts downloaded,
// checked and written into the index one company at a time, in the order asked. Downloads go one at a
// time, each as soon as the one before has arrived, so EDGAR sees the pace the rate limiter
// (rate-limit.ts) sets and never two requests at once, while the file before is checked and written:
// a run takes what the rate limit allows (500 companies: about 70 s) or what checking and writing take,
// whichever is longer, rather than the two added. A company whose file the index holds, fresh in the
// download cache, is neither fetched nor read again: an interrupted run resumes where it stopped.
// EDGAR's block page stops the run; an abort (Ctrl-C) leaves every company written so far in the index.
import type { CompanyFactsWrite, CompanyFactsWritten } from '../engine/corpus-ingest.js';
import type { EdgarCache } from './cache.js';
import {
  checkTickerFacts,
  type DownloadedTicker,
  downloadTickerFacts,
  type HeldFacts,
  type PulledFacts,
  writeTickerFacts,
} from './company-facts.js';
import { EdgarBlockedError } from './errors.js';
import type { EdgarHosts } from './hosts.js';

/** Companies downloaded ahead of the one being checked and written (one request at a time still): two
 * keep the next request waiting at the rate limiter while a file (2 to 10 MB of JSON, 100 to 200 ms to
 * check and write) is in hand; more would only hold more files in memory. */
export const FACTS_AHEAD = 2;

type Outcome = { got: DownloadedTicker } | { error: unknown };

/** What a run of company facts needs of the pull (pull.ts's options). */
export interface FactsRun {
  cache: EdgarCache;
  hosts: EdgarHosts;
  signal?: AbortSignal;
  writeFacts?: (w: CompanyFactsWrite) => Promise<CompanyFactsWritten>;
  heldFacts?: Map<string, HeldFacts>;
  onProgress?: (p: { done: number; total: number; bytes: number; elapsedMs: number; current?: string; facts: true }) => void;
  counters: () => { requests: number; bytes: number };
}

/** What it brought: as pull.ts's result has it. */
export interface FactsRunResult {
  facts: PulledFacts[];
  failed: { ticker: string; form?: string; url?: string; reason: string }[];
  blocked?: string;
}

export async function pullFactsOnly(
  o: FactsRun,
  result: FactsRunResult,
  companies: { ticker: string; ciks: string[] }[],
  t0: number,
): Promise<void> {
  const stop = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal;
  const held = o.heldFacts ?? new Map<string, HeldFacts>();
  const ctx = { cache: o.cache, hosts: o.hosts, signal, held };
  const write = o.writeFacts;
  if (!write) throw new Error('pullFactsOnly needs writeFacts');
  const total = companies.length;
  const progress = (done: number, current?: string) =>
    o.onProgress?.({
      done,
      total,
      bytes: o.counters().bytes,
      elapsedMs: performance.now() - t0,
      facts: true,
      ...(current ? { current } : {}),
    });
  // Downloads in order, each after the one before (one request at a time), FACTS_AHEAD at most ahead
  // of the company in hand.
  const ahead: Promise<Outcome>[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  let next = 0;
  const fill = () => {
    while (next < total && ahead.length <= FACTS_AHEAD && !signal.aborted) {
      const c = companies[next++]!;
      const download = chain.then(() => downloadTickerFacts(c.ticker, c.ciks, ctx));
      // After the block page, nothing more is asked (each request would extend the block).
      chain = download.catch((e: unknown) => {
        if (e instanceof EdgarBlockedError) stop.abort();
      });
      ahead.push(
        download.then(
          (got) => ({ got }),
          (error: unknown) => ({ error }),
        ),
      );
    }
  };
  progress(0, companies[0] ? `${companies[0].ticker} company facts` : undefined);
  fill();
  let done = 0;
  try {
    for (let outcome = ahead.shift(); outcome !== undefined; outcome = ahead.shift()) {
      const r = await outcome;
      if ('error' in r) {
        if (r.error instanceof EdgarBlockedError) {
          result.blocked = r.error.message;
          return;
        }
        throw r.error;
      }
      fill();
      const got = await checkTickerFacts(r.got, ctx);
      const w = await writeTickerFacts(got, { write, held });
      result.facts.push(...w.pulled);
      for (const f of w.failures) result.failed.push({ ticker: got.ticker, form: 'company facts', url: f.url, reason: f.reason });
      if (w.none) result.failed.push({ ticker: got.ticker, form: 'company facts', reason: w.none });
      done++;
      progress(done, companies[done] ? `${companies[done]!.ticker} company facts` : undefined);
    }
  } finally {
    // Whatever is still downloading is not wanted: its request is cancelled, its outcome dropped.
    stop.abort();
    await Promise.all(ahead);
  }
  o.signal?.throwIfAborted();
}
