// A figure is never one its words take out or one of another unit: Disney's goodwill impairment is not
// the "Goodwill impairment" row of its tax rate reconciliation (3.5 percentage points, which the text ran
// into the next table's "(in billions)" and which was stated as "$3.5 billion"), nor its goodwill "net of
// impairments recorded" ($77.1 billion). A rate reconciliation's rows are rates.
import { describe, expect, it } from 'vitest';
import { openIndex } from '../../src/engine/index/open.js';
import { cellPercent } from '../../src/engine/tables/row-unit.js';
import { sampleAnswers } from '../helpers/sample-answers.js';
import { sampleIndexPath } from '../helpers/sample.js';

describe('what the words take out, and a rate reconciliation', () => {
  const ask = sampleAnswers();

  it("Disney's goodwill impairment: neither a rate's row nor the goodwill net of impairments", async () => {
    const a = await ask('How much goodwill impairment did Walt Disney record in fiscal 2023?');
    expect(a.text).not.toMatch(/\$3\.5 billion|\$77\.1 billion/);
    expect(a.values).toEqual([]);
  });

  it('the rows of a tax rate reconciliation the text ran into another table are percentages (Disney)', () => {
    const index = openIndex(sampleIndexPath());
    try {
      const [row] = index.db
        .prepare(
          "SELECT t.id FROM tables t JOIN filings f ON f.id = t.filing_id WHERE f.sec_ticker = 'DIS' AND t.caption LIKE 'Reconciliation of the effective income tax rate%'",
        )
        .all() as { id: number }[];
      const m = index.table(row!.id)!.model;
      const at = (label: string) => m.rows.findIndex((r) => r.label.startsWith(label));
      for (const label of ['Goodwill impairment', 'State taxes, net of federal benefit'])
        expect(cellPercent(m, at(label), 0), label).toBe(true);
    } finally {
      index.close();
    }
  });

  it("a count is never an amount's figure (AutoZone's domestic commercial programs, 5,682, stated as $5.7 million of sales)", async () => {
    const a = await ask("What was AutoZone's domestic commercial sales in fiscal 2023?");
    expect(a.text).not.toMatch(/5,682/);
    expect(a.values).toEqual([]);
  });

  it('a label of vague words alone names no row ("Qualcomm\'s other": its income statement\'s "Other", -$1,059 million)', async () => {
    expect((await ask("What was Qualcomm's other in fiscal 2022?")).values).toEqual([]);
    // (A vague word beside another names the row: Qualcomm's other revenue is its row.)
    expect((await ask("What was Qualcomm's other income in fiscal 2022?")).text).not.toMatch(
      /^The evidence does not state Qualcomm's other for/,
    );
  });

  it("a gain printed among the costs is taken out of earnings as the gain it is (PepsiCo's Juice Transaction, (3,322))", async () => {
    const a = await ask(
      "What was PepsiCo's operating profit for the 12 weeks ended March 19, 2022, excluding the gain associated with the Juice Transaction?",
    );
    // (5,267 less the gain of 3,322; not 5,267 plus it, 8,589.)
    expect(a.text).toMatch(/^PepsiCo \(PEP\) operating income less gain associated Juice Transaction: \$1,945 million/);
    expect(a.values).toEqual([5_267_000_000, 3_322_000_000, 1_945_000_000]);
  });

  it('a portion the question did not ask is never the figure (Apple\'s "Other current liabilities" of its operating leases)', async () => {
    const a = await ask("What were Apple's operating lease liabilities at the end of fiscal 2023?");
    expect(a.text).not.toMatch(/\$1,410 million/);
    // (A portion asked is read: the current liabilities as a whole.)
    expect((await ask("What were Apple's total current liabilities at the end of fiscal 2023?")).values).toEqual([145_308_000_000]);
  });

  it("a whole-dollar amount in the prose of a filing in thousands is in thousands (Nordson's segment sales, $1,391,046)", async () => {
    const a = await ask("What was Nordson's Industrial Precision Solutions sales in fiscal 2023?");
    expect(a.values).toEqual([1_391_046_000]);
    expect(a.text).toMatch(/\$1,391,046 thousand, as the filing states it/);
  });
});
