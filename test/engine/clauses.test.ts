// Prose read clause by clause (text/clauses.ts, answer/lookup/text.ts, answer/counts.ts), on sentences
// quoted from filings of the sample corpus: a whole and its parts, a list by place, each part answering
// only for its own name, and the whole never answered with a part.
import { describe, expect, it } from 'vitest';
import { countIn } from '../../src/engine/answer/counts.js';
import { asked } from '../../src/engine/answer/lookup/asked.js';
import { stateIn } from '../../src/engine/answer/lookup/text.js';
import type { EvidenceEntry } from '../../src/engine/evidence/types.js';
import type { FilingRow } from '../../src/engine/index/types.js';
import type { LineItemKey } from '../../src/engine/lexicon/line-items.js';
import { partsOf } from '../../src/engine/text/clauses.js';

const parts = (s: string) => partsOf(s).map((p) => [p.text, p.name]);
const state = (s: string, words: string, qualifiers: string[], year: number, item?: LineItemKey) =>
  stateIn(asked({ text: words, words: words.split(' '), qualifiers, ...(item ? { item } : {}) }), s, year)?.text;

const ADI =
  'At October 28, 2023, our principal source of liquidity was $958.1 million of cash and cash equivalents, of which approximately ' +
  '$201.1 million was held in the United States and the balance of our cash and cash equivalents was held outside the United States ' +
  'in various foreign subsidiaries.';
const VZ =
  'Operating lease obligations of $29.8 billion and Finance lease obligations of $1.8 billion, of which $4.6 billion and $586 ' +
  'million, respectively, are expected to be due within the next twelve months.';
const PTC =
  'As of September 30, 2023, we had cash and cash equivalents of $35 million in the U.S., $111 million in Europe, $121 million in ' +
  'Asia Pacific (including India), and $21 million in other non-U.S. countries.';

