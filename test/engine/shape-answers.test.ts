// The shapes of question issue 22 asks beyond the headline figure, each on a filing of the sample
// index where it happens (the batteries hold the rest): names with "and" the filings print, parts named
// by their initials, derived parts of a year, amounts scheduled by the year they fall due, changes and
// rates a filing states, counts stated after their noun, and the checks that keep a simpler figure out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compute } from '../../src/engine/answer/operate.js';
import type { Backend } from '../../src/backend.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const answer = async (query: string): Promise<string> =>
  (await backend.query({ query, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } })).answer!.text;

describe('shapes of question, answered from the filings', () => {
  it.each<[string, RegExp]>([
    // A list whose names have "and" in them, read by the row labels the company prints.
    [
      "What were Costco's combined net sales of Foods and Sundries and Fresh Foods in fiscal 2023?",
      /^Costco \(COST\) .*: \$128,152 million, the sum of revenue \(foods sundries\) for fiscal 2023 \$96,175 million/,
    ],
    // Parts named by their initials, both ways, summed over a quarter.
    [
      "What was the combined net revenue of PepsiCo's three North American divisions (FLNA, QFNA and PBNA) in the first quarter of 2023?",
      /: \$12,158 million, the sum of revenue \(flna\) for the first quarter of fiscal 2023 \$5,583 million, reported as "FLNA"/,
    ],
    [
      "What was Amazon Web Services' segment operating income in 2018?",
      /^Amazon \(AMZN\) operating income \(web services\) for fiscal 2018: \$7,296 million, reported as "AWS"/,
    ],
    // A quarter from the next 10-Q's year to date less its quarter; nine months from the year less a
    // fourth quarter a 10-K prints beside it.
    [
      "What were Pfizer's revenues in the first quarter of 2023?",
      /: \$18,281 million, the first half of fiscal 2023 \(\$31,015 million \[\w\]\) less the second quarter of fiscal 2023 \(\$12,734 million/,
    ],
    [
      "What were Hormel Foods' net sales for the first three quarters (nine months) of fiscal 2023?",
      /: \$8,911\.9 million; 8,911,931 in thousands as printed, fiscal 2023 \(\$12,110\.0 million; 12,110,010 in thousands as printed \[\w\]\) less the fourth quarter of fiscal 2023 \(\$3,198\.1 million; 3,198,079 in thousands as printed/,
    ],
    // A year a maturity schedule prints, in the column the question names.
    [
      "Per Atmos Energy's fiscal 2023 10-K, how much in operating lease payments falls due in fiscal 2026?",
      /: \$26\.8 million; 26,838 in thousands as printed, reported as "2026"/,
    ],
    // A change the filing states as a row, and a rate it states in a sentence (not a part's).
    [
      "What was Costco's total-company comparable sales growth in fiscal 2023 excluding the impact of changes in foreign currency and gasoline prices?",
      /for fiscal 2023: 5%, reported as "Total Company"/,
    ],
    [
      "What was Costco's worldwide membership renewal rate at the end of fiscal 2023?",
      /for fiscal 2023: 90\.4%, as the filing states it in the text/,
    ],
    // Counts stated after their noun, paired with the sentence's years.
    [
      "By what percentage did Boeing's total workforce grow from the end of 2021 to the end of 2022?",
      /grew 9\.86% from fiscal 2021 to fiscal 2022: 142,000 workforce.* to 156,000 workforce/,
    ],
    [
      'what was the percentage change in the number of employees at coca-cola from 2021 to 2022?',
      /grew 4\.43% from fiscal 2021 to fiscal 2022: 79,000 employees.* to 82,500 employees/,
    ],
    // A year of a five-year summary, its columns inferred and settled.
    [
      'How many employees did Boeing have at the end of 2015?',
      /^Boeing \(BA\) employees for fiscal 2015: 161,400, reported as "Year-end workforce"/,
    ],
    // "Segment operating income": the rows that say "segment", though the line item's own never do.
    [
      "What share of Disney's total segment operating income in fiscal 2023 came from the Experiences segment?",
      /: 69\.6%, operating income \(experiences\) for fiscal 2023 \$8,954 million.* of operating income for fiscal 2023 \$12,863 million, reported as "Total segment operating income"/,
    ],
    // A segment named by a generic word, and MD&A columns of two years, their difference and its percentage.
    [
      'How many times larger was Verizon Consumer segment revenue than Verizon Business segment revenue in 2022?',
      /: 3\.33, revenue \(consumer\) for fiscal 2022 \$103,506 million/,
    ],
  ])('%s', async (q, want) => {
    expect(await answer(q)).toMatch(want);
  });

  it.each<[string, RegExp]>([
    // A basis the question rules out leaves its words unread: no figure.
    [
      "What were Nike's reported revenues (not the wholesale equivalent) for the Jordan Brand in fiscal 2023?",
      /^Cannot answer this as asked for Nike: the question's "wholesale", "equivalent" could not be applied/,
    ],
    // Rows of another quantity's group are not the measure: services revenue is not services cost.
    [
      'f5 fy2023 ratio of services revenue to product revenue',
      /: 1\.11, revenue \(services\) for fiscal 2023 \$1,478\.5 million; 1,478,531 in thousands as printed/,
    ],
    // A comparable-sales basis found only in a heading is not the reported figure's.
    [
      "What was Costco's total-company comparable sales in fiscal 2023?",
      /^The evidence does not state Costco's revenue \(total-company comparable\)/,
    ],
  ])('never a simpler figure: %s', async (q, want) => {
    expect(await answer(q)).toMatch(want);
  });
});

describe('a share of a whole', () => {
  it('is between none and all of it: figures outside that are not a part and its whole', () => {
    const input = (amount: number) => ({ amount, unit: 'USD' as const }) as Parameters<typeof compute>[1][number];
    expect(compute('share', [input(8954), input(12863)])).toEqual({ value: 8954 / 12863, unit: 'percent' });
    expect(compute('share', [input(8954), input(-179)])).toHaveProperty('error');
    expect(compute('share', [input(32549), input(12863)])).toHaveProperty('error');
  });
});

describe('operations on percentages', () => {
  it('gives a difference and a change of two percentages in percentage points', () => {
    const pct = (amount: number) => ({ amount, unit: 'percent' as const }) as Parameters<typeof compute>[1][number];
    expect(compute('difference', [pct(0.365), pct(0.708)])).toEqual({ value: expect.closeTo(-34.3, 6), unit: 'points' });
    expect(compute('change', [pct(0.441), pct(0.433)])).toEqual({ value: expect.closeTo(0.8, 6), unit: 'points' });
  });
});
