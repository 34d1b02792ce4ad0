// "How much of <an amount> would affect the <rate>" asks a part of the amount, named by the clause that
// says what it acts on: read as an amount (never the rate computed), and answered only by the part its
// predicate names, never the whole ("the total amount of gross unrecognized tax benefits ... was $266
// million, of which, if recognized, $176 million would impact our effective tax rate").
import { describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import { partsOf } from '../../src/engine/text/clauses.js';
import { readSample } from '../helpers/sample-reader.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const answer = sampleAnswers();
const parts = (s: string) => partsOf(s).map((p) => [p.text, p.name, p.subject]);

describe('an amount asked by the rate it acts on', () => {
  it('is read as an amount, the rate among its words, not as the metric', () => {
    const r = readSample(
      "How much of F5's gross unrecognized tax benefits at September 30, 2023 would affect the effective tax rate if recognized?",
    );
    expect(r.measures).toHaveLength(1);
    expect(r.measures[0]!.metric).toBeUndefined();
    expect(r.measures[0]!.amount).toBe(true);
    // The rate asked plainly is the metric still.
    expect(readSample("What was F5's effective tax rate in fiscal 2023?").measures[0]!.metric).toBe('effective_tax_rate');
  });

  it('reads the part after a condition and an aside, after "including ... of which", or after the whole a sentence opens on', () => {
    const keys =
      'As of October 31, 2023, the total amount of gross unrecognized tax benefits, excluding interest and penalties, was $266 million, ' +
      'of which, if recognized, $176 million would impact our effective tax rate.';
    expect(parts(keys)).toEqual([
      [
        '$176 million',
        'would impact our effective tax rate',
        'the total amount of gross unrecognized tax benefits, excluding interest and penalties, was $266 million',
      ],
    ]);
    const a =
      'As of October 31, 2023, we had $114 million of unrecognized tax benefits, including interest and penalties of which $68 million, ' +
      'if recognized, would affect our effective tax rate.';
    expect(parts(a)[0]!.slice(0, 2)).toEqual(['$68 million', 'if recognized, would affect our effective tax rate']);
    const swks =
      'Of the total unrecognized tax benefits at September 30, 2022, $40.1 million would impact the effective tax rate, if recognized.';
    expect(parts(swks)).toEqual([
      [
        '$40.1 million',
        'would impact the effective tax rate, if recognized',
        'Of the total unrecognized tax benefits at September 30, 2022, ',
      ],
    ]);
  });

  it('answers the part of the year asked, never the whole (F5, Keysight, Agilent)', async () => {
    const ask = (who: string, date: string, verb = 'affect') =>
      `How much of ${who} gross unrecognized tax benefits at ${date} would ${verb} the effective tax rate if recognized?`;
    const ffiv = await answer(ask("F5's", 'September 30, 2023'));
    expect(verdict(ffiv.text, { figure: 51.2, unit: 'million', tolerance: 0.005 })).toBe('right');
    const ffiv22 = await answer(ask("F5's", 'September 30, 2022'));
    expect(verdict(ffiv22.text, { figure: 43.2, unit: 'million', tolerance: 0.005 })).toBe('right');
    const keys = await answer(ask("Keysight's", 'October 31, 2023', 'impact'));
    expect(verdict(keys.text, { figure: 176, unit: 'million', tolerance: 0.005 })).toBe('right');
    const agilent = await answer(
      "How much of Agilent's unrecognized tax benefits at October 31, 2022 would affect the effective tax rate if recognized?",
    );
    expect(verdict(agilent.text, { figure: 121, unit: 'million', tolerance: 0.005 })).toBe('right');
    // "Of the total unrecognized tax benefits at September 30, 2022, $40.1 million would impact ...": the
    // part after the whole the sentence opens on (Skyworks); "Of our unrecognized tax benefits as of 30
    // September 2022, $74.9 would impact ...", in the statements' millions (Air Products).
    const swks = await answer(
      "How much of Skyworks' unrecognized tax benefits at September 30, 2022 would impact the effective tax rate if recognized?",
    );
    expect(verdict(swks.text, { figure: 40.1, unit: 'million', tolerance: 0.005 })).toBe('right');
    const apd = await answer(
      "How much of Air Products' unrecognized tax benefits as of September 30, 2022 would impact the effective tax rate if recognized?",
    );
    expect(apd.text).toMatch(/: \$74\.9 million, as the filing states it/);
    // The whole asked plainly is no part.
    const whole = await answer("What were Skyworks' unrecognized tax benefits at September 30, 2022?");
    expect(whole.text).not.toMatch(/: \$40\.1 million, as the filing states/);
  });
});
