// Every word of the question has a job in the Reading (issue 40, item 2): a company's name asks for no
// kind of answer, "fiscal" is the period's, where to read is a filter wherever the question ends, and a
// year after every filing of the company that an amount "is scheduled to" fall due in is a row of the
// latest annual report's maturity table, not a filing's year. Read on the sample index's companies,
// then answered on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import type { Backend } from '../../src/backend.js';
import type { Reading, Role } from '../../src/engine/question/reading.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { readQuestion } from '../../src/engine/question/read.js';
import { readSample, sampleDirectory } from '../helpers/sample-reader.js';
import { sampleIndexPath } from '../helpers/sample.js';

/** The role of each word of `phrase` in the reading. */
const roles = (r: Reading, phrase: string): (Role | undefined)[] => {
  const at = r.question.indexOf(phrase);
  return r.words.filter((w) => w.start >= at && w.end <= at + phrase.length).map((w) => w.role);
};

describe('a year of a maturity schedule', () => {
  it.each([
    ['What operating lease payments is F5 scheduled to make in fiscal 2026?', 2026, 2023, 'scheduled to make in fiscal 2026'],
    [
      "How much of AES's non-recourse debt is scheduled to mature in 2025, per the maturity table?",
      2025,
      2022,
      'scheduled to mature in 2025',
    ],
    [
      'How much in finance lease payments is Verizon scheduled to make in 2025, per its lease maturity analysis?',
      2025,
      2022,
      'scheduled to make in 2025',
    ],
    ['How much in operating lease payments is Jacobs scheduled to make in fiscal 2026?', 2026, 2023, 'scheduled to make in fiscal 2026'],
  ])('%s', (q, year, filing, said) => {
    const r = readSample(q);
    expect(r.period.years).toEqual([year]);
    expect(r.period.scheduled).toBe(true);
    expect(r.source).toMatchObject({ form: '10-K', fiscalYear: filing });
    expect(r.filters.source).toEqual({ fiscalYear: filing, form: '10-K' });
    expect(new Set(roles(r, said))).toEqual(new Set(['period']));
    // The words saying when it falls due are no words of the measure.
    expect(r.measures.flatMap((m) => [...m.words, ...m.qualifiers])).not.toContain('scheduled');
    expect(r.unread).toEqual([]);
  });
  it('a year a filing of the company reports, or one said with no due words, is the period as ever', () => {
    for (const q of [
      'What were the operating lease payments of F5 in fiscal 2023?',
      "What was F5's revenue in fiscal 2026?",
      'How much of AES debt matures in 2022?',
      // (Ulta names its years a year off the index's labels: its schedule's rows are in its own naming.)
      'How much in operating lease payments is Ulta Beauty scheduled to make in fiscal 2026?',
    ]) {
      const r = readSample(q);
      expect(r.period.scheduled).toBeUndefined();
      expect(r.source).toBeUndefined();
    }
  });
  it('where to read is a filter, at the end of the question too', () => {
    const r = readSample("How much of AES's non-recourse debt is scheduled to mature in 2025, per the maturity table?");
    expect(new Set(roles(r, 'per the maturity table'))).toEqual(new Set(['filter']));
    const v = readSample('How much in finance lease payments is Verizon scheduled to make in 2025, per its lease maturity analysis?');
    expect(new Set(roles(v, 'per its lease maturity analysis'))).toEqual(new Set(['filter']));
    expect(v.measures.map((m) => m.words.join(' '))).toEqual(['finance lease payments']);
  });
});

describe("a company's name is the company's", () => {
  it.each([
    "In fiscal 2022, what were Air Products' reductions for tax positions of prior years in its unrecognized tax benefits?",
    "What were Air Products' additions for tax positions of the current year in fiscal 2023?",
    "What were Air Products' settlements of uncertain tax positions in fiscal 2022?",
  ])('"Products" of "Air Products" asks no list of products: %s', (q) => {
    const r = readSample(q);
    expect(r.companies.map((c) => c.ticker)).toEqual(['APD']);
    expect(roles(r, 'Air Products')).toEqual(['company', 'company']);
    expect(r.kind).not.toBe('products');
  });
  it('a figure is asked of the roll-forward, with every word read', () => {
    const r = readSample(
      "In fiscal 2022, what were Air Products' reductions for tax positions of prior years in its unrecognized tax benefits?",
    );
    expect(r.figure).toBe(true);
    expect(r.unread).toEqual([]);
  });
  it.each([
    ["What was Keysight's revenue in fiscal 2023?", 'fiscal 2023'],
    ["What was Skyworks' inventory at the end of fiscal year 2023?", 'fiscal year 2023'],
    ["What was Nordson's backlog in fiscal 2022?", 'fiscal 2022'],
  ])('"fiscal" is a word of the period: %s', (q, said) => {
    const r = readSample(q);
    expect(new Set(roles(r, said))).toEqual(new Set(['period']));
  });
});

