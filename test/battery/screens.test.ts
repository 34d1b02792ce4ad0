// The screens battery (issue 43): questions over a set of companies (a sector, a sub-industry, a
// company's peers, the whole index, a list), gold read from the filings before the code was written;
// screens-blind.jsonl written by a helper who never read the code. Judged on the answer's figure
// records: every member's figure, the members the index holds no report of, the order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadScreens, screensBlindFile } from '../../bench/lib/screens-battery.js';
import { sampleFilingsDir } from '../helpers/sample.js';

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
