// Every table cell with its coordinates, on sample-corpus filings: a roll-forward's balance rows carry
// their dates as the cells' period ("Goodwill as of October 31, 2023"), the parts a header line runs
// together name the columns ("Flexibles Segment Rigid Packaging Segment Total", "Operating Leases
// Finance Leases"), a period line spanning groups of columns dates each group, and a footnote marker
// after a label is neither a cell nor a word of it. Then the answers those coordinates give, and the
// one they must not: a cell whose column is not the part asked is never read.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling, type PreparedFiling } from '../../src/engine/ingest/prepare.js';
import type { TableModel } from '../../src/engine/tables/model.js';
import { sampleFiling } from '../helpers/sample.js';

const prepared = new Map<string, PreparedFiling>();
async function tablesOf(file: string): Promise<TableModel[]> {
  let p = prepared.get(file);
  if (!p) prepared.set(file, (p = prepareFiling(await readRawFiling(sampleFiling(file)), basename(file), new Map())));
  return p.tables;
}
/** The first table with a row of that label (and another of `also`, when given). */
async function tableWith(file: string, label: string, also?: string): Promise<TableModel> {
  const has = (m: TableModel, l: string) => m.rows.some((r) => r.label === l);
  const t = (await tablesOf(file)).find((m) => has(m, label) && (!also || has(m, also)));
  if (!t) throw new Error(`no table with a row "${label}" in ${file}`);
  return t;
}
const row = (t: TableModel, label: string) => t.rows.find((r) => r.label === label);
const parts = (t: TableModel) => t.columns.map((c) => c.part ?? null);
const years = (t: TableModel) => t.columns.map((c) => c.period?.fiscalYear ?? null);

const AGILENT = '1090872_10K_2023_0001090872-23-000020.json.gz';
const AMCOR_Q3 = '1748790_10Q_2023_0001748790-23-000021.json.gz';
const VERIZON = '732712_10K_2022_0000732712-23-000012.json.gz';
const ATMOS = '731802_10K_2023_0000731802-23-000028.json.gz';
const ROCKWELL = '1024478_10K_2023_0001024478-23-000126.json.gz';
const QUALCOMM_22 = '804328_10K_2022_0000804328-22-000021.json.gz';
const SQUARE = '1512673_10K_2020_0001512673-21-000008.json.gz';
const MGM_Q2 = '789570_10Q_2023_0000789570-23-000019.json.gz';
const AMERICAN_WATER = '1410636_10K_2022_0001410636-23-000020.json.gz';

describe('a roll-forward dated in its rows', () => {
  it('Agilent goodwill: "Goodwill as of October" / "31," / "2021" is one label, dated, over the segments', async () => {
    const t = await tableWith(AGILENT, 'Goodwill as of October 31, 2023');
    expect(parts(t)).toEqual(['Life Sciences and Applied Markets', 'Diagnostics and Genomics', 'Agilent CrossLab', 'Total']);
    const r = row(t, 'Goodwill as of October 31, 2023')!;
    expect(r.cells.map((c) => c?.value)).toEqual([1747, 1956, 257, 3960]);
    expect(r.period).toMatchObject({ kind: 'instant', fiscalYear: 2023, end: '2023-10-31' });
    expect(r.aligned).toBe(true);
  });

  it('Qualcomm goodwill: the same in another filing ("Balance at September" / "25," / "2022")', async () => {
    const t = await tableWith(QUALCOMM_22, 'Balance at September 25, 2022', 'Acquisitions');
    expect(parts(t)).toEqual(['QCT', 'QTL', 'Total']);
    expect(row(t, 'Balance at September 25, 2022')!.cells.map((c) => c?.value)).toEqual([9777, 731, 10508]);
  });

  it('Rockwell share awards dated in their rows get no years inferred for their columns', async () => {
    const t = await tableWith(ROCKWELL, 'Outstanding at September 30, 2023');
    expect(row(t, 'Outstanding at September 30, 2023')!.period).toMatchObject({ fiscalYear: 2023 });
    expect(years(t).every((y) => y === null)).toBe(true);
  });

  it('Amcor goodwill (10-Q): the footnote markers of "Acquisitions (1)" and "Disposals (2)" are no cells', async () => {
    const t = await tableWith(AMCOR_Q3, 'Balance as of March 31, 2023', 'Disposals');
    expect(parts(t)).toEqual(['Flexibles Segment', 'Rigid Packaging Segment', 'Total']);
    expect(row(t, 'Acquisitions')!.cells.map((c) => c?.value)).toEqual([64, null, 64]);
    expect(row(t, 'Balance as of March 31, 2023')).toMatchObject({ aligned: true, period: { fiscalYear: 2023, end: '2023-03-31' } });
  });
});