describe('the parts of a whole', () => {
  it('reads "of which" parts with the words of their own clause (ADI, F5, Emerson)', () => {
    expect(parts(ADI)).toEqual([['$201.1 million', 'was held in the United States']]);
    expect(
      parts(
        'The Company had $85.3 million of federal net operating loss carryforwards, of which $52.0 million can be carried forward ' +
          'indefinitely and $33.3 million that will expire in fiscal years 2033 to 2038.',
      ),
    ).toEqual([
      ['$52.0 million', 'can be carried forward indefinitely'],
      ['$33.3 million', 'that will expire in fiscal years 2033 to 2038'],
    ]);
    expect(
      parts(
        'The goodwill balance was $3,524.0 million as of September 30, 2022, of which $315.9 million related to the Sensia reporting unit.',
      ),
    ).toEqual([['$315.9 million', 'related to the Sensia reporting unit']]);
  });

  it('ends the parts where a clause of another subject begins (Amazon)', () => {
    expect(
      parts(
        'Our total unearned revenue as of December 31, 2018 was $7.9 billion, of which $6.3 billion was recognized as revenue during ' +
          'the year ended December 31, 2019 and our total unearned revenue as of December 31, 2019 was $10.2 billion.',
      ),
    ).toEqual([['$6.3 billion', 'was recognized as revenue during the year ended December 31, 2019']]);
  });

  it('reads "consisting of" parts, of money and of counts (American Water, JPMorgan, PayPal)', () => {
    expect(
      parts(
        'In 2023, the Company expects to invest $2.9 billion, consisting of $2.5 billion for infrastructure improvements and $400 ' +
          'million for acquisitions in the Regulated Businesses.',
      ),
    ).toEqual([
      ['$2.5 billion', 'for infrastructure improvements'],
      ['$400 million', 'for acquisitions in the Regulated Businesses'],
    ]);
    expect(
      parts(
        '-a net addition of $3.5 billion to the allowance for credit losses, consisting of $2.3 billion in wholesale and $1.2 billion in consumer',
      ).map((p) => p[1]),
    ).toEqual(['in wholesale', 'in consumer']);
    expect(
      parts(
        'As of December 31, 2022, we had 435 million active accounts, consisting of 400 million consumer active accounts and 35 ' +
          'million merchant active accounts',
      ),
    ).toEqual([
      ['400 million', 'consumer active accounts'],
      ['35 million', 'merchant active accounts'],
    ]);
  });

  it('reads a list by place and a list "of whom" with bare counts (PTC, D.R. Horton)', () => {
    expect(parts(PTC).map((p) => p[1])).toEqual(['in the U.S.', 'in Europe', 'in Asia Pacific (including India)']);
    expect(
      parts(
        'As of September 30, 2023, we employed 13,450 people, of whom 9,190 work in our homebuilding operations, 2,895 in our ' +
          'financial services segment, 551 at our corporate office',
      ),
    ).toEqual([
      ['9,190', 'work in our homebuilding operations'],
      ['2,895', 'in our financial services segment'],
      ['551', 'at our corporate office'],
    ]);
  });

  it('reads the parts of a count the sentence opens on, a share beside each left out (FactSet, Fair Isaac, D.R. Horton)', () => {
    expect(
      parts('Of our total employees, 8,322 (68%) were located in Asia Pacific, 2,487 (20%) in the Americas and 1,428 (12%) in EMEA.'),
    ).toEqual([
      ['8,322', 'were located in Asia Pacific'],
      ['2,487', 'in the Americas'],
      ['1,428', 'in EMEA'],
    ]);
    expect(
      parts(
        'As of September 30, 2023, we employed 3,455 persons across 29 countries. Of these, our largest representation includes 1,283 ' +
          '(37%) based in the United States, 1,259 (36%) based in India and 270 (8%) based in the United Kingdom.',
      ).map((p) => p[1]),
    ).toEqual(['based in the United States', 'based in India', 'based in the United Kingdom']);
    expect(parts('Of these, approximately 12,000 lots were in our Southeast region, 6,000 lots were in our East region').length).toBe(2);
  });

  it('pairs a list of parts with one predicate with its wholes in order, and their years (Verizon, F5)', () => {
    const vz = partsOf(VZ).map((p) => [p.text, p.name, p.subject.trim()]);
    expect(vz).toEqual([
      ['$4.6 billion', 'are expected to be due within the next twelve months', 'Operating lease obligations of'],
      ['$586 million', 'are expected to be due within the next twelve months', 'and Finance lease obligations of'],
    ]);
    const ffiv = partsOf(
      'The total amount of gross unrecognized tax benefits was $79.2 million, $66.8 million, and $70.8 million as of September 30, 2023, ' +
        '2022, and 2021, respectively, of which, $51.2 million, $43.2 million, and $39.2 million, if recognized, would affect the effective tax rate.',
    );
    expect(ffiv.map((p) => [p.text, p.year])).toEqual([
      ['$51.2 million', 2023],
      ['$43.2 million', 2022],
      ['$39.2 million', 2021],
    ]);
    expect(ffiv[0]!.name).toBe('if recognized, would affect the effective tax rate');
  });

  it('pairs the parts of one whole with the names or the years its predicate lists, respectively (Tyson, Walmart)', () => {
    const tsn = partsOf(
      'Consequently, management performed an interim assessment of goodwill and recorded a $448 million goodwill impairment charge, of ' +
        'which $210 million and $238 million was recognized in the Chicken segment and International/Other, respectively.',
    );
    expect(tsn.map((p) => [p.text, p.name])).toEqual([
      ['$210 million', 'was recognized in the Chicken segment'],
      ['$238 million', 'was recognized in International/Other'],
    ]);
    const wmt = partsOf(
      'Apart from the committed lines of credit, the Company has syndicated and fronted letters of credit available totaling $1.8 billion ' +
        'as of January 31, 2019 and 2018, of which $1.6 billion and $1.5 billion was drawn as of January 31, 2019 and 2018, respectively.',
    );
    expect(wmt.map((p) => [p.text, p.name, p.year])).toEqual([
      ['$1.6 billion', 'was drawn as of', 2019],
      ['$1.5 billion', 'was drawn as of', 2018],
    ]);
  });
});

