// A roll-forward's movement asked in the question's own words, on sample-corpus filings: a row whose
// words are mostly asked in a table whose caption says the rest ("Additional liabilities incurred" under
// "ASSET RETIREMENT OBLIGATIONS", AES), and "arose" a verb that asks nothing ("goodwill arose from
// acquisitions", Keysight's "Goodwill arising from acquisitions" in its CSG column).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

describe("a roll-forward's movement in the question's words", () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
  });
  afterAll(() => backend.close());
  const ask = async (query: string) => {
    const r = (await backend.query({ query, mode: 'research', include: { answer: true, analysis: true } })) as ResearchResponse;
    return (r.analysis?.figures ?? []).map((f) => f.value);
  };

  it("AES's additional asset retirement obligations incurred in 2022, never those assumed in acquisitions or settled", async () => {
    expect(await ask('What additional asset retirement obligation liabilities did AES incur in 2022?')).toEqual([97_000_000]);
  });

  it("Keysight's CSG goodwill from acquisitions in fiscal 2023, never fiscal 2022's or the total", async () => {
    expect(await ask("How much goodwill arose from acquisitions in Keysight's CSG segment during fiscal 2023?")).toEqual([36_000_000]);
  });
});
