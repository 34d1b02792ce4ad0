// Figures said only in sentences, on the sample index: each amount answers for its own clause and
// part, a count for the noun it counts, and a clause that does not hold the part asked declines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const answer = async (query: string) =>
  (await backend.query({ query, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } })).answer!.text;

describe('prose read clause by clause', () => {
  it('a part after "of which" answers for its own place, not the whole', async () => {
    const a = await answer("How much of Analog Devices' cash and cash equivalents was held in the United States at October 28, 2023?");
    expect(a).toMatch(/^Analog Devices \(ADI\) cash and cash equivalents \(united states\) for fiscal 2023: \$201\.1 million/);
  });

  it('parts listed with one predicate pair with their wholes in order', async () => {
    const a = await answer(
      "How much of Verizon's finance lease obligations were expected to be due within the next twelve months, as of the end of 2022?",
    );
    expect(a).toMatch(/: \$586 million, as the filing states it in the text/);
  });

  it('a list by place gives each place its own amount', async () => {
    const a = await answer('How much cash and cash equivalents did PTC Inc. hold in Europe at September 30, 2023?');
    expect(a).toMatch(/: \$111 million, as the filing states it in the text/);
    expect(verdict(a, { figure: 111, unit: 'million', tolerance: 0.005 })).toBe('right');
  });

  it('a count "consisting of" parts answers the part asked', async () => {
    const a = await answer('How many merchant active accounts did PayPal have as of December 31, 2022?');
    expect(a).toMatch(/: 35 million accounts \(merchant active accounts\)/);
    expect(verdict(a, { figure: 35_000_000, unit: 'count', tolerance: 0.005 })).toBe('right');
  });

  it('a count "of whom" answers the part asked', async () => {
    const a = await answer('How many people did D.R. Horton employ in its financial services segment as of September 30, 2023?');
    expect(verdict(a, { figure: 2895, unit: 'count', tolerance: 0.005 })).toBe('right');
  });

  it('a count of a place from a list of parts, in its sentence or after the whole the sentence before states', async () => {
    const fds = await answer('How many FactSet employees were located in EMEA as of August 31, 2023?');
    expect(fds).toMatch(/: 1,428 employees \(in EMEA\)/);
    const fico = await answer('How many Fair Isaac employees were based in India as of September 30, 2023?');
    expect(fico).toMatch(/: 1,259 employees \(based in India\)/);
  });

  it('a quarterly report\'s "respectively" lists pair each amount with its months and year', async () => {
    // Two years per span: "$24 million and $2 million during the three months ended December 31, 2023 and
    // 2022, respectively, and $52 million and $3 million during the six months ...".
    const amcr = await answer(
      "How much were Amcor's restructuring and related expenses, net, during the six months ended December 31, 2022?",
    );
    expect(verdict(amcr, { figure: 3, unit: 'million', tolerance: 0.005 })).toBe('right');
    // Two spans per year: "$3.8 billion and $7.4 billion for the three and six months ended June 30, 2023, respectively".
    const mmm = await answer("What were 3M's United States net sales for the six months ended June 30, 2023?");
    expect(verdict(mmm, { figure: 7.4, unit: 'billion', tolerance: 0.005 })).toBe('right');
    const mgm = await answer("What was MGM Resorts' gross interest expense for the six months ended June 30, 2022?");
    expect(verdict(mgm, { figure: 333, unit: 'million', tolerance: 0.005 })).toBe('right');
  });

  it('a share a sentence states of the whole it names answers a share asked', async () => {
    const tel = await answer("What share of TE Connectivity Ltd.'s fiscal 2023 net sales was made to customers in China?");
    expect(verdict(tel, { figure: 20, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const tdg = await answer("What share of TransDigm's fiscal 2023 net sales came from the aftermarket?");
    expect(verdict(tdg, { figure: 56, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const avgo = await answer("What share of Broadcom's net revenue in fiscal 2023 came from sales to distributors?");
    expect(verdict(avgo, { figure: 57, unit: 'percent', tolerance: 0.005 })).toBe('right');
    // Paired with its span of a 10-Q: "1% and 9% of total revenues for the three and six months ended July 2, 2023, respectively".
    const pfe = await answer(
      "What percentage of Pfizer's total revenues came from the U.S. government for the six months ended July 2, 2023?",
    );
    expect(verdict(pfe, { figure: 9, unit: 'percent', tolerance: 0.005 })).toBe('right');
  });

  it('a list of shares by place answers the place asked, never a change by place', async () => {
    const coo = await answer("What share of Cooper Companies' workforce was located in EMEA as of October 31, 2023?");
    expect(verdict(coo, { figure: 42, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const swks = await answer("What share of Skyworks' workforce was located in Mexico as of September 29, 2023?");
    expect(verdict(swks, { figure: 54, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const avgo = await answer("What share of Broadcom's employees were located in Asia in fiscal 2023?");
    expect(verdict(avgo, { figure: 34, unit: 'percent', tolerance: 0.005 })).toBe('right');
    // "an increase in net new employees of 12.4% in Asia Pacific, 3.6% in the Americas and 1.9% in EMEA".
    const fds = await answer("What share of FactSet's employees were in EMEA in fiscal 2023?");
    expect(fds).not.toMatch(/1\.9%/);
  });

  it("a percentage change a sentence states after the measure's own words answers a percentage change", async () => {
    const jbl = await answer("By what percentage did Jabil's DMS segment net revenue increase in fiscal 2023?");
    expect(verdict(jbl, { figure: 8, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const hpq = await answer("By what percentage did HP's Consumer PCs net revenue decrease in fiscal 2023?");
    expect(hpq).toMatch(/: decreased 23\.8%, as the filing states it in the text/);
    // "Europe revenues increased 11% in local currency" is on another basis than the dollars' change.
    const acn = await answer("By what percentage did Accenture's Europe revenues increase in fiscal 2023?");
    expect(acn).not.toMatch(/\b11%/);
  });

  it("a count at a quarter's end is read from its own 10-Q's sentence of that date", async () => {
    const a = await answer('How many stores did Ulta Beauty operate as of October 28, 2023?');
    expect(verdict(a, { figure: 1374, unit: 'count', tolerance: 0.005 })).toBe('right');
    // The year before: the 10-Q of that quarter is not in the sample, and this one's count is not of it.
    const before = await answer('How many stores did Ulta Beauty operate as of October 29, 2022?');
    expect(before).not.toMatch(/1,374/);
  });

  it('parts listed "N of our employees in <Place>" share the predicate after the last, and only the question that says it', async () => {
    const mexico = await answer(
      "How many of Skyworks' employees in Mexico were covered by collective bargaining and other union agreements as of September 29, 2023?",
    );
    expect(verdict(mexico, { figure: 3420, unit: 'count', tolerance: 0.005 })).toBe('right');
    const japan = await answer(
      "How many of Skyworks' employees in Japan were covered by collective bargaining and other union agreements as of September 29, 2023?",
    );
    expect(verdict(japan, { figure: 460, unit: 'count', tolerance: 0.005 })).toBe('right');
    // Not every employee in Mexico is covered: the count asked without the predicate is not 3,420.
    expect(await answer('How many Skyworks employees were in Mexico as of September 29, 2023?')).not.toMatch(/3,420/);
  });

  it('"did <company> process" asks the count, never a word of what is counted', async () => {
    const a = await answer('How many payment transactions did PayPal process in 2022?');
    expect(verdict(a, { figure: 22_300_000_000, unit: 'count', tolerance: 0.005 })).toBe('right');
    const cvs = await answer('How many pharmacy claims did CVS Health process in 2022?');
    expect(cvs).not.toMatch(/claims process\b/);
  });

  it('"full-time and part-time employees" are the employees counted', async () => {
    const a = await answer('How many employees did Activision Blizzard have at December 31, 2019?');
    expect(a).toMatch(/employees for fiscal 2019: 9,200 total full-time and part-time employees/);
  });

  it('"<noun> count" asks a count of the noun, read where the sentence names it before its number', async () => {
    const clients = await answer("What was FactSet Research Systems Inc.'s total client count as of August 31, 2023?");
    expect(verdict(clients, { figure: 7921, unit: 'count', tolerance: 0.005 })).toBe('right');
    const before = await answer("What was FactSet's total client count as of August 31, 2022?");
    expect(verdict(before, { figure: 7538, unit: 'count', tolerance: 0.005 })).toBe('right');
    const employees = await answer("What was FactSet's employee count as of August 31, 2023?");
    expect(verdict(employees, { figure: 12_237, unit: 'count', tolerance: 0.005 })).toBe('right');
  });

  it("a part in parentheses after its whole answers for its predicate's words", async () => {
    const a = await answer('How much did PTC borrow under its credit facility to acquire the Codebeamer business in fiscal 2022?');
    expect(verdict(a, { figure: 264, unit: 'million', tolerance: 0.005 })).toBe('right');
  });

  it("a dollar amount in tenths with no scale word is in the statements' scale, each of its year", async () => {
    const fy22 = await answer("What was Air Products' depreciation expense in fiscal year 2022?");
    expect(verdict(fy22, { figure: 1302.7, unit: 'million', tolerance: 0.005 })).toBe('right');
    expect(fy22).toMatch(/\$1,302\.7 million/);
    const fy20 = await answer("What was Air Products' depreciation expense in fiscal year 2020?");
    expect(verdict(fy20, { figure: 1150.5, unit: 'million', tolerance: 0.005 })).toBe('right');
  });

  it('a count of a hyphenated noun a sentence states settles rows of several parts that read as it', async () => {
    const a = await answer('How many proprietary cards-in-force did American Express have worldwide at December 31, 2022?');
    expect(verdict(a, { figure: 76_700_000, unit: 'count', tolerance: 0.005 })).toBe('right');
    expect(a).not.toMatch(/\$76\.7/);
  });

  it("another part's count never answers: Fios video connections are not Fios internet connections", async () => {
    const a = await answer("How many Fios internet connections did Verizon's Consumer segment have at the end of 2022?");
    expect(a).not.toMatch(/3 million Fios video/);
    expect(verdict(a, { figure: 6_740_000, unit: 'count', tolerance: 0.005 })).not.toBe('wrong');
  });
});