describe('a figure stated in a sentence, bound to its clause', () => {
  it('answers a part asked from the part that names it, the whole from the whole (ADI)', () => {
    expect(state(ADI, 'cash and cash equivalents', ['United', 'States'], 2023, 'cash')).toBe('$201.1 million');
    expect(state(ADI, 'cash and cash equivalents', [], 2023, 'cash')).toBe('$958.1 million');
    expect(state(ADI, 'cash and cash equivalents', ['Europe'], 2023, 'cash')).toBeUndefined();
  });

  it("answers a part by the words of its own clause and its whole's, of the filing's year when the sentence names none (Verizon)", () => {
    const due = (words: string, fy: number) => stateIn(asked({ text: words, words: words.split(' '), qualifiers: [] }), VZ, 2022, fy)?.text;
    expect(due('finance lease obligations expected due next months', 2022)).toBe('$586 million');
    expect(due('operating lease obligations expected due next months', 2022)).toBe('$4.6 billion');
    expect(due('finance lease obligations expected due next months', 2023)).toBeUndefined();
  });

  it('binds an amount printed before the measure, never a change (sentences as Analog Devices prints them)', () => {
    expect(
      state('At September 30, 2023, we held $5.2 million of cash and cash equivalents.', 'cash and cash equivalents', [], 2023, 'cash'),
    ).toBe('$5.2 million');
    expect(
      state(
        'In fiscal 2023 we recorded an increase of $5.2 million of cash and cash equivalents.',
        'cash and cash equivalents',
        [],
        2023,
        'cash',
      ),
    ).toBeUndefined();
  });

  it('reads a part named before its amount as a noun phrase, another figure when it says a word the question did not (Nike)', () => {
    const nke =
      'As described in Notes 1 and 7 to the consolidated financial statements, the Company recorded income tax expense of $1,131 million ' +
      'for the year ended May 31, 2023, and has net deferred tax assets of $1,799 million, including a valuation allowance of $22 million, ' +
      'and total gross unrecognized tax benefits, excluding related interest and penalties, of $936 million as of May 31, 2023.';
    expect(partsOf(nke)[0]).toMatchObject({ text: '$22 million', name: 'a valuation allowance', before: true });
    expect(state(nke, 'net income', ['tax', 'benefit'], 2023, 'net_income')).toBeUndefined();
    expect(state(nke, 'tax benefit', [], 2023)).toBeUndefined();
  });

  it('never answers the whole with a part its own clause names by a word of the whole (Tyson)', () => {
    const tsn =
      'Our sales to customers in foreign countries for fiscal 2023 totaled $7.9 billion, of which $5.1 billion related to export sales ' +
      'from the United States.';
    expect(state(tsn, 'sales', ['foreign', 'countries'], 2023)).not.toBe('$5.1 billion');
    expect(state(tsn, 'export sales', ['United', 'States'], 2023)).toBe('$5.1 billion');
  });

  it('answers each place of a list with its own amount, and the whole with none of them (PTC)', () => {
    expect(state(PTC, 'cash and cash equivalents', ['Europe'], 2023, 'cash')).toBe('$111 million');
    expect(state(PTC, 'cash and cash equivalents', ['U.S.'], 2023, 'cash')).toBe('$35 million');
    expect(state(PTC, 'cash and cash equivalents', [], 2023, 'cash')).toBeUndefined();
  });
});

const filing = { sec_ticker: 'X', sec_fiscal_year: 'FY-2023' } as FilingRow;
const entry = (consensus: string): EvidenceEntry =>
  ({
    consensus,
    confidence: 0,
    sources: [{ source: { id: '', filing, itemTag: '', title: '' }, statuses: [], context: [], statementIds: [1] }],
  }) as EvidenceEntry;
const count = (sentence: string, noun: string, parts: string[] = [], said: string[] = []) =>
  countIn([entry(sentence)], 'X', 2023, noun, parts, said)?.count;

