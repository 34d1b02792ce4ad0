// The battery's verdict on many phrasings of right, wrong and declining answers.
import { describe, expect, it } from 'vitest';
import { type Expect, figures, verdict } from '../../bench/lib/verdict.js';

const capex: Expect = { figure: 10705, unit: 'million', tolerance: 0.005 };
const margin: Expect = { figure: 10.5, unit: 'percent', tolerance: 0.01 };
const dps: Expect = { figure: 1.76, unit: 'per_share', tolerance: 0.005 };
const payout: Expect = { figure: 0.8, unit: 'ratio', tolerance: 0.02 };
const cover: Expect = { figure: 1.21, unit: 'times', tolerance: 0.01 };

describe('verdict on figure questions', () => {
  it.each([
    '$10,705 million',
    'Capital expenditures were $10,705 million in fiscal 2020 [A].',
    '$10.7 billion',
    'Walmart spent 10.7 bn on capex in FY2020.',
    '10,705',
    'Payments for property and equipment were $(10,705 million in 2020 [A].',
    'Payments for property and equipment: (10,705) in fiscal 2020 [B, C].',
    'In fiscal 2020 (year ended January 31, 2020) capex was $10,705 million.',
    'Capex for FY2020: $10,705 million (≈ $10.7 billion) [A].',
    '$10,705,000 thousand',
    '$10.705bn',
  ])('right: %s', (a) => expect(verdict(a, capex)).toBe('right'));

  it.each([
    [
      'a segment before the total',
      'Capital expenditures was $6,315 million in 2020 [B].\nPayments for property and equipment were $10,705 million [A].',
    ],
    ['another year', 'Capital expenditures were $10,344 million in 2019.'],
    ['a percentage is no amount, the amount after it is wrong', 'Capex rose 2% to $10,344 million.'],
    ['three orders of magnitude off', '$10.705 million'],
    ['a display rounding too coarse', '$11 billion'],
    ['a per-share figure is still read for an amount', 'Capex was $1.76 per share.'],
    ['a non-answer that does not say so', 'Walmart capex discussion [A]: capital spending was focused on stores.'],
  ])('wrong: %s', (_, a) => expect(verdict(a, capex)).toBe('wrong'));

  it.each([
    'The evidence does not state Walmart capital expenditures for fiscal 2020.',
    'I cannot determine the figure from the evidence.',
    'No data found',
    'Capital expenditures are not disclosed in the filing for 2020; see [A] for context.',
    'The filings do not break out capex.',
    'Capex cannot be computed from the evidence [A].',
    'Capital expenditures are not reported separately.',
  ])('abstained: %s', (a) => expect(verdict(a, capex)).toBe('abstained'));

  it('a decline before a figure abstains; a figure before a decline is judged', () => {
    expect(verdict('The filing does not state Q2 capex; full-year capex was $10,705 million.', capex)).toBe('abstained');
    expect(verdict('Capex was $6,315 million; the filing does not state the total.', capex)).toBe('wrong');
  });

  it('reads percentages for a margin and skips the amounts stated before it', () => {
    expect(verdict('Operating margin was 10.5% in 2022 [A].', margin)).toBe('right');
    expect(verdict('Operating income $5,000 million [A] over net sales $47,619 million [B]: 10.5 percent.', margin)).toBe('right');
    expect(verdict('Operating margin: 10.47%.', margin)).toBe('right');
    expect(verdict('The margin, 0.105 of sales, ...', margin)).toBe('right');
    expect(verdict('Operating margin was 2.3% in 2019 [A].', margin)).toBe('wrong');
    expect(verdict('Operating income was $5,000 million in 2022 [A].', margin)).toBe('wrong');
    expect(verdict('Margin improved 1.4 percentage points to 10.5%.', margin)).toBe('right');
    expect(verdict('Margin fell 200 basis points to 8.5%.', margin)).toBe('wrong');
  });

  it('judges the leading statement; context after a blank line does not rescue it', () => {
    const gm: Expect = { figure: 49.0, unit: 'percent', tolerance: 0.01 };
    expect(verdict('Gross profit was 1,620 in 2023 [B].\n\nContext: gross margin was 49.0 percent of sales [A].', gm)).toBe('wrong');
    expect(verdict('Gross margin rose [B].\n\nContext: gross margin was 49.0 percent of sales [A].', gm)).toBe('right');
    expect(
      verdict(
        '% of total net sales was 84.2 % in 2021 [B].\nTotal net sales was $67,044 million in 2021 [B, A].\n\nContext: 28% of sales...',
        { figure: 67044, unit: 'million', tolerance: 0.005 },
      ),
    ).toBe('right');
  });

  it('reads per-share figures and rejects a per-share amount in millions', () => {
    expect(
      verdict('Adjusted diluted earnings per share - prior year was 4.51 in 2022 [A]. Diluted earnings per share: $5.41.', {
        figure: 5.41,
        unit: 'per_share',
        tolerance: 0.005,
      }),
    ).toBe('wrong');
    expect(verdict('Dividends were $1.76 per share in 2022 [A].', dps)).toBe('right');
    expect(verdict('Dividends per share: $1.76.', dps)).toBe('right');
    expect(verdict('Dividends (per share - were 1.76 million in 2022 [A].', dps)).toBe('wrong');
    expect(verdict('Dividends paid were $7,616 million, or $1.76 per share.', dps)).toBe('right');
    expect(verdict('Dividends were $1.64 per share in 2021 and $1.76 in 2022.', dps)).toBe('wrong');
  });

  it('reads the result of a shown computation, not its operands', () => {
    expect(verdict('Payout ratio = 7,616 / 9,542 = 0.80 [A, B].', payout)).toBe('right');
    expect(verdict('Payout ratio for 2022: 0.80, dividends $7,616 million [A] over net income $9,542 million [B].', payout)).toBe('right');
    expect(verdict('Payout ratio for 2022: 1.21, dividends $7,616 million [A] over net income $6,271 million [B].', payout)).toBe('wrong');
    expect(
      verdict('Free cash flow: $11,068 million - $4,323 million = $6,745 million.', { figure: 6745, unit: 'million', tolerance: 0.01 }),
    ).toBe('right');
    expect(verdict('Interest coverage was 1.21x.', cover)).toBe('right');
    expect(verdict('Coverage of 1.21 times.', cover)).toBe('right');
  });

  it('does not read years, dates, source ids, footnotes or digits in labels as figures', () => {
    const ni3m: Expect = { figure: 5349, unit: 'million', tolerance: 0.005 };
    expect(verdict('Net income attributable to 3M was $5,349 million in 2018 [C].', ni3m)).toBe('right');
    expect(verdict('Net income attributable to 3M was $5.349 billion in 2018.', ni3m)).toBe('right');
    expect(verdict('Net income attributable to was $3 million in 2018 [C].', ni3m)).toBe('wrong');
    expect(
      verdict(
        'As of December 31, 2018, per the FY2018 Form 10-K (Note 7, Item 8), net income attributable to 3M was $5,349 million.',
        ni3m,
      ),
    ).toBe('right');
    expect(verdict("Costco's 401(k) and other plans cost $914 million in 2023.", { figure: 914, unit: 'million', tolerance: 0.005 })).toBe(
      'right',
    );
    expect(
      verdict('Employees join the 401(k) plan after 90 days; expense was $914 million.', {
        figure: 914,
        unit: 'million',
        tolerance: 0.005,
      }),
    ).toBe('right');
    expect(verdict('Amounts expensed under the 401(k) plan were 18 [A].', { figure: 914, unit: 'million', tolerance: 0.005 })).toBe(
      'wrong',
    );
    expect(
      verdict('The Common equity Tier 1 (CET1) capital ratio was 13.2% at December 31, 2022.', {
        figure: 13.2,
        unit: 'percent',
        tolerance: 0.005,
      }),
    ).toBe('right');
    expect(verdict('COVID-19 vaccine sales were $2,385 million in Q4 FY21.', { figure: 2385, unit: 'million', tolerance: 0.005 })).toBe(
      'right',
    );
    expect(
      verdict('U.S. dollar notes due 2019, 2021, 2026, 2028 and 2030 (1): $2,299.9 million.', {
        figure: 2299.9,
        unit: 'million',
        tolerance: 0.005,
      }),
    ).toBe('right');
    expect(
      verdict('The June 2026 notes (2.450% notes) had a fair value of $463.5 million.', {
        figure: 463.5,
        unit: 'million',
        tolerance: 0.005,
      }),
    ).toBe('right');
    expect(verdict('Receivables past due more than 90 days were $100 million.', { figure: 100, unit: 'million', tolerance: 0.005 })).toBe(
      'right',
    );
    expect(verdict('Past due > 90 days was 90 [A].', { figure: 100, unit: 'million', tolerance: 0.005 })).toBe('wrong');
  });

  it('takes the filing thousands for an amount asked in millions', () => {
    const nflx: Expect = { figure: 11692.713, unit: 'million', tolerance: 0.005 };
    expect(verdict('Revenues were $11,692,713 thousand in 2017.', nflx)).toBe('right');
    expect(verdict('Revenues were 11,692,713 in 2017 (in thousands).', nflx)).toBe('right');
    expect(verdict('Revenues were $11.7 billion in 2017.', nflx)).toBe('right');
    expect(verdict('Revenues were $8,830,669 thousand.', nflx)).toBe('wrong');
  });

  it('reads an amount asked in thousands at whatever scale the answer states it', () => {
    const lease: Expect = { figure: 37036, unit: 'thousand', tolerance: 0.005 };
    expect(verdict('Minimum operating lease payments for fiscal 2026: $37.0 million; 37,036 in thousands as printed.', lease)).toBe(
      'right',
    );
    expect(verdict('Payments due in fiscal 2026: 37,036 (in thousands).', lease)).toBe('right');
    expect(verdict('Payments due in fiscal 2026: $37,036 thousand.', lease)).toBe('right');
    expect(verdict('Payments due in fiscal 2026: $35.8 million.', lease)).toBe('wrong');
    expect(verdict('Payments due in fiscal 2026: $37.0 billion.', lease)).toBe('wrong');
  });

  it('compares sizes, not signs: a loss stated either way is the loss', () => {
    const loss: Expect = { figure: 4935, unit: 'million', tolerance: 0.005 };
    expect(verdict('Net loss attributable to Boeing shareholders was $4,935 million.', loss)).toBe('right');
    expect(verdict('Net income: $(4,935) million.', loss)).toBe('right');
    expect(verdict('Net income: -4,935.', loss)).toBe('right');
  });
});

