// Ticker -> CIKs: the constituents first (the index's own spelling, BRK.B), then EDGAR's
// company_tickers.json (BRK-B). Both are kept when they differ: a company that moved to a new holding
// CIK (BlackRock) has its older filings under the former one. Pure.
import type { Constituent } from '../engine/corpus-ingest.js';

export interface TickerEntry {
  cik: string;
  ticker: string;
  title: string;
}

/** company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...}. */
export function parseCompanyTickers(text: string): TickerEntry[] {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    throw new Error('company_tickers.json is not JSON');
  }
  if (!o || typeof o !== 'object') throw new Error('company_tickers.json is not an object');
  return Object.values(o as Record<string, { cik_str?: unknown; ticker?: unknown; title?: unknown }>)
    .filter((v) => v && v.ticker !== undefined && v.cik_str !== undefined)
    .map((v) => ({ cik: String(v.cik_str).replace(/^0+/, ''), ticker: String(v.ticker), title: String(v.title ?? '') }));
}

/** BRK.B, brk-b and BRK/B are one ticker. */
export const tickerKey = (t: string) =>
  t
    .trim()
    .toUpperCase()
    .replace(/[.\-/ ]/g, '-');

export interface ResolvedTicker {
  ticker: string;
  /** The constituent row when the ticker is one (its CIK first). */
  constituent?: Constituent;
  /** CIKs to read filings from, the current one first. */
  ciks: string[];
  name: string;
}

export function resolveTicker(
  ticker: string,
  constituents: Map<string, Constituent>,
  tickers: TickerEntry[] | undefined,
): ResolvedTicker | undefined {
  const key = tickerKey(ticker);
  const constituent = [...constituents.values()].find((c) => tickerKey(c.symbol) === key);
  const ciks: string[] = [];
  if (constituent) ciks.push(constituent.cik);
  const listed = (tickers ?? []).filter((t) => tickerKey(t.ticker) === key);
  for (const t of listed) if (!ciks.includes(t.cik)) ciks.push(t.cik);
  if (ciks.length === 0) return undefined;
  const r: ResolvedTicker = {
    ticker: constituent?.symbol ?? ticker.toUpperCase(),
    ciks,
    name: constituent?.security ?? listed[0]?.title ?? '',
  };
  if (constituent) r.constituent = constituent;
  return r;
}