describe('a count stated in a sentence', () => {
  it('reads "full-time and part-time employees" as one kind of employee (Activision Blizzard)', () => {
    expect(count('At December 31, 2023, we had approximately 9,200 total full-time and part-time employees.', 'employees')).toBe('9,200');
  });

  it('answers a part asked from the listed part that names it (PayPal, D.R. Horton)', () => {
    const pypl =
      'As of December 31, 2023, we had 435 million active accounts, consisting of 400 million consumer active accounts and 35 million ' +
      'merchant active accounts';
    expect(count(pypl, 'accounts', ['merchant', 'active'], ['merchant', 'active', 'accounts'])).toBe('35 million');
    expect(count(pypl, 'accounts', ['consumer', 'active'], ['consumer', 'active', 'accounts'])).toBe('400 million');
    expect(
      count(
        'As of September 30, 2023, we employed 13,450 people, of whom 9,190 work in our homebuilding operations, 2,895 in our financial ' +
          'services segment, 551 at our corporate office',
        'people',
        ['financial', 'services', 'segment'],
      ),
    ).toBe('2,895');
  });

  it('answers a place from a list of parts with a verb of place said once (FactSet, Fair Isaac)', () => {
    const fds =
      'As of August 31, 2023, we had 34 offices in 19 countries with 12,237 employees. Of our total employees, 8,322 (68%) were located ' +
      'in Asia Pacific, 2,487 (20%) in the Americas and 1,428 (12%) in EMEA.';
    expect(count(fds, 'employees', ['located', 'emea'], ['employees', 'located', 'emea'])).toBe('1,428');
    const fico =
      'As of September 30, 2023, we employed 3,455 persons across 29 countries. Of these, our largest representation includes 1,283 ' +
      '(37%) based in the United States, 1,259 (36%) based in India and 270 (8%) based in the United Kingdom.';
    expect(count(fico, 'employees', ['india'], ['employees', 'india'])).toBe('1,259');
  });

  it('never answers with the parts of a count of something else (Costco: square feet are no warehouses)', () => {
    const cost =
      'At the end of 2023, our warehouses contained approximately 126.3 million square feet of operating floor space: 87.6 million in the ' +
      'U.S.; 15.3 million in Canada; and 23.4 million in Other International.';
    expect(count(cost, 'warehouses', ['canada'], ['warehouses', 'canada'])).not.toBe('15.3 million');
  });

  it('never answers with a part that counts another noun (D.R. Horton: lots are no homes)', () => {
    const dhi =
      'At September 30, 2023, we controlled 31,400 homes. Of these, approximately 12,000 lots were in our Southeast region, 6,000 lots ' +
      'were in our East region, 4,700 lots were in our South Central region.';
    expect(count(dhi, 'homes', ['east'], ['homes', 'east'])).not.toBe('6,000');
  });

  it('pairs counts each printed with its scale, in billions too, with their years (PayPal)', () => {
    const pypl =
      'Number of payment transactions was 22.3 billion and 19.3 billion as of December 31, 2023 and 2022, respectively, an increase of 16%.';
    expect(count(pypl, 'transactions', ['payment'], ['payment', 'transactions'])).toBe('22.3 billion');
    const accounts =
      'We had active accounts of 435 million and 426 million as of December 31, 2023 and 2022, respectively, an increase of 2%.';
    expect(count(accounts, 'accounts', ['active'], ['active', 'accounts'])).toBe('435 million');
  });

  it("never answers a part with another part's count (Verizon)", () => {
    const vz =
      'In addition, at December 31, 2023 Consumer had approximately 8 million total broadband connections (which includes Fios ' +
      'internet, Digital Subscriber Line (DSL) and FWA connections), and approximately 3 million Fios video connections.';
    expect(count(vz, 'connections', ['fios', 'internet', 'consumer'], ['fios', 'internet', 'connections'])).toBeUndefined();
    expect(count(vz, 'connections', ['fios', 'video', 'consumer'], ['fios', 'video', 'connections'])).toBe('3 million');
  });
});