describe('verdict on declining questions', () => {
  const abstain: Expect = { abstain: true };
  const nii: Expect = { not_in_index: 'TSLA' };
  it('an abstain question is right when the answer declines, wrong when it guesses', () => {
    expect(verdict('The evidence does not state net sales for the second quarter of fiscal 2023.', abstain)).toBe('right');
    expect(verdict('Quarterly figures are not disclosed in the 10-K.', abstain)).toBe('right');
    expect(verdict('Total net sales was 383,285 in 2023 [B].', abstain)).toBe('wrong');
    expect(verdict('Azure revenue grew 29% [A].', abstain)).toBe('wrong');
    expect(verdict('Apple makes the iPhone [A].', abstain)).toBe('wrong');
  });
  it('a company absent from the index: right when said, wrong with any figure', () => {
    expect(verdict('Tesla (TSLA) has no filings in the index. Add them with `filings corpus add`.', nii)).toBe('right');
    expect(verdict('TSLA is not in the index; no answer can be given.', nii)).toBe('right');
    expect(verdict('Total net sales was 65,984 in 2022 [B].', nii)).toBe('wrong');
    expect(verdict('Tesla is not in the index. Lockheed Martin net sales were $65,984 million [A].', nii)).toBe('wrong');
    expect(verdict('Revenue context [A].', nii)).toBe('wrong');
  });
  it('a qualitative question must mention every expected term', () => {
    const m: Expect = { mentions: ['iPhone', 'Mac'] };
    expect(verdict('Apple designs and sells the iPhone, Mac, iPad and wearables [A].', m)).toBe('right');
    expect(verdict('Apple sells the iPhone [A].', m)).toBe('wrong');
    expect(verdict('No data found', m)).toBe('abstained');
  });
});

describe('figures', () => {
  it('lists the figures with their scale and kind', () => {
    const f = figures('Net sales $2.6 billion, margin 49.0%, EPS $5.41 per share, 1.77x, 45 days, 3M, FY2023, [A]');
    expect(f.map((x) => [x.value, x.scale ?? null, x.percent, x.perShare, x.times, x.days])).toEqual([
      [2.6, 1e9, false, false, false, false],
      [49, null, true, false, false, false],
      [5.41, null, false, true, false, false],
      [1.77, null, false, false, true, false],
      [45, null, false, false, false, true],
    ]);
  });
});

describe('counts', () => {
  const members = { figure: 3_100_000, unit: 'count', tolerance: 0.005 } as const;
  it('a count stated as a count is right; stated as money, wrong whatever its digits', () => {
    expect(verdict('CVS had 3.1 million members at year end [A].', members)).toBe('right');
    expect(verdict('CVS members: $3.1 million [A].', members)).toBe('wrong');
  });
});
