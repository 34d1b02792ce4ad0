// The question read against a filing's facts (answer/fact-reading.ts) and the period a fact's context
// is (answer/lookup/fact-period.ts): real readings of the sample index's companies, a finder that
// knows a few facts' labels, and facts' contexts by Apple's fiscal year (ending late September).
import { describe, expect, it } from 'vitest';
import { asOneFact, dated, namedYears, namesFact } from '../../src/engine/answer/fact-reading.js';
import { unnamed as unnamedIn } from '../../src/engine/question/cues.js';
import { QUIET } from '../../src/engine/answer/lookup/fact-match.js';
import { factFits, onDate, periodOfFact } from '../../src/engine/answer/lookup/fact-period.js';
import { camelWords } from '../../src/engine/answer/lookup/fact-words.js';
import { nameWords, singular } from '../../src/engine/text/name-words.js';
import type { FigureFinder, FindContext } from '../../src/engine/answer/lookup/find.js';
import type { FactRow, FilingRow } from '../../src/engine/index/types.js';
import type { Reading } from '../../src/engine/question/reading.js';
import { readSample } from '../helpers/sample-reader.js';

const read = readSample;

/** A finder whose filing has facts of these labels: the question's words (but the spare ones and
 * those a fact's name never needs) are all a label's, and the label's are all among the question's. */
function finderOf(...labels: string[]): { finder: FigureFinder; asked: string[][] } {
  const known = labels.map(nameWords);
  const asked: string[][] = [];
  const finder = {
    namesOneFact(texts: string[], _p: unknown, _ctx: unknown, _whole: boolean, spare: boolean[] = []): boolean {
      const said = nameWords(texts.filter((_, i) => !spare[i]).join(' ')).filter((w) => !QUIET.has(w));
      asked.push(said);
      const all = new Set(nameWords(texts.join(' ')));
      return known.some((l) => said.every((w) => l.includes(w)) && l.every((w) => all.has(w)));
    },
  } as unknown as FigureFinder;
  return { finder, asked };
}
const ctxOf = (r: Reading): FindContext => ({ ticker: 'X', filings: [], all: [], chains: [], company: 'x', said: r.nameWords });
/** The question less the company mention, as the reading's `nameWords` are made of it. */
const unnamed = (r: Reading) => {
  const q = unnamedIn(r.question, r.companies);
  expect(r.nameWords).toEqual(nameWords(q));
  return q;
};

describe("whose figure the question asks: the company mention a fact's words (the reading's nameWords) leave out", () => {
  it('leaves out the possessive, so a segment named after the company keeps its name', () => {
    const q = unnamed(read("What was Walmart's Walmart U.S. revenue on January 31, 2025?"));
    expect(q).toMatch(/^What was \s+Walmart U\.S\. revenue/);
  });

  it("leaves out the subject of the question's verb, so a label's own mention stays", () => {
    const q = unnamed(read("Total Walmart shareholders' equity did Walmart report in fiscal 2025?"));
    expect(q).toContain("Total Walmart shareholders' equity");
    expect(q).not.toMatch(/did Walmart/);
  });

  it('leaves out the first mention otherwise', () => {
    expect(unnamed(read('Apple net sales in fiscal 2024'))).toMatch(/^\s+net sales in fiscal 2024$/);
  });
});

describe('the date a question writes', () => {
  it('is the end of the facts asked when one value of one period is asked', () => {
    const r = read("What was Walmart's Walmart U.S. revenue on January 31, 2025?");
    expect(dated(r, r.period.years)).toEqual({ date: '2025-01-31' });
  });

  it('is none for an operation, several years or no date written', () => {
    const change = read('By how much did Apple net sales change from September 30, 2023 to September 28, 2024?');
    expect(dated(change, change.period.years)).toEqual({});
    const plain = read('Apple net sales in fiscal 2024');
    expect(dated(plain, plain.period.years)).toEqual({});
  });
});