describe('a maturity schedule whose years lead their amounts', () => {
  // "Years Ended August 31," / "2024 $ 38,292 2025 37,423 ...": the day and year after the month are
  // the first row's label, not the heading's date.
  it.each([
    ['FactSet leases', '1013237_10K_2023_0001013237-23-000128.json.gz', 'Years Ended August 31,', '2026', 37036],
    ['TransDigm debt', '1260221_10K_2023_0001260221-23-000081.json.gz', 'Fiscal Years Ended September 30,', '2027', 2260],
  ])('%s: a row a year', async (_name, file, heading, year, value) => {
    const tables = (await tablesOf(file)).filter((m) => row(m, heading) && row(m, year));
    expect(tables.map((t) => row(t, year)!.cells.map((c) => c?.value))).toContainEqual([value]);
  });
});

describe('parts and periods over the columns', () => {
  it('Verizon lease maturities: "Operating Leases Finance Leases" name the columns, both at the one date', async () => {
    const t = await tableWith(VERIZON, 'Present value of lease liabilities');
    expect(parts(t)).toEqual(['Operating Leases', 'Finance Leases']);
    expect(t.columns.map((c) => [c.period?.kind, c.period?.fiscalYear, c.inferred])).toEqual([
      ['instant', 2022, false],
      ['instant', 2022, false],
    ]);
  });

  it('Atmos segment note: "Year Ended September 30, 2023" over the parts "Distribution Pipeline and Storage ..."', async () => {
    const t = (await tablesOf(ATMOS)).find((m) => /Year Ended September 30, 2023 \/ Distribution Pipeline/.test(m.caption))!;
    expect(parts(t)).toEqual(['Distribution', 'Pipeline and Storage', 'Eliminations', 'Consolidated']);
    expect(years(t)).toEqual([2023, 2023, 2023, 2023]);
  });

  it('Rockwell sales by region: two "Year Ended" lines span four columns each', async () => {
    const t = (await tablesOf(ROCKWELL)).find((m) => m.columns.length === 8 && m.rows.some((r) => r.label === 'Total Company Sales'))!;
    expect(years(t)).toEqual([2023, 2023, 2023, 2023, 2022, 2022, 2022, 2022]);
    expect(parts(t).slice(0, 4)).toEqual(['Intelligent Devices', 'Software & Control', 'Lifecycle Services', 'Total']);
  });

  it('Qualcomm revenue by product: "Handsets (1)" is no cell, and a lone "(7)" before plain figures stays one', async () => {
    const t = await tableWith(QUALCOMM_22, 'Automotive', 'Total QCT revenues');
    expect(row(t, 'Automotive')!.cells.map((c) => c?.value)).toEqual([1372, 975, 644]);
    expect(years(t)).toEqual([2022, 2021, 2020]);
    const equity = await tableWith(QUALCOMM_22, 'Equity in net (losses) earnings of investees');
    expect(row(equity, 'Equity in net (losses) earnings of investees')!.cells.map((c) => c?.value)).toEqual([-7, 13, -20]);
  });
});

