// A segment's or a region's figure where the table prints it, on sample-corpus filings: years over the
// columns followed by column names the header words do not know ("2022 2023 Change FX Acq/Div U/L",
// oldest first); a line of one word a column over a table whose years were only guessed ("Year Ended
// September 30, 2023" / "Scores Software Total Percentage"); each year's names under a line of years
// ("Products & Systems Services Total" twice under "2023 2022"); a part asked by two sets of initials
// ("EMEA/LA"); "2023 vs. 2022" heading one change column, and a "% Change" header saying nothing of what
// the table is of (Cooper's net sales by geography); a country's figure a footnote to its region's row
// states ("(2)Includes revenue in Germany totaling $292.0 million, ... respectively"); date headers broken
// across lines with a change column's "%" among them ("July 2," / "2023 July 3," / "2022 %" / "Change
// July 2," ...); parts' names over their years broken across caption lines after an "&" ("Consumer &" /
// "Community Banking Corporate &" / "Investment Bank ..."); columns that lost their header dated by a row
// the filing prints again under dates (Best Buy's "Total revenue 46,298 51,761 47,262", its income
// statement's), and a part's row whose block total follows a row that lost its values.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import type { TableModel } from '../../src/engine/tables/model.js';
import { sampleAnswers } from '../helpers/sample-answers.js';
import { sampleFiling } from '../helpers/sample.js';

const EMERSON = '32604_10K_2023_0000032604-23-000044.json.gz';
const FICO = '814547_10K_2023_0000814547-23-000022.json.gz';
const JOHNSON_CONTROLS = '833444_10K_2023_0000833444-23-000048.json.gz';
const COOPER = '711404_10K_2023_0000711404-23-000072.json.gz';
const PFIZER_Q2 = '78003_10Q_2023_0000078003-23-000088.json.gz';
const JPMORGAN_Q1_21 = '19617_10Q_2021_0000019617-21-000292.json.gz';
const BEST_BUY = '764478_10K_2023_0000764478-23-000006.json.gz';
const SKYWORKS = '4127_10K_2023_0000004127-23-000030.json.gz';
const DISNEY_22 = '1744489_10K_2022_0001744489-22-000213.json.gz';

async function tablesOf(file: string): Promise<TableModel[]> {
  return prepareFiling(await readRawFiling(sampleFiling(file)), basename(file), new Map()).tables;
}
const years = (t: TableModel) => t.columns.map((c) => c.period?.fiscalYear ?? null);

describe('years leading a header line of column names', () => {
  const ask = sampleAnswers();

  it('Emerson\'s business segments: "2021 2022 Change FX Acq/Div U/L" dates its columns oldest first', async () => {
    const tables = (await tablesOf(EMERSON)).filter((t) => /\bAcq\/Div\b/.test(t.caption));
    expect(tables.map((t) => years(t).slice(0, 2))).toEqual([
      [2022, 2023],
      [2021, 2022],
      [2022, 2023],
      [2021, 2022],
    ]);
  });

  it("answers a segment's earnings of each year from its own column (not the year before's)", async () => {
    expect((await ask("What were the earnings of Emerson's Measurement & Analytical segment in fiscal 2023?")).values).toEqual([
      936_000_000,
    ]);
    expect((await ask("What were the earnings of Emerson's Safety & Productivity segment in fiscal 2021?")).values).toEqual([256_000_000]);
  });
});

describe('columns named one word each under a period line', () => {
  const ask = sampleAnswers();

  it('FICO\'s revenue by region: "Scores Software Total Percentage" name the columns of the year its block states', async () => {
    const t = (await tablesOf(FICO)).filter((m) => /Scores Software Total Percentage/.test(m.caption));
    expect(t.map((m) => m.columns.map((c) => c.part))).toEqual(Array(3).fill(['Scores', 'Software', 'Total', 'Percentage']));
    expect(t.map((m) => years(m))).toEqual([Array(4).fill(2023), Array(4).fill(2022), Array(4).fill(2021)]);
  });

  it("answers a region's figure of one kind of revenue, and a region's total, of the year asked", async () => {
    const emea = await ask('How much Software segment revenue did FICO earn in Europe, the Middle East and Africa in fiscal 2023?');
    expect(emea.values).toEqual([135_562_000]);
    expect((await ask("What was FICO's total revenue from Asia Pacific in fiscal 2022?")).values).toEqual([99_260_000]);
  });
});

