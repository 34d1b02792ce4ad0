// The screens battery (issue 43): questions over a set of companies (a sector, a sub-industry, a
// company's peers, the whole index, a list), gold read from the filings before the code was written;
// screens-blind.jsonl written by a helper who never read the code. Judged on the answer's figure
// records: every member's figure, the members the index holds no report of, the order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatScreensResults,
  formatScreensTally,
  loadScreens,
  runScreens,
  type ScreenResult,
  screensBlindFile,
  tallyScreens,
} from '../../bench/lib/screens-battery.js';
import type { Backend } from '../../src/backend.js';
import { GridPayloadSchema } from '../../src/contract/figure-schemas.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleFilingsDir, sampleIndexPath } from '../helpers/sample.js';

/**
 * First run, on the code before screens: mine 0 of 18 whole (1 of 220 members right: a cell rightly
 * empty), blind 1 of 12 (a named list). Now: mine 16 of 18, blind 11 of 12, no member wrong; the three
 * members not stated are those their own spec declines (Agilent's gross margin, American Express's
 * revenue, Atmos Energy's net margin). The floors sit at the issue's: 90% of screens whole, no figure
 * wrong.
 */
const FLOORS = { whole: 0.9 };

const mine = loadScreens();
const blind = loadScreens(screensBlindFile);
const text = new Map<string, string>();
const filingText = (name: string) => {
  if (!text.has(name)) {
    const raw = JSON.parse(gunzipSync(readFileSync(join(sampleFilingsDir(), name))).toString('utf8')) as { content: string };
    text.set(name, raw.content.replace(/\s+/g, ' '));
  }
  return text.get(name)!;
};

describe('the screens battery', () => {
  it('has at least 20 screens of sectors, sub-industries, peers and the whole index, unique ids', () => {
    const all = [...mine, ...blind];
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    const kinds = new Set(all.map((q) => q.set.kind));
    for (const k of ['sector', 'sub_industry', 'peers', 'index']) expect(kinds, k).toContain(k);
    for (const q of all) {
      // The gold order is its members' values in the order asked.
      if (!q.order) continue;
      const values = new Map(q.cells.map((c) => [c.ticker, c.value]));
      const ranked = q.ranked.map((t) => values.get(t) ?? Number.NaN);
      for (let i = 1; i < ranked.length; i++)
        expect(q.order === 'desc' ? ranked[i - 1]! >= ranked[i]! : ranked[i - 1]! <= ranked[i]!, `${q.id} ${q.ranked[i]}`).toBe(true);
    }
  });

  it('quotes each of its own cells from its filing', () => {
    for (const q of mine)
      for (const c of q.cells) {
        if (c.value === null) continue;
        // Each quoted part of the evidence is in the filing (the parts are joined with " || ").
        for (const part of c.evidence!.split(' || ')) expect(filingText(c.filing!), `${q.id} ${c.ticker}: ${part}`).toContain(part);
      }
  });

  it("finds each blind amount as printed in its filing (the blind file's headings are described, not quoted)", () => {
    for (const q of blind)
      for (const c of q.cells) {
        if (c.value === null || c.unit !== 'million' || !c.filing) continue;
        // 226954 is "226,954"; 12458.806 in thousands "12,458,806"; 1473.093 "1,473,093".
        const printed = [c.value, c.value * 1000].map((v) => Math.abs(Math.round(v * 10) / 10).toLocaleString('en-US'));
        expect(
          printed.some((p) => filingText(c.filing!).includes(p)),
          `${q.id} ${c.ticker} ${printed.join(' or ')}`,
        ).toBe(true);
      }
  });
});

describe('the screens battery answered by the engine', () => {
  let backend: Backend;
  let results: ScreenResult[];
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
    results = await runScreens(backend, [...mine, ...blind]);
  }, 600_000);
  afterAll(() => backend?.close());

  it('answers at least 90% of screens whole (every member right, the order right) and no member wrong', () => {
    const t = tallyScreens(results);
    const report = `${formatScreensTally(t)}\n${formatScreensResults(results.filter((r) => !r.verdict.whole))}`;
    expect(t.withWrong, report).toBe(0);
    expect(t.members.wrong, report).toBe(0);
    expect(t.extra, report).toBe(0);
    expect(t.whole / t.screens, report).toBeGreaterThanOrEqual(FLOORS.whole);
  });

  it('answers every screen with a grid of the contract naming its set, every member a cell', () => {
    for (const { q, response } of results) {
      const grid = response.analysis?.grid;
      expect(grid, q.id).toBeDefined();
      expect(GridPayloadSchema.safeParse(grid).success, q.id).toBe(true);
      if (q.set.kind !== 'list') expect(grid!.set?.kind, q.id).toBe(q.set.kind);
      for (const c of q.cells)
        expect(
          grid!.companies.map((x) => x.ticker),
          `${q.id} ${c.ticker}`,
        ).toContain(c.ticker);
    }
  });
});
