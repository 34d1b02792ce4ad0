// How a question's words are matched to an inline-XBRL fact's names (answer/lookup/fact-*.ts,
// member-names.ts): runs of words written apart or together, members named by words of their own,
// a label said word for word before one said in part, the period's kind and date.
import { describe, expect, it } from 'vitest';
import { matchFact, type FactNames } from '../../src/engine/answer/lookup/fact-match.js';
import { datesIn, dayAsked } from '../../src/engine/question/dates.js';
import { camelWords, runOf } from '../../src/engine/answer/lookup/fact-words.js';
import { nameWords } from '../../src/engine/text/name-words.js';
import { memberNames, printsMember } from '../../src/engine/answer/lookup/member-names.js';

/** A fact's names from its printed label, group, concept and members. */
function names(label: string, concept: string, members: { member: string; implicit?: boolean }[] = [], group = ''): FactNames {
  const own = label ? [nameWords(label)] : [];
  const standard = [nameWords(camelWords(concept))];
  const groups = group ? [nameWords(group)] : [];
  return {
    own,
    group: groups,
    standard,
    lexicon: [],
    all: new Set([...own, ...groups, ...standard].flat()),
    labelWords: own[0] ?? [],
    members: members.map((m) => ({ implicit: !!m.implicit, names: memberNames(m.member) })),
  };
}
const ask = (question: string, measure: string, n: FactNames) => matchFact(n, nameWords(question), nameWords(measure), new Set(['apple']));

describe('words as a fact and a question compare them', () => {
  it('drops glue words, makes plurals singular by a light rule and reads "U.S." and "United States" as one word', () => {
    expect(nameWords('Cash & cash equivalents')).toEqual(['cash', 'cash', 'equivalent']);
    expect(nameWords('Other income/(expense), net')).toEqual(['other', 'income', 'expense', 'net']);
    expect(nameWords('U.S. state income taxes')).toEqual(['us', 'state', 'income', 'tax']);
    expect(nameWords('United States')).toEqual(['us']);
    expect(nameWords('liabilities')).toEqual(['liability']);
  });

  it('finds a name written apart or together', () => {
    expect(runOf(nameWords('Johnson & Johnson MedTech Orthopaedics revenue'), nameWords('Med Tech'))).toEqual([2]);
    expect(runOf(nameWords('other non-current liabilities'), nameWords('noncurrent'))).toEqual([1, 2]);
    expect(runOf(nameWords('business income'), nameWords('us'))).toBeUndefined();
  });

  it('names members by their words, a country code by its country, a fair-value level as "Level 2"', () => {
    expect(memberNames('country:CN')).toContainEqual(['china']);
    expect(memberNames('us-gaap:FairValueInputsLevel2Member')).toContainEqual(['level', '2']);
    expect(memberNames('nke:CommercialPaperandBondsMember')).toContainEqual(['commercial', 'paper', 'bond']);
    expect(printsMember('North America', 'amzn:NorthAmericaSegmentMember')).toBe(true);
    expect(printsMember('Other', 'aapl:OtherCountriesMember')).toBe(false);
  });
});

describe('a fact named by the question', () => {
  const services = names('Services', 'CostOfGoodsAndServicesSold', [{ member: 'us-gaap:ServiceMember' }], 'Cost of sales');
  const total = names('Total cost of sales', 'CostOfGoodsAndServicesSold');

  it('names each member by words of its own and the measure by its label: a part before the total', () => {
    const part = ask('Apple Services cost of sales fiscal 2024', 'Services cost of sales', services);
    const whole = ask('Apple Services cost of sales fiscal 2024', 'Services cost of sales', total);
    expect(part?.literal).toBe(true);
    expect(part!.score).toBeGreaterThan(whole!.score);
  });

  it('never answers with a fact carrying a member the question does not name', () => {
    expect(ask('Apple cost of sales fiscal 2024', 'cost of sales', services)).toBeUndefined();
  });

  it('reads no member inside a longer label said: "Cash" of cash and cash equivalents', () => {
    const cashMember = {
      ...names('', 'CashAndCashEquivalentsAtCarryingValue', [{ member: 'us-gaap:CashMember' }]),
      lexicon: [nameWords('cash and cash equivalents')],
    };
    const plain = names('Cash and cash equivalents', 'CashAndCashEquivalentsAtCarryingValue');
    const q = "Apple's cash and cash equivalents at September 28, 2024";
    expect(ask(q, 'cash and cash equivalents', cashMember)).toBeUndefined();
    expect(ask(q, 'cash and cash equivalents', plain)?.literal).toBe(true);
  });

  it('reads no fact by its members alone: share-based compensation of general and administrative expense', () => {
    const sbc = names('General and administrative', 'AllocatedShareBasedCompensationExpense', [
      { member: 'us-gaap:GeneralAndAdministrativeExpenseMember' },
    ]);
    expect(ask('Adobe general and administrative expense FY2022', 'general and administrative expense', sbc)).toBeUndefined();
  });

  it('prefers a label said as printed to one said less its "Total", and says every question word must be a name', () => {
    const bs = names('Deferred revenues', 'ContractWithCustomerLiabilityCurrent', [], 'Current liabilities');
    const note = {
      ...names('Total deferred revenues', 'ContractWithCustomerLiability'),
      own: [nameWords('Total deferred revenues'), nameWords('deferred revenues')],
    };
    const a = ask("Oracle's deferred revenues at May 31, 2024", 'deferred revenues', bs)!;
    const b = ask("Oracle's deferred revenues at May 31, 2024", 'deferred revenues', note)!;
    expect(a.score).toBeGreaterThan(b.score);
    expect(ask("Oracle's unbilled deferred revenues", 'unbilled deferred revenues', bs)).toBeUndefined();
  });
});

describe('the period a question asks of a fact', () => {
  it('reads the one date written with its day', () => {
    const dateAsked = (q: string) => dayAsked(datesIn(q));
    expect(dateAsked('What was cash as of August 31, 2023?')).toBe('2023-08-31');
    expect(dateAsked('What was cash as of Sept. 5 2023?')).toBe('2023-09-05');
    expect(dateAsked('from May 31, 2023 to May 31, 2024')).toBeUndefined();
    // A month without its day is a date written, but no day a fact's context ends on.
    expect(datesIn('the 8-K of May 2023')).toEqual([{ month: 5, year: 2023 }]);
    expect(dateAsked('the 8-K of May 2023 on cash as of June 30, 2023')).toBe('2023-06-30');
  });
});