describe('quarter columns whose dates the text broke over lines', () => {
  it('Square\'s eight quarters ("Three Months Ended," / "Dec. 31," / "2020 Sep. 30," ... / "2019 Mar. 31,") are dated, the last one 2019', async () => {
    const q = (await tablesOf(SQUARE)).find((m) => m.columns.length === 8 && m.rows.some((r) => r.label === 'Bitcoin revenue'))!;
    expect(q.columns.map((c) => [c.period?.fiscalYear, c.period?.months, c.period?.quarter])).toEqual([
      [2020, 3, 4],
      [2020, 3, 3],
      [2020, 3, 2],
      [2020, 3, 1],
      [2019, 3, 4],
      [2019, 3, 3],
      [2019, 3, 2],
      [2019, 3, 1],
    ]);
  });
});

describe("a row's path: the headings above its group", () => {
  it('MGM segment revenues: "Casino" under "MGM China" under "Net revenue", each segment\'s block its own', async () => {
    const t = await tableWith(MGM_Q2, 'Total mgm china');
    const casinos = t.rows.filter((r) => r.label === 'Casino');
    expect(casinos.map((r) => r.path)).toEqual([
      ['Net revenue', 'Las Vegas Strip Resorts'],
      ['Net revenue', 'Regional Operations'],
      ['Net revenue', 'MGM China'],
    ]);
    expect(casinos[2]!.cells.map((c) => c?.value)).toEqual([669_658, 120_948, 1_224_930, 352_151]);
  });

  it('American Water revenues: "Residential" under "Water services" under "Regulated Businesses"', async () => {
    // (The revenue table by customer class; the filing prints others with these rows and no block headings.)
    const t = (await tablesOf(AMERICAN_WATER)).find((m) => m.rows.some((r) => /^Regulated Businesses:?$/.test(r.label)))!;
    expect(t.rows.filter((r) => r.label === 'Residential').map((r) => r.path)).toEqual([
      ['Regulated Businesses', 'Water services'],
      ['Regulated Businesses', 'Wastewater services'],
    ]);
  });
});

describe('answers read at those coordinates', () => {
  const ask = sampleAnswers();

  it("a segment's balance of a roll-forward at its row's date (Agilent, Amcor's 10-Q)", async () => {
    expect((await ask("What was the goodwill of Agilent's Diagnostics and Genomics segment as of October 31, 2023?")).values).toEqual([
      1_956_000_000,
    ]);
    expect((await ask("What was the goodwill balance of Amcor's Flexibles segment as of March 31, 2023?")).values).toEqual([4_365_000_000]);
  });

  it("a segment's column named by the initials the question writes beside its name (Keysight's EISG), and a roll-forward's part by its initials (Qualcomm's QTL)", async () => {
    const keys = await ask(
      "What was segment income from operations of Keysight's Electronic Industrial Solutions Group (EISG) in fiscal 2023?",
    );
    expect(keys.values).toEqual([581_000_000]);
    expect((await ask("What was Qualcomm's QTL goodwill at September 25, 2022?")).values).toEqual([731_000_000]);
  });

  it("a quarter's column of a 10-K's quarterly table (Square's bitcoin revenue, three months ended September 30, 2020)", async () => {
    expect((await ask('How much bitcoin revenue did Square report for the three months ended Sept. 30, 2020?')).values).toEqual([
      1_633_764_000,
    ]);
  });

  it("never the operating leases' column for a finance lease liability (Verizon)", async () => {
    const a = await ask("What was the present value of Verizon's finance lease liabilities at December 31, 2022?");
    expect(a.values).not.toContain(25_692_000_000);
    expect(a.text).not.toMatch(/25,692/);
  });

  it("a segment's operating income from the segment's own column, not the revenues block of a statement (Atmos)", async () => {
    const a = await ask("What was operating income of Atmos Energy's pipeline and storage segment in fiscal 2023?");
    expect(a.values).toEqual([374_521_000]);
  });

  it("a change between years reads the older year from the newer figure's row (Qualcomm's recast automotive revenue)", async () => {
    const a = await ask("What was the percentage growth of Qualcomm's QCT automotive revenue from fiscal 2022 to fiscal 2023?");
    expect(a.text).toMatch(/24\.1%/);
    expect(a.text).toMatch(/\$1,509 million/);
  });
});
