// A figure of a part asked by two names at once, on sample-corpus filings: a segment and a region, one
// printed over the columns ("CSG EISG Total" under each year, "Life Sciences and Applied Markets
// Agilent CrossLab Diagnostics and Genomics Total"), the other as the row ("Europe", "Asia Pacific"); and a
// place by its other name ("U.K." printed "United Kingdom (U.K.)", "United States" printed "U.S.", "EMEA"
// printed "Europe, Middle East and Africa"); a part's share of the whole a sentence states ("approximately
// 22 percent of our total revenues net of interest expense were generated from activities outside the
// United States"); a part's row in a block under the part's heading, under a heading of the measure
// ("Casino" under "MGM China" under "Net revenue").
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';

describe('parts asked together', () => {
  const ask = sampleAnswers();

  it("a segment's column (by its initials or its words) and a region's row (Keysight, Agilent, Rockwell)", async () => {
    const keys = await ask("How much revenue did Keysight's Communications Solutions Group generate in Europe in fiscal 2023?");
    expect(keys.values).toEqual([536_000_000]);
    expect((await ask("What was Agilent's Diagnostics and Genomics revenue in Europe in fiscal 2023?")).values).toEqual([417_000_000]);
    // (Not the region's total, 1,358.0, nor fiscal 2022's 443.5.)
    const rok = await ask("What were Rockwell Automation's Intelligent Devices sales in Asia Pacific in fiscal 2023?");
    expect(rok.values).toEqual([568_600_000]);
  });

  it("a place's column and a kind of operations' row (Coca-Cola's concentrate operations in the United States)", async () => {
    const ko = await ask("What was Coca-Cola's concentrate operations revenue in the United States in 2022?");
    expect(ko.values).toEqual([7_702_000_000]);
  });

  it('a place asked by its short name or its long one, as the row prints the other (PayPal, Rockwell)', async () => {
    expect((await ask("What were PayPal's net revenues from the U.K. in 2022?")).values).toEqual([2_071_000_000]);
    expect((await ask("What were PayPal's net revenues from the United States in 2022?")).values).toEqual([15_807_000_000]);
    const both = await ask("What were PayPal's combined net revenues from the U.S. and the U.K. in 2022?");
    expect(both.text).toMatch(/\$17,878 million/);
    const rok = await ask("What were Rockwell Automation's Intelligent Devices sales in EMEA in fiscal 2023?");
    expect(rok.values).toEqual([829_100_000]);
  });

  it("a parenthesis after a list's last part narrows that part alone (Agilent's United States and China, Rockwell's EMEA)", async () => {
    const a23 = await ask("What was Agilent's combined net revenue from the United States and China (including Hong Kong) in fiscal 2023?");
    expect(a23.text).toMatch(/\$3,793 million/);
    const a22 = await ask("What was Agilent's combined net revenue from the United States and China (including Hong Kong) in fiscal 2022?");
    expect(a22.text).toMatch(/\$3,884 million/);
    const rok = await ask(
      "What were Rockwell Automation's combined sales in North America and Europe, Middle East and Africa (EMEA) in fiscal 2023?",
    );
    expect(rok.text).toMatch(/\$7,094\.6 million/);
  });

  it('a share a sentence states of the whole asked, of the year asked (American Express, Corning, PayPal, HPE)', async () => {
    const axp = await ask(
      "What percentage of American Express's total revenues net of interest expense was generated outside the United States in 2022?",
    );
    expect(axp.text).toMatch(/: 22 percent/);
    // ("In 2022 and 2021, ... accounted for 65% and 68% of total net sales, respectively.")
    expect((await ask("What share of Corning's total net sales came from international markets in 2022?")).text).toMatch(/: 65%/);
    expect((await ask("What share of Corning's total net sales came from international markets in 2021?")).text).toMatch(/: 68%/);
    expect((await ask("What percentage of PayPal's net revenues came from customers outside the U.S. in 2021?")).text).toMatch(/: 46%/);
    const hpe = await ask(
      "What percentage of Hewlett Packard Enterprise's net revenue came from sales outside the United States in fiscal 2023?",
    );
    expect(hpe.text).toMatch(/: 64%/);
  });

  it("never a sentence's share of another part beside it (Jabil's 84 customers for Apple)", async () => {
    const jbl = await ask("What percentage of Jabil's net revenue did Apple account for in fiscal 2023?");
    expect(jbl.text).not.toMatch(/90\.0%|42\.0%/);
  });

  it("a row under its part's heading, itself under the measure's (MGM's segment revenues in a 10-Q, Disney's segments)", async () => {
    const six = await ask("What was MGM China's casino revenue for the six months ended June 30, 2023?");
    expect(six.values).toEqual([1_224_930_000]);
    const q2 = await ask("What was MGM Resorts' Regional Operations casino revenue for the three months ended June 30, 2023?");
    expect(q2.values).toEqual([679_430_000]);
    const dis = await ask("What were Disney's Entertainment segment revenues from third parties in fiscal 2023?");
    expect(dis.values).toEqual([40_258_000_000]);
  });

  it('a part whose name begins with a word of the question\'s share ("foreign", "Forestar") keeps its whole name (Jabil, D.R. Horton)', async () => {
    const jbl = await ask("What percentage of Jabil's net revenue was foreign source revenue in fiscal year 2023?");
    expect(jbl.text).toMatch(/\(foreign source\) as a share of revenue for fiscal 2023: 85\.8%/);
    expect((await ask("What percentage of Jabil's net revenue was foreign source revenue in fiscal 2022?")).text).toMatch(/: 83\.9%/);
    const dhi = await ask("What percentage of D.R. Horton's total revenues was Forestar revenue in fiscal 2023?");
    expect(dhi.text).toMatch(/revenue \(forestar\) as a share/);
  });
});
