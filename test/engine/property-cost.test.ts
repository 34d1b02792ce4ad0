// "The cost of" a component of property is its row in a block of property at cost, on sample-corpus
// filings: the block's heading ("Property and equipment:", AutoZone's balance sheet) or its total
// ("Property, plant and equipment, at cost", Emerson's note; "Total property, plant and equipment",
// Agilent's) says "cost", never the row itself.
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';

describe('the cost of a component of property', () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("under a property heading of a balance sheet (AutoZone's leasehold improvements at August 26, 2023)", async () => {
    expect(await ask("On AutoZone's balance sheet at August 26, 2023, what was the cost of its leasehold improvements?")).toEqual([
      831_508_000,
    ]);
  });

  it("above the block's total at cost (Emerson's buildings, Agilent's buildings and leasehold improvements)", async () => {
    expect(
      await ask("What was the cost of Emerson's buildings at September 30, 2023, per its property, plant and equipment note?"),
    ).toEqual([1_758_000_000]);
    expect(await ask("What was the cost of Agilent's buildings and leasehold improvements as of October 31, 2023?")).toEqual([
      1_409_000_000,
    ]);
  });
});