describe("the question's words as one fact's names", () => {
  it('joins measures the reading split a label into, when one fact is named by them all', () => {
    const r = read("What was Apple's cash, cash equivalents, restricted cash and restricted cash equivalents at the end of fiscal 2024?");
    expect(r.measures.length).toBeGreaterThan(1);
    const { finder } = finderOf('Cash, cash equivalents, restricted cash and restricted cash equivalents');
    const one = asOneFact(r, finder, r.measures, { year: 2024 }, ctxOf(r), 1);
    expect(one.kind).toBe('value');
    expect(one.measures).toHaveLength(1);
    expect(one.measures[0]!.text).toMatch(/^cash cash equivalents restricted cash restricted cash equivalents/);
  });

  it('keeps the reading when no fact is named by all the words', () => {
    const r = read("What was Apple's cash, cash equivalents, restricted cash and restricted cash equivalents at the end of fiscal 2024?");
    const { finder } = finderOf('Cash and cash equivalents');
    const one = asOneFact(r, finder, r.measures, { year: 2024 }, ctxOf(r), 1);
    expect(one.measures).toBe(r.measures);
  });

  it("reads an operation's words with its measure's as one label of one year ('Increase in deferred revenues')", () => {
    const r = read("What was the increase in Oracle's deferred revenues in fiscal 2024?");
    expect(r.operation.kind).toBe('change');
    const named = asOneFact(r, finderOf('Increase in deferred revenues').finder, r.measures, { year: 2024 }, ctxOf(r), 1);
    expect(named).toMatchObject({ kind: 'value', measures: [{ text: 'increase in deferred revenues' }] });
    // Two years asked: a change between them, whatever a label says.
    const two = asOneFact(r, finderOf('Increase in deferred revenues').finder, r.measures, { year: 2024 }, ctxOf(r), 2);
    expect(two.kind).toBe('change');
    // No such label: the change the reading saw.
    expect(asOneFact(r, finderOf('Deferred revenues').finder, r.measures, { year: 2024 }, ctxOf(r), 1).kind).toBe('change');
  });

  it('never spares a word that asks for prose: "Describe" is no label\'s', () => {
    const { finder, asked } = finderOf('Deferred revenue');
    const prose = read("Describe Apple's deferred revenue in fiscal 2024");
    expect(namesFact(prose, finder, [2024], ctxOf(prose))).toBeUndefined();
    expect(asked.at(-1)).toContain('describe');
    const plain = read("What was Apple's deferred revenue in fiscal 2024?");
    expect(namesFact(plain, finder, [2024], ctxOf(plain))?.words).toEqual(expect.arrayContaining(['deferred', 'revenue']));
    // Filler and period words are spare: a question's "What was ... in fiscal 2024" names nothing.
    expect(asked.at(-1)).not.toContain('what');
    expect(asked.at(-1)).not.toContain('2024');
  });

  it("takes a year written as part of a fact's name out of the years asked ('2021 Senior Notes')", () => {
    const r = read("What were Oracle's 2021 Senior Notes at the end of fiscal 2024?");
    expect([...r.period.years].sort()).toEqual([2021, 2024]);
    const named = namedYears(r, finderOf('2021 Senior Notes').finder, r.period.years, ctxOf(r));
    expect(named.years).toEqual([2024]);
    expect(named.reading.period.years).toEqual([2024]);
    expect(named.reading.words.find((w) => w.word === '2021')?.role).toBe('measure');
    // No fact of that name: both years stay asked.
    const kept = namedYears(r, finderOf('Senior Notes').finder, r.period.years, ctxOf(r));
    expect(kept.years).toBe(r.period.years);
    expect(kept.reading).toBe(r);
  });
});