describe("each year's column names under a line of years", () => {
  const ask = sampleAnswers();
  const parts = (t: TableModel) => t.columns.map((c) => c.part ?? null);

  it('Johnson Controls\' revenue by segment: "Products & Systems Services Total" under each of "2023 2022"', async () => {
    const t = (await tablesOf(JOHNSON_CONTROLS)).find((m) => /Products & Systems Services Total/.test(m.caption))!;
    expect(parts(t)).toEqual(['Products & Systems', 'Services', 'Total', 'Products & Systems', 'Services', 'Total']);
    expect(years(t)).toEqual([2023, 2023, 2023, 2022, 2022, 2022]);
    expect(t.rows.find((r) => r.label === 'Building Solutions EMEA/LA')!.cells.map((c) => c?.value)).toEqual([
      2275, 1821, 4096, 2188, 1657, 3845,
    ]);
  });

  it('Disney\'s revenue by segment and market: "DMED DPEP Total" under each of three years', async () => {
    const t = (await tablesOf(DISNEY_22)).find((m) => /DMED DPEP Total DMED/.test(m.caption))!;
    expect(parts(t)).toEqual(Array(3).fill(['DMED', 'DPEP', 'Total']).flat());
    expect(years(t)).toEqual([2022, 2022, 2022, 2021, 2021, 2021, 2020, 2020, 2020]);
  });

  it('answers a segment\'s services revenue of the year asked, the segment named "EMEA/LA"', async () => {
    const q = "What was the services revenue of Johnson Controls' Building Solutions EMEA/LA segment in fiscal 2023?";
    expect((await ask(q)).values).toEqual([1_821_000_000]);
    const na = "What was the products and systems revenue of Johnson Controls' Building Solutions North America segment in fiscal 2023?";
    expect((await ask(na)).values).toEqual([6_368_000_000]);
  });
});

describe('a comparison of two years heading one column', () => {
  const ask = sampleAnswers();

  it('Cooper\'s "($ in millions) 2023 2022 2023 vs. 2022 % Change": two years and their change, of a year\'s sales', async () => {
    const t = (await tablesOf(COOPER)).find((m) => m.rows.some((r) => r.label === 'EMEA'))!;
    expect(t.columns.map((c) => c.label)).toEqual(['2023', '2022', '2023 vs. 2022']);
    expect(t.columns.map((c) => c.period && `${c.period.kind} ${c.period.fiscalYear}`)).toEqual(['duration 2023', 'duration 2022', null]);
    expect(t.rows.find((r) => r.label === 'EMEA')!.cells.map((c) => c?.value)).toEqual([891.6, 843.7, 6]);
  });

  it("answers a segment's sales in a region from the table its heading names ('CooperVision Net Sales by Geography')", async () => {
    expect((await ask("What were CooperVision's net sales in EMEA in fiscal 2023?")).values).toEqual([891_600_000]);
    expect((await ask("What were CooperVision's net sales in the Americas in fiscal 2021?")).values).toEqual([832_100_000]);
  });
});

describe("a place's figure in a footnote to its region's row", () => {
  const ask = sampleAnswers();

  it('PTC: "(2)Includes revenue in Germany totaling $292.0 million, $318.5 million, and $290.7 million for 2023, 2022 and 2021, respectively"', async () => {
    expect((await ask('How much revenue did PTC generate in Germany in fiscal 2023?')).values).toEqual([292_000_000]);
    // (The fiscal 2022 10-K's footnote "(1)" of the Americas: its third year.)
    expect((await ask('How much revenue did PTC generate in the United States in fiscal 2020?')).values).toEqual([621_800_000]);
  });

  it('a footnote naming the measure alone ("(a)Includes card income of ...") is still the row\'s part, not the company\'s', async () => {
    expect((await ask("What was JPMorgan's card income in 2021?")).values).toEqual([5_102_000_000]);
  });
});

