// A percentage change named by a noun in the clause after a part's change ("Consumer PCs net revenue
// decreased 23.8% driven by a decline in units of 15.2% due to demand softness and a decrease of 10.1% in
// ASPs"): each rate bound to its own thing, the part the sentence opens on, and "unit volume" the units.
import { describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import { asked } from '../../src/engine/answer/lookup/asked.js';
import { changeIn } from '../../src/engine/answer/lookup/text-change.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const answer = sampleAnswers();
const CONSUMER =
  'Consumer PCs net revenue decreased 23.8% driven by a decline in units of 15.2% due to demand softness and a decrease of 10.1% in ASPs.';
const change = (words: string, s = CONSUMER) => changeIn(asked({ text: words, words: words.split(' '), qualifiers: [] }), s, 2023, 2023);

describe('a percentage change named by a noun', () => {
  it('binds each rate to its own thing and the part the sentence opens on (HP)', () => {
    expect(change('Consumer PC unit volume')).toMatchObject({ text: 'decline in units of 15.2%' });
    expect(change('Consumer PC units')?.amount).toBeCloseTo(-0.152, 9);
    expect(change('Consumer PC ASPs')).toMatchObject({ text: 'decrease of 10.1% in ASPs' });
    expect(change('Consumer PC ASPs')?.amount).toBeCloseTo(-0.101, 9);
    expect(change('Consumer PCs net revenue')?.amount).toBeCloseTo(-0.238, 9);
    // Another part's, or a thing the sentence names with words the question did not.
    expect(change('Commercial PC units')).toBeUndefined();
    const both =
      'The net revenue decrease was primarily due to a 14.5% decrease in commercial and consumer client PCs unit volume due to demand ' +
      'softness and a decline in ASPs by 8.0%, partially offset by the Poly acquisition.';
    expect(change('consumer PC unit volume', both)).toBeUndefined();
  });

  it("answers the part's change the sentence names (HP's fiscal 2023 10-K)", async () => {
    const units = await answer("By what percentage did HP's Consumer PC unit volume decline in fiscal 2023?");
    expect(verdict(units.text, { figure: 15.2, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const commercial = await answer("By what percentage did HP's Commercial PS unit volume decline in fiscal 2023?");
    expect(verdict(commercial.text, { figure: 14.1, unit: 'percent', tolerance: 0.005 })).toBe('right');
    const asps = await answer("By what percentage did HP's Commercial PS ASPs decline in fiscal 2023?");
    expect(verdict(asps.text, { figure: 7.1, unit: 'percent', tolerance: 0.005 })).toBe('right');
  });
});