describe('verbs and units block nothing', () => {
  it.each([
    ['How much revenue did Pfizer earn in Emerging Markets in the first six months of 2023?', 'earn'],
    ['How much revenue did PTC earn in Europe in fiscal 2023?', 'earn'],
    ['How much net revenue did PayPal earn from the U.K. in 2022?', 'earn'],
    ["How much segment EBITA did Johnson Controls International plc's Global Products segment earn in fiscal 2023?", 'earn'],
    ["How much operating income did Broadcom Inc.'s semiconductor solutions segment earn in fiscal 2023?", 'earn'],
  ])('the verb after "did <company>" is the question\'s: %s', (q, verb) => {
    const r = readSample(q);
    expect(r.words.find((w) => w.word === verb)?.role).toBe('filler');
    expect(r.measures.flatMap((m) => [...m.words, ...m.qualifiers])).not.toContain(verb);
  });
  it("a verb asking a change stays the operation's", () => {
    const r = readSample("How much did Adobe's revenue grow in fiscal 2022?");
    expect(r.operation.kind).toBe('change');
  });
  it.each([
    ["By how many dollars did Analog Devices' revenue from Europe increase in fiscal 2023 compared with fiscal 2022?"],
    ["By how many dollars did Keysight's revenue increase in fiscal 2023?"],
    ["How many dollars did Nordson's net sales grow in fiscal 2023?"],
  ])('"how many dollars" asks the change in money, its "dollars" a unit: %s', (q) => {
    const r = readSample(q);
    expect(r.words.find((w) => w.word === 'dollars')?.role).toBe('unit');
    expect(r.measures.flatMap((m) => [...m.words, ...m.qualifiers])).not.toContain('dollars');
  });
});

describe('more word jobs', () => {
  it("where to read holds the commas of a note's name", () => {
    const r = readSample("What was the cost of Emerson's buildings at September 30, 2023, per its property, plant and equipment note?");
    expect(new Set(roles(r, 'per its property, plant and equipment note'))).toEqual(new Set(['filter']));
    expect(r.measures.map((m) => m.words.join(' '))).toEqual(['cost buildings']);
  });
  it('"the fiscal third quarter ended ..." is all the period\'s', () => {
    const r = readSample("What were Johnson & Johnson's Pharmaceutical segment sales in the fiscal third quarter ended October 2, 2022?");
    expect(new Set(roles(r, 'fiscal third quarter ended October 2, 2022'))).toEqual(new Set(['period']));
    expect(r.measures[0]!.qualifiers).toEqual(['pharmaceutical']);
  });
  it('"owe" is the question\'s verb', () => {
    const r = readSample('Per the lease maturity table, what operating lease payments does Jacobs owe in fiscal 2026?');
    expect(r.words.find((w) => w.word === 'owe')?.role).toBe('filler');
  });
  it.each([
    [
      "What were F5, Inc.'s gross increases in unrecognized tax benefits related to current period tax positions in fiscal 2023?",
      'current period',
    ],
    ["What were F5's gross increases in unrecognized tax benefits related to prior period tax positions in fiscal 2023?", 'prior period'],
  ])('with a year named, "related to current period tax positions" names the row: %s', (q, said) => {
    const r = readSample(q);
    expect(new Set(roles(r, said))).toEqual(new Set(['measure']));
    expect(r.period.years).toEqual([2023]);
  });
  it("a relative period that is the period stays the period's", () => {
    expect(new Set(roles(readSample("What were Ciena's current year warranty provisions in fiscal 2021?"), 'current year'))).toEqual(
      new Set(['period']),
    );
  });
});

describe("a part's initials in parentheses", () => {
  it.each([
    ["What was pretax segment income of American Express's Global Merchant and Network Services (GMNS) segment in 2022?", 'GMNS'],
    ['What was the operating profit of PepsiCo Beverages North America (PBNA) for the 12 weeks ended March 25, 2023?', 'PBNA'],
    ["What was segment income from operations of Keysight's Electronic Industrial Solutions Group (EISG) in fiscal 2023?", 'EISG'],
    ["What was the segment operating profit of Jacobs' People & Places Solutions (P&PS) segment in fiscal 2023?", 'P&PS'],
    ["What were total expenses of American Express's U.S. Consumer Services (USCS) segment in 2022?", 'USCS'],
  ])('are another name of the part, never a word it must carry: %s', (q, initials) => {
    const r = readSample(q);
    expect(r.measures).toHaveLength(1);
    expect(r.measures[0]!.initials).toEqual([initials]);
    expect(r.measures[0]!.qualifiers.map((w) => w.toLowerCase())).not.toContain(initials.toLowerCase());
    expect(r.unread).toEqual([]);
  });
  it('initials that are not those of the words before them are read as ever', () => {
    const r = readSample("What was Apple's net income (GAAP) in fiscal 2023?");
    expect(r.measures.every((m) => m.initials === undefined)).toBe(true);
  });
});

