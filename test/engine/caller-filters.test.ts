// The caller's filters win, in the evidence and in the answer's figures; an inferred year that a
// caller's item filter would leave empty is chosen among the years that have the item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const items = (evidence: string) => [...new Set([...evidence.matchAll(/<source id="[A-Z]+"[^>]* item="([^"]*)"/g)].map((m) => m[1]))];
const ask = (query: string, metadata_filters: Record<string, unknown>) =>
  backend.query({ query, mode: 'research', metadata_filters, include: { answer: true } });

describe("the caller's filters", () => {
  it('an item filter holds for a figure question: no statement row of another item, in the evidence or the answer', async () => {
    const r = await ask("What was 3M's capital expenditure in FY2018?", { sec_item_tag: '10K-Item-1A' });
    expect(r.summary!.evidence_count).toBeGreaterThan(0);
    expect(items(r.evidence!)).toEqual(['10K-Item-1A']);
    expect(r.answer!.text).not.toMatch(/1,577/);
    expect(r.answer!.text).toMatch(/^The evidence does not state MMM's capital expenditures for fiscal 2018\./);
  });

  it('the item the figure is printed in still answers it', async () => {
    const r = await ask("What was 3M's capital expenditure in FY2018?", { sec_item_tag: '10K-Item-8' });
    expect(r.answer!.text).toMatch(/^MMM capital expenditures for fiscal 2018: \$1,577 million/);
    expect(items(r.evidence!)).toEqual(['10K-Item-8']);
  });

  it.each([
    ['MMM', 'FY-2022'],
    ['JNJ', 'FY-2021'],
  ])("no year named, %s's newest filing a 10-Q: the newest year with the item filtered on", async (ticker, year) => {
    const r = await ask('risks', { sec_ticker: ticker, sec_item_tag: '10K-Item-1A' });
    expect(r.summary!.applied_metadata_filters).toMatchObject({ sec_ticker: ticker, sec_item_tag: '10K-Item-1A', sec_fiscal_year: year });
    expect(r.summary!.evidence_count).toBeGreaterThan(0);
    expect(items(r.evidence!)).toEqual(['10K-Item-1A']);
  });
});
