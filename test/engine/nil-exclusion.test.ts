// An exclusion the figure's own table prints as nil for the period asked ("Gain associated with the Juice
// Transaction (a) - (3,322)" above "Operating Profit 2,629 5,267"): nothing is taken out, and the figure is
// the answer; an exclusion no table of the filing prints still blocks it.
import { describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const answer = sampleAnswers();

describe('an excluded item its table prints as nil', () => {
  it('is taken out as nothing, in a 10-Q and in 10-Ks (PepsiCo, HP, CVS Health)', async () => {
    const pep = await answer(
      "What was PepsiCo's operating profit for the 12 weeks ended March 25, 2023, excluding the gain associated with the Juice Transaction?",
    );
    expect(verdict(pep.text, { figure: 2629, unit: 'million', tolerance: 0.005 })).toBe('right');
    expect(pep.text).toMatch(/"Gain associated with the Juice Transaction \(a\)"/);
    const hpq = await answer("What was HP's earnings from operations in fiscal 2023 excluding Russia exit charges?");
    expect(verdict(hpq.text, { figure: 3456, unit: 'million', tolerance: 0.005 })).toBe('right');
    const cvs = await answer("What was CVS Health's operating income in 2022 excluding store impairments?");
    expect(verdict(cvs.text, { figure: 7746, unit: 'million', tolerance: 0.005 })).toBe('right');
  });

  it('still blocks the figure when no table of the filing prints the item (Accenture, fiscal 2022)', async () => {
    const acn = await answer("What was Accenture's operating income for fiscal 2022 excluding business optimization costs?");
    expect(acn.text).toMatch(/^Cannot answer this as asked for Accenture/);
  });
});