describe('weeks ended', () => {
  it.each([
    [
      'What was the operating profit of PepsiCo Beverages North America (PBNA) for the 12 weeks ended March 25, 2023?',
      'the 12 weeks ended March 25, 2023',
      1,
      undefined,
    ],
    [
      "How much net revenue did PepsiCo's Frito-Lay North America generate in the twelve weeks ended March 25, 2023?",
      'twelve weeks ended March 25, 2023',
      1,
      undefined,
    ],
    ["What was PepsiCo's net revenue for the 12 weeks ended March 25, 2023?", '12 weeks ended March 25, 2023', 1, undefined],
  ])('a quarter of 12 weeks is the quarter its date ends: %s', (q, said, quarter, months) => {
    const r = readSample(q);
    expect(r.period).toMatchObject({ years: [2023], quarter });
    expect(r.period.months).toBe(months);
    expect(new Set(roles(r, said.replace(/^the /, '')))).toEqual(new Set(['period']));
    expect(r.measures.flatMap((m) => [...m.words, ...m.qualifiers])).not.toContain('weeks');
  });
});

describe('a company named by one of its parts', () => {
  const owners: Record<string, string> = { CooperSurgical: 'COO', 'Frito-Lay North America': 'PEP' };
  const readWith = (q: string) => readQuestion(q, sampleDirectory(), { infer: true, partOwner: (name) => owners[name] });
  it.each([
    ["What were CooperSurgical's office and surgical net sales in fiscal 2023?", 'COO', 'coopersurgical'],
    ['In fiscal 2023, what were CooperSurgical net sales?', 'COO', 'coopersurgical'],
    ['How much net revenue did Frito-Lay North America generate in the twelve weeks ended March 25, 2023?', 'PEP', 'frito-lay'],
  ])('the part names its company and still narrows the measure: %s', (q, ticker, qualifier) => {
    const r = readWith(q);
    expect(r.companies.map((c) => c.ticker)).toEqual([ticker]);
    expect(r.filters.sec_ticker).toEqual([ticker]);
    expect(r.measures[0]!.qualifiers).toContain(qualifier);
  });
  it('a company named is never replaced by a part, nor a name the index gives no owner', () => {
    expect(readWith("What were Apple's CooperSurgical net sales in fiscal 2023?").companies.map((c) => c.ticker)).toEqual(['AAPL']);
    expect(readWith('What were Europe net sales in 2022?').companies).toEqual([]);
  });
});

