// Notes' tables the text ran together, on sample-corpus filings: a header of dates after another
// table's rows starts the next table, on one line ("October 28, 2023 October 29, 2022", Ciena's deferred
// revenue after its accrued warranty) or broken over lines ("As of" / "September 29," / "2023 September
// 30,", Skyworks' inventory after its senior notes), with the lines introducing it as its caption; and
// a part's row in a table whose caption names the rest of the measure ("Services" under "deferred
// revenue is comprised of the following", "Pretax segment income" under "INTERNATIONAL CARD SERVICES");
// a second line of several values after a row's own is a row of its own (CVS's "Front store and other
// (2)" / "23.1 % 24.0 % 23.1 %" / "100.0 % 100.0 % 100.0 %"), its footnote marker no cell.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import type { TableModel } from '../../src/engine/tables/model.js';
import { sampleFiling } from '../helpers/sample.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const SKYWORKS = '4127_10K_2023_0000004127-23-000030.json.gz';
const CIENA = '936395_10K_2023_0000936395-23-000044.json.gz';
const CVS = '64803_10K_2022_0000064803-23-000009.json.gz';

async function tableWith(file: string, label: string): Promise<TableModel> {
  const p = prepareFiling(await readRawFiling(sampleFiling(file)), basename(file), new Map());
  const t = p.tables.find((m) => m.rows.some((r) => r.label === label));
  if (!t) throw new Error(`no table with "${label}" in ${file}`);
  return t;
}
const years = (m: TableModel) => m.columns.map((c) => (c.period ? `${c.period.kind} FY${c.period.fiscalYear}` : null));

describe('a header of dates after rows starts the next table', () => {
  it('Skyworks: inventory under "As of" / "September 29," / "2023 September 30," after the senior notes', async () => {
    const t = await tableWith(SKYWORKS, 'Work-in-process');
    expect(t.caption).toMatch(/^5\. INVENTORY \/ Inventory consists of the following \(in millions\)/);
    expect(years(t)).toEqual(['instant FY2023', 'instant FY2022']);
    expect(t.rows.map((r) => r.label)).toEqual(['Raw materials', 'Work-in-process', 'Finished goods', 'Total inventory']);
  });

  it("Ciena: deferred revenue under 'October 28, 2023 October 29, 2022' after the accrued warranty", async () => {
    const t = await tableWith(CIENA, 'Total deferred revenue');
    expect(t.caption).toMatch(/^As of the dates indicated, deferred revenue is comprised of the following/);
    expect(years(t)).toEqual(['instant FY2023', 'instant FY2022']);
    expect(t.rows[0]?.label).toBe('Products');
  });
});

describe('a line of values after a row that has its own', () => {
  it("CVS: the total's line is a row of its own, and the rows' markers no cells", async () => {
    const t = await tableWith(CVS, 'Front store and other');
    expect(years(t)).toEqual(['duration FY2022', 'duration FY2021', 'duration FY2020']);
    expect(t.rows.map((r) => [r.label, r.cells.map((c) => c?.text)])).toEqual([
      ['Pharmacy', ['76.9%', '76.0%', '76.9%']],
      ['Front store and other', ['23.1%', '24.0%', '23.1%']],
      ['', ['100.0%', '100.0%', '100.0%']],
      ['_____________________________________________', []],
    ]);
  });
});

describe("a part's row under a caption naming the rest", () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("Skyworks' work-in-process inventory as of September 29, 2023", async () => {
    expect(await ask("What was Skyworks' work-in-process inventory as of September 29, 2023?")).toEqual([746_800_000]);
  });

  it("Ciena's services deferred revenue as of October 28, 2023, never the total or the current portion", async () => {
    expect(await ask("What was Ciena's services deferred revenue as of October 28, 2023?")).toEqual([200_107_000]);
  });

  it("CVS's front store share of Retail/LTC revenues in 2022, as the table prints it", async () => {
    expect(await ask("What percentage of CVS Health's Retail/LTC segment revenues came from front store and other in 2022?")).toEqual([
      23.1,
    ]);
  });

  it("American Express's International Card Services pretax segment income of 2021, from the 2022 10-K", async () => {
    expect(await ask("What was American Express's International Card Services pretax segment income in 2021?")).toEqual([929_000_000]);
  });
});
