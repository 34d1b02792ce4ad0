// A part in parentheses after its whole ("$278 million ($264 million of which we borrowed under our credit
// facility) used to acquire the Codebeamer business in FY'22"), and a dollar amount printed in tenths with
// no scale word ("Depreciation expense was $1,302.7"), a count of a hyphenated noun ("76.7 million
// proprietary cards-in-force"), on sentences quoted from filings of the sample corpus.
import { describe, expect, it } from 'vitest';
import { countIn, countsAsked, nounStems } from '../../src/engine/answer/counts.js';
import { asked } from '../../src/engine/answer/lookup/asked.js';
import { stateIn } from '../../src/engine/answer/lookup/text.js';
import type { EvidenceEntry } from '../../src/engine/evidence/types.js';
import type { FilingRow } from '../../src/engine/index/types.js';
import { partsOf } from '../../src/engine/text/clauses.js';
import { statedFigures } from '../../src/engine/text/stated-figures.js';

const parts = (s: string) => partsOf(s).map((p) => [p.text, p.name, p.subject]);
const state = (s: string, words: string, year: number, filingYear: number, scale?: number) =>
  stateIn(asked({ text: words, words: words.split(' '), qualifiers: [] }), s, year, filingYear, undefined, scale)?.text;

const PTC =
  "Cash used in investing activities in FY'22 reflects $278 million ($264 million of which we borrowed under our credit facility) " +
  "used to acquire the Codebeamer business in FY'22, compared to $718 million used in FY21 for the Arena acquisition, offset by FY'22 " +
  'proceeds from the sale of a portion of our PLM services business of $33 million.';

describe('a part in parentheses after its whole', () => {
  it("names the part by its predicate and the whole's clause on both sides of the parenthesis (PTC, Emerson)", () => {
    expect(parts(PTC)).toEqual([
      [
        '$264 million',
        'we borrowed under our credit facility',
        "Cash used in investing activities in FY'22 reflects $278 million used to acquire the Codebeamer business in FY'22",
      ],
    ]);
    const emr2022 =
      'Results for fiscal 2022 included intangibles amortization of $148 related to the Heritage AspenTech acquisition ($51 of which was ' +
      'reported in Cost of sales).';
    expect(parts(emr2022)[0]!.slice(0, 2)).toEqual(['$51', 'was reported in Cost of sales']);
    const emr2023 =
      'Corporate and other for 2023 includes acquisition/divestiture and related costs of $84 ($15 of which is reported in operating ' +
      'profit) while 2022 includes $91.';
    expect(parts(emr2023)).toEqual([
      ['$15', 'is reported in operating profit', 'Corporate and other for 2023 includes acquisition/divestiture and related costs of $84'],
    ]);
  });

  it("answers the part for its predicate's words, of the year its whole's clause names (PTC)", () => {
    expect(state(PTC, 'borrow credit facility acquire Codebeamer business', 2022, 2022)).toBe('$264 million');
    expect(state(PTC, 'borrow credit facility acquire Codebeamer business', 2021, 2022)).toBeUndefined();
    expect(state(PTC, 'acquire Codebeamer business', 2022, 2022)).not.toBe('$264 million');
  });
});

const APD_2022 = 'Depreciation expense was $1,302.7, $1,284.1, and $1,150.5 in fiscal years 2022, 2021, and 2020, respectively.';
const APD_2023 = 'Depreciation expense was $1,325.8, $1,302.7, and $1,284.1 in fiscal years 2023, 2022, and 2021, respectively.';

describe('a dollar amount in tenths with no scale word', () => {
  it("is in the scale of the filing's statements (Air Products' 10-Ks of 2022 and 2023)", () => {
    expect(state(APD_2022, 'depreciation expense', 2022, 2022, 1e6)).toBe('$1,302.7 million');
    expect(state(APD_2023, 'depreciation expense', 2022, 2023, 1e6)).toBe('$1,302.7 million');
    expect(state(APD_2023, 'depreciation expense', 2021, 2023, 1e6)).toBe('$1,284.1 million');
    expect(state(APD_2023, 'depreciation expense', 2022, 2023)).toBeUndefined();
  });

  it('leaves whole dollars, cents and amounts with their own scale word as printed', () => {
    const s = 'In 2022 the price was $1,302.70, and proceeds were $250,000 and $2.5 billion.';
    expect(statedFigures(s, 1e6).map((f) => f.amount)).toEqual([250_000, 2.5e9]);
  });
});

describe('a count of a hyphenated noun', () => {
  const filing = { sec_ticker: 'X', sec_fiscal_year: 'FY-2022' } as FilingRow;
  const entry = (consensus: string) =>
    ({
      consensus,
      confidence: 0,
      sources: [{ source: { id: '', filing, itemTag: '', title: '' }, statuses: [], context: [], statementIds: [1] }],
    }) as EvidenceEntry;
  const AXP =
    'For the year ended December 31, 2022, worldwide billed business (spending on American Express cards issued by us) was $1,338 ' +
    'billion and at December 31, 2022, we had 76.7 million proprietary cards-in-force worldwide.';
  const count = (noun: string, parts: string[]) =>
    countIn([entry(AXP)], 'X', 2022, noun, parts, ['proprietary', 'cards-in-force', 'worldwide'])?.count;

  it("is plural by its first word, its words no part of what is counted, the part the count's own words name (American Express)", () => {
    expect(count('cards-in-force', [])).toBe('76.7 million');
    expect(count('cards-in-force', ['proprietari'])).toBe('76.7 million');
    expect(nounStems('cards-in-force')).toEqual(['cards-in-force', 'card', 'forc']);
    expect(countsAsked('cards-in-force', ['proprietari', 'card', 'forc'])).toBe(true);
    // A part the count's own words do not name is not the whole "worldwide".
    expect(count('cards-in-force', ['consumer'])).toBeUndefined();
  });
});
