// A roll-forward's movement asked in the question's own words, on sample-corpus filings: a row whose
// words are mostly asked in a table whose caption says the rest ("Additional liabilities incurred" under
// "ASSET RETIREMENT OBLIGATIONS", AES), and "arose" a verb that asks nothing ("goodwill arose from
// acquisitions", Keysight's "Goodwill arising from acquisitions" in its CSG column); a footnote mark alone
// beside a label whose cells are on the next line is no cell ("Acquisitions (1)" / "399 13 55 119 586",
// Johnson Controls' goodwill by segment).
import { describe, expect, it } from 'vitest';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import { sampleFiling } from '../helpers/sample.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

describe('a footnote mark beside a label whose cells follow', () => {
  it("Johnson Controls: 'Acquisitions (1)' keeps the table's five columns, each a segment of the year", async () => {
    const file = '833444_10K_2023_0000833444-23-000048.json.gz';
    const p = prepareFiling(await readRawFiling(sampleFiling(file)), file, new Map());
    const t = p.tables.find((m) => /Year Ended September 30, 2023$/.test(m.caption) && m.rows.some((r) => r.label === 'Acquisitions'))!;
    expect(t.columns.map((c) => c.part)).toEqual([
      'Building Solutions North America',
      'Building Solutions EMEA/LA',
      'Building Solutions Asia Pacific',
      'Global Products',
      'Total',
    ]);
    const acquisitions = t.rows.find((r) => r.label === 'Acquisitions')!;
    expect(acquisitions.aligned).toBe(true);
    expect(acquisitions.cells.map((c) => c?.value)).toEqual([399, 13, 55, 119, 586]);
  });
});

describe("a roll-forward's movement in the question's words", () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("AES's additional asset retirement obligations incurred in 2022, never those assumed in acquisitions or settled", async () => {
    expect(await ask('What additional asset retirement obligation liabilities did AES incur in 2022?')).toEqual([97_000_000]);
  });

  it("Johnson Controls' Building Solutions North America goodwill from acquisitions in fiscal 2023, never fiscal 2022's 37", async () => {
    expect(
      await ask(
        'How much goodwill did Johnson Controls add through acquisitions in its Building Solutions North America segment in fiscal 2023?',
      ),
    ).toEqual([399_000_000]);
  });

  it("Keysight's CSG goodwill from acquisitions in fiscal 2023, never fiscal 2022's or the total", async () => {
    expect(await ask("How much goodwill arose from acquisitions in Keysight's CSG segment during fiscal 2023?")).toEqual([36_000_000]);
  });
});
