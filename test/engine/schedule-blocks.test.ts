// A maturity schedule the text ran into another table, on sample-corpus filings: the headings over its
// rows caption it ("Total remaining lease payments ... is as follows" / "Fiscal Year Operating Leases",
// Jacobs; AES's non-recourse and recourse debt maturities; Apple's future principal payments on its
// notes), and a year's row whose one value could not be placed under the table's columns is read from
// its first.
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';

describe('a schedule captioned by the headings over its rows', () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("Jacobs' operating lease payments of fiscal 2026, a block under another table's dates", async () => {
    expect(await ask('Per the lease maturity table, what operating lease payments does Jacobs owe in fiscal 2026?')).toEqual([118_411_000]);
  });

  it("AES's non-recourse debt due in 2025, never the recourse debt's 900", async () => {
    expect(await ask("How much of AES's non-recourse debt is scheduled to mature in 2025, per the maturity table?")).toEqual([
      2_237_000_000,
    ]);
  });

  it("Apple's future principal payments on its notes in fiscal 2024", async () => {
    expect(await ask('Per its maturity table, what future principal payments on its notes does Apple have in fiscal 2024?')).toEqual([
      9_943_000_000,
    ]);
  });
});