describe('answers on the sample index', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: sampleIndexPath() });
  });
  afterAll(async () => backend.close());
  const answer = async (query: string) =>
    (await backend.query({ query, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } })).answer!.text;

  it('depreciation asked alone is never answered with depreciation and amortization (us-gaap Depreciation is not DepreciationDepletionAndAmortization)', async () => {
    // Air Products' cash flow statement prints "Depreciation and amortization" 1,338.2; Note 10 says
    // "Depreciation expense was $1,302.7".
    const a = await answer("What was Air Products' depreciation expense in fiscal year 2022?");
    expect(verdict(a, { figure: 1338.2, unit: 'million', tolerance: 0.005 })).not.toBe('right');
    expect(verdict(a, { figure: 1302.7, unit: 'million', tolerance: 0.005 })).not.toBe('wrong');
    // Asked by its whole name, it is the line item.
    expect(await answer("What was Apple's depreciation and amortization in fiscal 2023?")).toMatch(/\$11,519 million/);
  });
  it("a year of the maturity table is read from the latest annual report's row", async () => {
    const a = await answer('What operating lease payments is F5 scheduled to make in fiscal 2026?');
    expect(verdict(a, { figure: 31.559, unit: 'million', tolerance: 0.005 })).toBe('right');
    expect(a).toMatch(/reported as "2026", a table of the 10-K FY2023/);
  });
  it('a part the question narrows to is never read from the schedule of its opposite (non-recourse, not recourse debt)', async () => {
    const a = await answer("How much of AES's non-recourse debt is scheduled to mature in 2025, per the maturity table?");
    // 900 is the recourse debt's 2025 row.
    expect(verdict(a, { figure: 900, unit: 'million', tolerance: 0.005 })).not.toBe('right');
    expect(verdict(a, { figure: 2237, unit: 'million', tolerance: 0.005 })).not.toBe('wrong');
  });
  it.each([
    // [question, the payments' figure in millions or undefined (no payments schedule found), a wrong figure]
    [
      "Per Hewlett Packard Enterprise's lease maturity table, how much in minimum operating lease payments comes due in fiscal 2027?",
      undefined,
      59,
    ],
    ["Per Fair Isaac's lease maturity table, how much in operating lease payments comes due in fiscal 2026?", undefined, 243.75],
    ["Per Synopsys's lease maturity table, how much in operating lease payments comes due in fiscal 2026?", undefined, 26.23],
    ["Per TransDigm's lease maturity table, how much in operating lease payments comes due in fiscal 2026?", undefined, 4466],
    ['How much in operating lease payments is Starbucks scheduled to make in fiscal 2026?', 1399.1, 1532],
    ['How much in operating lease payments is HP scheduled to make in fiscal 2026?', 182, 357],
    ['How much in operating lease payments is Visa scheduled to make in fiscal 2026?', 98, 111],
  ])("a schedule of what is asked, never a lessor's rentals, a term loan or lease receipts: %s", async (q, right, wrong) => {
    const a = await answer(q);
    expect(verdict(a, { figure: wrong, unit: 'million', tolerance: 0.005 })).not.toBe('right');
    if (right !== undefined) expect(verdict(a, { figure: right, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
  it.each([
    ['What was the operating profit of PepsiCo Beverages North America (PBNA) for the 12 weeks ended March 25, 2023?', 483],
    ["How much net revenue did PepsiCo's Frito-Lay North America generate in the twelve weeks ended March 25, 2023?", 5583],
    ["What was segment income from operations of Keysight's Electronic Industrial Solutions Group (EISG) in fiscal 2023?", 581],
    ["What was the segment operating profit of Jacobs' People & Places Solutions (P&PS) segment in fiscal 2023?", 957.714],
  ])('a part named with its initials, in a quarter of weeks: %s', async (q, figure) => {
    expect(verdict(await answer(q), { figure, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
  it.each([
    ["What were CooperSurgical's office and surgical net sales in fiscal 2023?", 'COO', 689.5],
    ["What were Blizzard's segment net revenues in 2018?", 'ATVI', 2291],
    ['What was Intelligent Cloud revenue in fiscal 2023?', 'MSFT', 87907],
    ['What were Aeronautics net sales in 2022?', 'LMT', 26987],
    ["What was Rigid Packaging's adjusted EBIT in fiscal 2023?", 'AMCR', 265],
    // (Printed in PepsiCo's tables only as "FLNA": its headings name it.)
    ['How much net revenue did Frito-Lay North America generate in the twelve weeks ended March 25, 2023?', 'PEP', 5583],
  ])("a segment named alone is its company's (the one whose tables print it): %s", async (q, ticker, figure) => {
    const r = await backend.query({ query: q, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
    expect(r.notices?.find((n) => n.code === 'QUESTION_READ')?.message).toMatch(new RegExp(`^company ${ticker};`));
    expect(verdict(r.answer!.text, { figure, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
  it('a name other companies print too, or no company prints in a table, names none', async () => {
    for (const q of ['What were Europe net sales in 2022?', "What was Kingston Technology's revenue in 2022?"]) {
      const r = await backend.query({ query: q, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
      expect(r.notices?.find((n) => n.code === 'QUESTION_READ')?.message).toMatch(/^measure /);
    }
  });
  it.each([
    ["What were F5, Inc.'s gross increases in unrecognized tax benefits related to current period tax positions in fiscal 2023?", 9.224],
    ["What were F5's gross increases in unrecognized tax benefits related to prior period tax positions in fiscal 2023?", 4.27],
  ])('a roll-forward row named with its relative period: %s', async (q, figure) => {
    expect(verdict(await answer(q), { figure, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
  it("Air Products' roll-forward row is asked as a figure, never answered with a passage about its products", async () => {
    const a = await answer(
      "In fiscal 2022, what were Air Products' reductions for tax positions of prior years in its unrecognized tax benefits?",
    );
    expect(a).not.toMatch(/atmospheric gases/);
    expect(verdict(a, { figure: 15.4, unit: 'million', tolerance: 0.005 })).not.toBe('wrong');
  });
  it.each([
    ["By how many dollars did Analog Devices' revenue from Europe increase in fiscal 2023 compared with fiscal 2022?", 467.448],
    ["By how many dollars did Apple's net sales increase in fiscal 2022?", 28_511],
    ["By how many dollars did FactSet's revenues increase in fiscal 2023?", 241.616],
  ])('"how many dollars" asks an amount of money, no count: %s', async (q, figure) => {
    expect(verdict(await answer(q), { figure, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
});