describe('broken date headers with a change column after each pair of dates', () => {
  const ask = sampleAnswers();
  const spans = (t: TableModel) => t.columns.map((c) => (c.period ? `${c.period.fiscalYear}/${c.period.months}` : c.label));

  it("Pfizer's revenues by geographic area: three and six months, each pair of dates followed by its % change", async () => {
    const t = (await tablesOf(PFIZER_Q2)).find((m) => m.rows.some((r) => r.label === 'Emerging Markets'))!;
    expect(spans(t)).toEqual(['2023/3', '2022/3', '% change', '2023/6', '2022/6', '% change']);
    expect(t.rows.find((r) => r.label === 'Emerging Markets')!.cells.map((c) => c?.value)).toEqual([2828, 6006, -53, 7308, 13373, -45]);
  });

  it("answers a region's revenue of the six months asked, not the quarter's nor the year before's", async () => {
    const q = 'How much revenue did Pfizer earn in Emerging Markets in the first six months of 2023?';
    expect((await ask(q)).values).toEqual([7_308_000_000]);
  });
});

describe("parts' names over their years broken after an '&'", () => {
  const ask = sampleAnswers();

  it("JPMorgan's segment results of the first quarter: each pair of years under its segment", async () => {
    const t = (await tablesOf(JPMORGAN_Q1_21)).find((m) => /^Segment results and reconciliation/.test(m.caption))!;
    const names = ['Consumer & Community Banking', 'Corporate & Investment Bank', 'Commercial Banking', 'Asset & Wealth Management'];
    expect(t.columns.map((c) => c.part)).toEqual(names.flatMap((n) => [n, n]));
    expect(years(t)).toEqual([2021, 2020, 2021, 2020, 2021, 2020, 2021, 2020]);
  });

  it("answers a segment's net income of the quarter asked (not another segment's, nor the year before's)", async () => {
    const q = "What was net income of JPMorgan Chase's Corporate & Investment Bank for the three months ended March 31, 2021?";
    expect((await ask(q)).values).toEqual([5_740_000_000]);
  });
});

describe('columns dated by a row printed again under dates', () => {
  const ask = sampleAnswers();

  it("Best Buy's segment note: its header lost, its total revenue the income statement's three years", async () => {
    const t = (await tablesOf(BEST_BUY)).find((m) => m.rows.some((r) => r.label === 'Total Domestic revenue'))!;
    expect(years(t)).toEqual([2023, 2022, 2021]);
    // (A table with a year in its caption or a row's label, a header it could not read, is left undated.)
    const undated = (await tablesOf(BEST_BUY)).filter(
      (m) => m.columns.length > 0 && m.columns.every((c) => !c.period && !c.label && !c.part),
    );
    expect(undated.every((m) => !m.rows.some((r) => r.label === 'Total revenue' && r.cells[0]?.value === 46_298))).toBe(true);
  });

  it("Skyworks' expected amortization run into its income tax tables: not dated by the tax rows' echo", async () => {
    const t = (await tablesOf(SKYWORKS)).find((m) =>
      m.rows.some((r) => r.label === 'Amortization expense' && r.cells[0]?.value === 179.1),
    )!;
    expect(years(t).every((y) => y === null)).toBe(true);
  });

  it("answers a segment's category revenue of the year asked, its block's total after a row that lost its values", async () => {
    const dom = await ask("What was Best Buy's Domestic segment revenue from Appliances in fiscal 2023?");
    expect(dom.values).toEqual([6_381_000_000]);
    const svc = await ask("What was Best Buy's Domestic segment revenue from Services in fiscal 2021?");
    expect(svc.values).toEqual([2_082_000_000]);
  });
});
