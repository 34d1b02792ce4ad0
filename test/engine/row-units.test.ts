// Units are facts of the row (issue 40, item 4), on filings of the sample index: a count is stated as a
// count, never with a currency; a percentage only from a rate row. Answers are read by their first
// line, as an analyst reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { namesCount, readsAsRate } from '../../src/engine/tables/row-unit.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(async () => backend.close());

const ask = async (query: string): Promise<ResearchResponse> =>
  backend.query({ query, mode: 'research', include: { answer: true, analysis: true } });
const first = (r: ResearchResponse) => r.answer!.text.split('\n')[0]!;

describe('a count is stated as a count', () => {
  it.each<[string, RegExp]>([
    // The unit line names the thing counted: "(Gallons in millions)".
    [
      "What were American Water's billed residential water services volumes in 2022?",
      /: 162,105 million gallons, reported as "Residential"/,
    ],
    // The heading above the rows names it ("Medical membership:"): the issue's "$3.1 million" of members.
    ["What was CVS Health's commercial medical membership in 2022?", /: [\d,]+ thousand, reported as "Commercial"/],
    // The label names it, in a table "in thousands" with no currency.
    ["What was Costco's household cards in fiscal 2023?", /: 56,900 thousand, reported as "Household cards"/],
    // The label names it with its own scale, in a money table.
    [
      "What were American Express's cards-in-force (millions) in fiscal 2022?",
      /: 133\.3 million, reported as "Cards-in-force \(millions\)"/,
    ],
    // A measure of space the label names, in a table "(Amounts in millions, except unit counts)".
    [
      "What was Walmart's retail square feet at period end in fiscal 2020?",
      /: 1,129 million \[[A-Z]\], reported as "Retail square feet at period end/,
    ],
    // Things per thing is a ratio, not an amount "in millions".
    [
      "What was Verizon's wireless retail postpaid connections per account in fiscal 2022?",
      /: 2\.77, reported as "Wireless retail postpaid connections per account/,
    ],
  ])('%s', async (q, expected) => {
    const r = await ask(q);
    expect(first(r)).toMatch(expected);
    expect(first(r)).not.toMatch(/\$/);
    for (const f of r.analysis?.figures ?? []) expect(f.unit).not.toBe('USD');
  });

  it.each<[string, RegExp]>([
    // A channel's name in a table that prints money is the channel's amount.
    ["What were Amazon's physical stores net sales in 2019?", /: \$17,192 million, reported as "Physical stores"/],
    ["What were Starbucks' licensed stores revenues in fiscal 2023?", /: \$4,512\.7 million, reported as "Licensed stores"/],
  ])('%s', async (q, expected) => {
    expect(first(await ask(q))).toMatch(expected);
  });

  it("a count's change is a count at its rows' scale", async () => {
    const r = await ask("How much did American Water's billed residential water services volumes change from 2021 to 2022?");
    expect(first(r)).toMatch(/decreased by 11,539 million gallons from fiscal 2021 to fiscal 2022/);
  });

  it('labels and headings that name a count, and those that name money', () => {
    for (const label of [
      'Wireless retail connections',
      'Total stores (end of year)',
      'Cards-in-force (millions)',
      'Number of stores',
      'Medical membership:',
    ])
      expect(namesCount(label), label).toBe(true);
    for (const label of [
      'Accounts payable',
      'Membership Rewards liability',
      'Trade accounts receivable',
      'Units vested',
      'Revenue per member',
      'Residential',
    ])
      expect(namesCount(label), label).toBe(false);
  });
});

describe('a percentage only from a rate row', () => {
  it('a rate reconciliation whose "%" is printed on its first and last rows only states its rows as percents', async () => {
    const r = await ask("What was Emerson's non-U.S. rate differential in fiscal 2023?");
    expect(first(r)).toMatch(/: 0\.8%, reported as "Non-U\.S\. rate differential"/);
  });

  it('an amount of a table "in millions, except percentages" is never stated as a percent', async () => {
    const r = await ask("What was Qualcomm's automotive revenue percentage in fiscal 2022?");
    expect(first(r)).not.toMatch(/1,509%/);
    expect(readsAsRate('Automotive')).toBe(false);
    expect(readsAsRate('Effective income tax rate')).toBe(true);
  });
});

describe("a margin's inputs are the measure's own rows", () => {
  it('an operating margin is computed from the loss from operations, never an "operating investments" line', async () => {
    const r = await ask("What was Boeing's operating margin in 2022?");
    expect(first(r)).toMatch(/: -5\.33%\. Inputs: operating income -\$3,547 million/);
    expect(r.answer!.text).not.toMatch(/operating investments/);
  });
});

describe('the parent company alone never answers for the consolidated company', () => {
  it.each<[string, RegExp]>([
    // The parent company's condensed cash flows print -5,675 and 13,202; the consolidated statement -18,906 and 23,230.
    [
      "What were American Express's payments of long-term debt in 2022?",
      /: -\$18,906 million, reported as "Payments of long-term debt", the 10-K FY2022 cash flow statement/,
    ],
    [
      "What were American Express's proceeds from long-term debt in 2022?",
      /: \$23,230 million, reported as "Proceeds from long-term debt", the 10-K FY2022 cash flow statement/,
    ],
    // Its condensed income statement's 408 is no rival of the consolidated 7,252.
    [
      "What was American Express's salaries and employee benefits in 2022?",
      /: \$7,252 million, reported as "Salaries and employee benefits"/,
    ],
  ])('%s', async (q, expected) => {
    expect(first(await ask(q))).toMatch(expected);
  });

  it("a bare statement title after the parent company's note title is the parent's too", async () => {
    // JPMorgan's Note 33 prints "Parent Company" over its first statement only; its cash flows' 40,500
    // of dividends from subsidiaries are the parent's.
    const r = await ask("What were JPMorgan's dividends from subsidiaries in 2022?");
    expect(first(r)).not.toMatch(/40,500/);
  });
});

describe('an excluded item is never matched to a balance of another kind', () => {
  it.each([
    "What was Microsoft's net income excluding the tax benefit in fiscal 2023?",
    "What was Walmart's net income excluding the tax benefit in fiscal 2018?",
    "What was Qualcomm's net income excluding the tax benefit in fiscal 2022?",
  ])('%s', async (q) => {
    const r = await ask(q);
    expect(r.answer!.text).not.toMatch(/unrecognized tax benefits/i);
    expect(first(r)).toMatch(/^Cannot answer this as asked/);
  });
});
