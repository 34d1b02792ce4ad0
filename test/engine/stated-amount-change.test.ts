// A change of money a sentence states ("Net income in the year ended December 31, 2020 decreased by $123
// million, or 25%"), read for a part's change when its yearly amounts are not printed (Corning's segment
// tables lost their net income cells), the part named by the caption of the table the sentence follows.
import { describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import { asked } from '../../src/engine/answer/lookup/asked.js';
import { amountChangeIn } from '../../src/engine/answer/lookup/text-change.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const answer = sampleAnswers();
const CAPTION =
  'Optical Communications / The following table provides net sales and net income for the Optical Communications segment: / Year ended December 31,';
const NET_INCOME =
  'Net income in the year ended December 31, 2020 decreased by $123 million, or 25%, primarily driven by the changes in sales.';
const ask = (words: string, qualifiers: string[]) =>
  asked({ text: words, words: [...words.split(' '), ...qualifiers], qualifiers, item: 'net_income' });

describe('a change of money a sentence states', () => {
  it("is the measure's, of the year asked, its part named by the sentence or the table it follows", () => {
    const oc = ask('net income', ['optical', 'communications']);
    expect(amountChangeIn(oc, NET_INCOME, 2020, CAPTION)).toEqual({ amount: -123e6, text: 'decreased by $123 million' });
    // Another year, another part, no caption naming the part: none.
    expect(amountChangeIn(oc, NET_INCOME, 2021, CAPTION)).toBeUndefined();
    expect(amountChangeIn(ask('net income', ['display', 'technologies']), NET_INCOME, 2020, CAPTION)).toBeUndefined();
    expect(amountChangeIn(oc, NET_INCOME, 2020)).toBeUndefined();
    // Another measure's clause: "Net sales declined by $501 million" is no change of net income.
    const sales =
      'Net sales declined by $501 million, or 12%, in the year ended December 31, 2020, when compared to the same period in 2019.';
    expect(amountChangeIn(oc, sales, 2020, CAPTION)).toBeUndefined();
  });

  it("answers a part's change when its yearly amounts are not printed (Corning's segments, 2020)", async () => {
    const oc = await answer("By how much did Corning's Optical Communications segment net income decrease in 2020?");
    expect(verdict(oc.text, { figure: 123, unit: 'million', tolerance: 0.005 })).toBe('right');
    expect(oc.text).not.toMatch(/net loss/);
    const et = await answer("By how much did Corning's Environmental Technologies segment net income decrease in 2020?");
    expect(verdict(et.text, { figure: 66, unit: 'million', tolerance: 0.005 })).toBe('right');
    const sm = await answer("By how much did Corning's Specialty Materials segment net income increase in 2020?");
    expect(verdict(sm.text, { figure: 121, unit: 'million', tolerance: 0.005 })).toBe('right');
  });
});
