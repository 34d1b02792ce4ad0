// An annual report's quarterly data table, on sample-corpus filings: the quarter names over its columns
// under a year printed once, in lines the text broke ("2019 Quarters / Fourth / Third / Second / First",
// "Fiscal 2022 First" / "Quarter Second" / ... / "Quarter Annual", "2020 Quarters (a) / First Second (c)"),
// give each column its quarter; a second year's block under the same columns is not read as the first's.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import type { TableModel } from '../../src/engine/tables/model.js';
import { sampleFiling } from '../helpers/sample.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const KRAFT_HEINZ = '1637459_10K_2019_0001637459-20-000027.json.gz';
const ACCENTURE = '1467373_10K_2022_0001467373-22-000295.json.gz';
const LOCKHEED = '936468_10K_2020_0000936468-21-000013.json.gz';
const GENERAL_MILLS = '40704_10K_2020_0001193125-20-186469.json.gz';

async function quarterTable(file: string, label: string): Promise<TableModel> {
  const p = prepareFiling(await readRawFiling(sampleFiling(file)), basename(file), new Map());
  const t = p.tables.find(
    (m) => /quarter/i.test(`${m.caption} ${m.rows.map((r) => r.label).join(' ')}`) && m.rows[0] && m.rows.some((r) => r.label === label),
  );
  if (!t) throw new Error(`no quarterly table in ${file}`);
  return t;
}
const quarters = (t: TableModel) => t.columns.map((c) => (c.period ? `${c.period.fiscalYear}Q${c.period.quarter}` : null));

describe('quarter names over the columns', () => {
  it('Kraft Heinz: "2019 Quarters / Fourth / Third / Second / First" in the caption, latest first', async () => {
    const t = await quarterTable(KRAFT_HEINZ, 'Net sales');
    expect(quarters(t)).toEqual(['2019Q4', '2019Q3', '2019Q2', '2019Q1']);
  });

  it('Accenture: "Fiscal 2022 First" / "Quarter Second" / ... / "Quarter Annual" as header rows; the year column keeps no quarter', async () => {
    const t = await quarterTable(ACCENTURE, 'Revenues');
    expect(quarters(t)).toEqual(['2022Q1', '2022Q2', '2022Q3', '2022Q4', null]);
  });

  it('Lockheed Martin: footnote markers beside the year and the quarters ("2020 Quarters (a)", "Second (c)")', async () => {
    const t = await quarterTable(LOCKHEED, 'Net sales');
    expect(quarters(t)).toEqual(['2020Q1', '2020Q2', '2020Q3', '2020Q4']);
    // (The "2019 Quarters (a)" block below holds 2019's figures: not placed under 2020's quarters.)
    expect(t.rows.filter((r) => r.label === 'Net sales').map((r) => r.aligned)).toEqual([true, false]);
  });

  it('General Mills: "First Quarter" / ... / "Fourth Quarter" over "Fiscal Year" columns that lost their years, two a quarter, in the order the quarters add up to the statements\' years', async () => {
    const t = await quarterTable(GENERAL_MILLS, 'Net sales');
    expect(t.caption).toMatch(/^Summarized quarterly data for fiscal 2020 and fiscal 2019 follows:/);
    expect(quarters(t)).toEqual(['2020Q1', '2019Q1', '2020Q2', '2019Q2', '2020Q3', '2019Q3', '2020Q4', '2019Q4']);
  });
});

describe('answers from a quarterly data table', () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("a quarter's column (Kraft Heinz's third quarter of 2019, Accenture's third quarter of fiscal 2022)", async () => {
    expect(await ask("What were Kraft Heinz's net sales in the third quarter of 2019?")).toEqual([6_076_000_000]);
    expect(await ask("What were Accenture's revenues in the third quarter of fiscal 2022?")).toEqual([16_158_803_000]);
  });

  it("General Mills' fourth quarter of fiscal 2020, never fiscal 2019's", async () => {
    expect(await ask("What were General Mills' net sales in the fourth quarter of fiscal 2020?")).toEqual([5_023_000_000]);
  });

  it("never the first block's column for the year below it (Lockheed's first quarter of 2019 is not 15,651)", async () => {
    expect(await ask("What were Lockheed Martin's net sales in the first quarter of 2019?")).not.toContain(15_651_000_000);
  });
});
