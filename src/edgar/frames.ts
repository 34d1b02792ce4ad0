// A screen of one line item (or concept) over every filer from EDGAR's XBRL frames: for fiscal years,
// the annual frames that hold them (CY(Y-1) and CY(Y): xbrl/frames.ts says why), each row placed in
// the index's fiscal year by its own period; for a calendar period (CY2023Q4I), that frame as it is.
// A line item carried by several concepts (revenue: Revenues, RevenueFromContractWithCustomer...) is a
// frame a concept, and each company's row is that of the item's most preferred concept it has. Ten
// requests give the revenue of every filer for a fiscal year, where the company facts of the S&P 500
// are 500 requests; but a frame holds one value a filer, with no form, filing date or restatement:
// `filings figures` on company facts says more. Frames go through the client, the cache (a day) and the
// checks every EDGAR body does.
import type { Constituent, Frame, FrameRow } from '../engine/corpus-ingest.js';
import { annualFramesOf, frameUnit, parseFrame, parseFramePeriod, rowFiscalYear } from '../engine/corpus-ingest.js';
import type { EdgarCache } from './cache.js';
import { EdgarBlockedError, EdgarMissingError } from './errors.js';
import type { EdgarHosts } from './hosts.js';
import type { YearRange } from './plan.js';
import { EdgarInvalidError } from './validate.js';

export interface FramesAsk {
  /** "us-gaap:Revenues", the preferred first. */
  concepts: string[];
  unit: string;
  /** Fiscal years as the index labels them (annual frames: a flow). */
  years?: YearRange;
  /** A calendar period of the frames API (CY2023, CY2023Q1, CY2023Q4I). */
  period?: string;
  /** Every filer, not only the constituents. */
  allFilers?: boolean;
  constituents: Map<string, Constituent>;
  cache: EdgarCache;
  hosts: EdgarHosts;
  signal?: AbortSignal;
}

export interface FramesRow {
  /** The constituent's ticker; null for a filer the constituents file lacks. */
  ticker: string | null;
  cik: string;
  company: string;
  concept: string;
  unit: string;
  /** The frame the row is of (CY2023). */
  frame: string;
  /** The index's label of the fiscal year the row's year ends in; null for a quarter or an instant. */
  fiscal_year: number | null;
  start: string | null;
  end: string;
  value: number;
  accession: string;
  /** The filing's folder on EDGAR. */
  url: string;
}

export interface FramesResult {
  /** Each frame asked: its address, how many rows it had, whether it came from the cache; `missing`
   * when EDGAR has no such frame (no filer tagged the concept for the period). */
  frames: { concept: string; period: string; url: string; rows: number; from_cache: boolean; missing?: true }[];
  rows: FramesRow[];
  /** Constituents no frame holds a row of (for each fiscal year asked, or the period). */
  absent: { ticker: string; fiscal_year: number | null }[];
  failed: { url: string; reason: string }[];
  /** Set when EDGAR's block page stopped the run. */
  blocked?: string;
}

export const frameUrl = (h: EdgarHosts, concept: string, unit: string, period: string) => {
  const [taxonomy, name] = concept.includes(':') ? concept.split(':') : ['us-gaap', concept];
  return `${h.data}/api/xbrl/frames/${taxonomy}/${name}/${frameUnit(unit)}/${period}.json`;
};

const folderOf = (cik: string, accession: string) =>
  `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}/`;

/** The periods a screen reads: the annual frames of the fiscal years asked, or the one period. */
export function framePeriods(ask: Pick<FramesAsk, 'years' | 'period'>): string[] {
  if (ask.period) return [ask.period];
  const out = new Set<string>();
  for (let y = ask.years!.from; y <= ask.years!.to; y++) for (const p of annualFramesOf(y)) out.add(p);
  return [...out];
}

async function fetchFrame(concept: string, period: string, ask: FramesAsk): Promise<{ frame: Frame; url: string; fromCache: boolean }> {
  const url = frameUrl(ask.hosts, concept, ask.unit, period);
  const [taxonomy, name] = concept.includes(':') ? (concept.split(':') as [string, string]) : ['us-gaap', concept];
  const got = await ask.cache.get(url, 'facts', ask.signal, (b) => {
    try {
      return parseFrame(b.toString('utf8'), { taxonomy, concept: name, unit: ask.unit, period });
    } catch (e) {
      throw new EdgarInvalidError(url, (e as Error).message);
    }
  });
  return { frame: got.value, url, fromCache: got.fromCache };
}

export async function framesScreen(ask: FramesAsk): Promise<FramesResult> {
  const result: FramesResult = { frames: [], rows: [], absent: [], failed: [] };
  const periods = framePeriods(ask);
  const first = parseFramePeriod(periods[0]!);
  if (!first) throw new Error(`no calendar period of the frames API: "${periods[0]}" (CY2023, CY2023Q1, CY2023Q4I)`);
  const annual = first.quarter === undefined;
  // Each company's row for a year (or the period), of the most preferred concept that has one.
  const best = new Map<string, { rank: number; row: FrameRow; concept: string; period: string; year: number | null }>();
  for (const [rank, concept] of ask.concepts.entries()) {
    for (const period of periods) {
      let got: Awaited<ReturnType<typeof fetchFrame>>;
      try {
        got = await fetchFrame(concept, period, ask);
      } catch (e) {
        if (e instanceof EdgarBlockedError) {
          result.blocked = e.message;
          return result;
        }
        if (ask.signal?.aborted) throw e;
        const url = frameUrl(ask.hosts, concept, ask.unit, period);
        if (e instanceof EdgarMissingError) result.frames.push({ concept, period, url, rows: 0, from_cache: false, missing: true });
        else result.failed.push({ url, reason: (e as Error).message });
        continue;
      }
      result.frames.push({ concept, period, url: got.url, rows: got.frame.rows.length, from_cache: got.fromCache });
      for (const row of got.frame.rows) {
        const year = annual ? rowFiscalYear(row) : null;
        if (ask.years && (year === null || year < ask.years.from || year > ask.years.to)) continue;
        if (!ask.allFilers && !ask.constituents.has(row.cik)) continue;
        const key = `${row.cik}/${year ?? ''}`;
        const held = best.get(key);
        if (!held || rank < held.rank) best.set(key, { rank, row, concept, period, year });
      }
    }
  }
  for (const { row, concept, period, year } of best.values()) {
    result.rows.push({
      ticker: ask.constituents.get(row.cik)?.symbol ?? null,
      cik: row.cik,
      company: ask.constituents.get(row.cik)?.security ?? row.entityName,
      concept: concept.includes(':') ? concept : `us-gaap:${concept}`,
      unit: ask.unit,
      frame: period,
      fiscal_year: year,
      start: row.start ?? null,
      end: row.end,
      value: row.value,
      accession: row.accession,
      url: folderOf(row.cik, row.accession),
    });
  }
  result.rows.sort(
    (a, b) => (a.ticker ?? `~${a.company}`).localeCompare(b.ticker ?? `~${b.company}`) || (a.fiscal_year ?? 0) - (b.fiscal_year ?? 0),
  );
  if (!ask.allFilers) {
    const years = ask.years ? Array.from({ length: ask.years.to - ask.years.from + 1 }, (_, i) => ask.years!.from + i) : [null];
    for (const c of ask.constituents.values()) {
      for (const y of years) if (!best.has(`${c.cik}/${y ?? ''}`)) result.absent.push({ ticker: c.symbol, fiscal_year: y });
    }
  }
  return result;
}
