// The facts-only pull of many companies (src/edgar/pull-facts.ts) in process, over a download cache that
// records what is asked of it: downloads go one at a time, in order, ahead of the company being written,
// and nothing more is asked once EDGAR's block page has come back, though the companies after it were due.
import { describe, expect, it } from 'vitest';
import type { EdgarCache } from '../../src/edgar/cache.js';
import { EdgarBlockedError } from '../../src/edgar/errors.js';
import { edgarHosts } from '../../src/edgar/hosts.js';
import { type FactsRunResult, pullFactsOnly } from '../../src/edgar/pull-facts.js';

const hosts = edgarHosts({ data: 'http://edgar.test' });
const body = (cik: number) =>
  Buffer.from(
    JSON.stringify({
      cik,
      entityName: `Company ${cik}`,
      facts: {
        'us-gaap': {
          Revenues: {
            label: 'Revenues',
            units: {
              USD: [
                {
                  start: '2023-01-01',
                  end: '2023-12-31',
                  val: 1e9,
                  accn: '0000000001-24-000001',
                  fy: 2023,
                  fp: 'FY',
                  form: '10-K',
                  filed: '2024-02-01',
                },
              ],
            },
          },
        },
      },
    }),
  );

/** A cache whose downloads are recorded, each taking `ms`, the company at `blockedAt` answered with the block page. */
function recordingCache(blockedAt: number, ms: number) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const cache = {
    fresh: () => undefined,
    keep: () => {},
    drop: () => {},
    async download(url: string) {
      asked.push(url);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      const cik = Number(/CIK(\d+)/.exec(url)![1]);
      if (cik === blockedAt) throw new EdgarBlockedError(url);
      return { body: body(cik), fromCache: false };
    },
  } as unknown as EdgarCache;
  return { cache, asked, most: () => most };
}

const companies = Array.from({ length: 12 }, (_, i) => ({ ticker: `T${i + 1}`, ciks: [String(i + 1)] }));

describe('a facts-only pull of many companies', () => {
  it('downloads one company at a time, in order, and writes each in turn', async () => {
    const c = recordingCache(-1, 5);
    const written: string[] = [];
    const result: FactsRunResult = { facts: [], failed: [] };
    await pullFactsOnly(
      {
        cache: c.cache,
        hosts,
        counters: () => ({ requests: 0, bytes: 0 }),
        writeFacts: async (w) => {
          written.push(w.file.cik);
          await new Promise((r) => setTimeout(r, 20));
          return { cik: w.file.cik, facts: w.file.count, replaced: false, unchanged: false };
        },
      },
      result,
      companies,
      performance.now(),
    );
    expect(c.most()).toBe(1);
    expect(c.asked).toEqual(companies.map((x) => `http://edgar.test/api/xbrl/companyfacts/CIK${x.ciks[0]!.padStart(10, '0')}.json`));
    expect(written).toEqual(companies.map((x) => x.ciks[0]));
    expect(result.facts.map((f) => f.written)).toEqual(Array(12).fill('added'));
  });

  it("asks nothing after EDGAR's block page, while the company before it is still being written", async () => {
    const c = recordingCache(5, 1);
    const result: FactsRunResult = { facts: [], failed: [] };
    await pullFactsOnly(
      {
        cache: c.cache,
        hosts,
        counters: () => ({ requests: 0, bytes: 0 }),
        // Writing takes longer than a download: the downloads after the blocked one are due meanwhile.
        writeFacts: async (w) => {
          await new Promise((r) => setTimeout(r, 60));
          return { cik: w.file.cik, facts: w.file.count, replaced: false, unchanged: false };
        },
      },
      result,
      companies,
      performance.now(),
    );
    expect(result.blocked).toMatch(/Request Rate Threshold Exceeded/);
    expect(result.facts.map((f) => f.cik)).toEqual(['1', '2', '3', '4']);
    expect(c.asked.map((u) => Number(/CIK(\d+)/.exec(u)![1]))).toEqual([1, 2, 3, 4, 5]);
  });
});