describe("a fact's words as the question compares them", () => {
  it('splits run-together glue only where it is lower case between words', () => {
    expect(camelWords('PropertyPlantAndEquipmentNet')).toBe('Property Plant And Equipment Net');
    expect(camelWords('EquipmentandInternalUseSoftware', true)).toMatch(/^Equipment and Internal Use Software$/);
    expect(camelWords('Software', true)).toBe('Software');
    expect(camelWords('Land', true)).toBe('Land');
  });

  it('makes plurals singular by a light rule that leaves -ss and -us words', () => {
    expect(singular('liabilities')).toBe('liability');
    expect(singular('notes')).toBe('note');
    expect(singular('business')).toBe('business');
  });
});

// Apple: fiscal years end on the last Saturday of September (FY2024 on September 28, 2024).
const apple = { sec_fiscal_year_end: '0928' } as FilingRow;
let id = 0;
const fact = (
  start: string | null,
  end: string,
  concept = 'us-gaap:CashAndCashEquivalentsAtCarryingValue',
  dims: string | null = null,
): FactRow => ({
  id: ++id,
  filing_id: 1,
  statement_id: null,
  col: null,
  concept,
  value: 1,
  unit: 'usd',
  decimals: -6,
  start,
  end,
  instant: start ? 0 : 1,
  dims,
});

describe("the period of a fact's context", () => {
  it("is a fiscal year by the filing's year end, with its months and quarter", () => {
    expect(periodOfFact(fact(null, '2024-09-28'), apple)).toEqual({ year: 2024, instant: true, quarter: 4 });
    expect(periodOfFact(fact('2023-10-01', '2024-09-28'), apple)).toEqual({ year: 2024, months: 12, instant: false, quarter: 4 });
    // A 10-Q's first quarter of fiscal 2025.
    expect(periodOfFact(fact('2024-09-29', '2024-12-28'), apple)).toEqual({ year: 2025, months: 3, instant: false, quarter: 1 });
  });

  it("fits a year asked by a year's duration or its year-end balance, a quarter by its own", () => {
    expect(factFits(fact('2023-10-01', '2024-09-28'), apple, { year: 2024 })).toBe(true);
    expect(factFits(fact(null, '2024-09-28'), apple, { year: 2024 })).toBe(true);
    // The second quarter's balance is no balance at the year's end...
    expect(factFits(fact(null, '2024-03-30'), apple, { year: 2024 })).toBe(false);
    // ... unless the question dates it.
    expect(factFits(fact(null, '2024-03-30'), apple, { year: 2024 }, '2024-03-30')).toBe(true);
    expect(factFits(fact('2024-09-29', '2024-12-28'), apple, { year: 2025, quarter: 1 })).toBe(true);
    expect(factFits(fact('2023-10-01', '2024-09-28'), apple, { year: 2024, quarter: 1 })).toBe(false);
    expect(factFits(fact('2024-09-29', '2024-12-28'), apple, { year: 2025, quarter: 1, months: 6 })).toBe(false);
    expect(factFits(fact('2023-10-01', '2024-09-28'), apple, { year: 2023 })).toBe(false);
  });

  it('fits a date written with a week of slack (a 52-week year ends near the date said)', () => {
    expect(factFits(fact(null, '2024-09-28'), apple, { year: 2024 }, '2024-09-30')).toBe(true);
    expect(factFits(fact(null, '2024-09-28'), apple, { year: 2024 }, '2024-10-15')).toBe(false);
  });

  it("keeps the facts ending on the date asked, and without one a concept's last balance in the period", () => {
    const a = { fact: fact(null, '2024-05-31', 'x:NetAssets') };
    const b = { fact: fact(null, '2024-06-20', 'x:NetAssets') };
    const other = { fact: fact(null, '2024-05-31', 'x:NetAssets', '{"a":"m"}') };
    const flow = { fact: fact('2024-03-31', '2024-06-29', 'x:Revenue') };
    expect(onDate([a, b, other, flow], undefined)).toEqual([b, other, flow]);
    expect(onDate([a, b], '2024-05-31')).toEqual([a]);
    // No fact ends on the date: all stay (the period's fit already chose them).
    expect(onDate([a, b], '2024-06-01')).toEqual([a, b]);
  });
});
