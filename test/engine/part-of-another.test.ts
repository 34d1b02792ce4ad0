// A part's figure is read from a row of the measure's own table, never from a row of the same words in a
// table of another quantity: Visa's "U.S." row of its income before income taxes is no U.S. net income,
// nor does its "as-reported U.S. GAAP" summary name the U.S. And a verb of the question's clause ("were
// earned in the U.S.") asks the part, never another measure ("earned" read as net income).
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';
import { readSample } from '../helpers/sample-reader.js';

describe("a part's figure, of its measure's own table", () => {
  const ask = sampleAnswers();

  it.each([
    ["What percentage of Visa's net revenues were earned in the U.S. in fiscal 2023?", 'earned'],
    ["What percentage of PayPal's revenues were earned outside the U.S. in 2022?", 'earned'],
    ["What share of Analog Devices' revenue was earned outside the United States in fiscal 2023?", 'earned'],
  ])('a passive verb before where asks the part: %s', (q, verb) => {
    const r = readSample(q);
    const word = r.words.find((w) => w.word === verb)!;
    expect(word.role).toBe('filler');
    expect(r.measures.every((m) => m.item !== 'net_income')).toBe(true);
  });

  it("Visa's U.S. share of net revenues: its revenue by place, never its net income", async () => {
    const v = await ask("What percentage of Visa's net revenues were earned in the U.S. in fiscal 2023?");
    // (U.S. $14,138 million of $32,653 million.)
    expect(v.text).toMatch(/^Visa \(V\) revenue \(u\.s\) as a share of revenue for fiscal 2023: 43\.3%/);
  });

  it("no company's U.S. net income from a table of its income before income taxes by country (Visa, Analog Devices, Nordson)", async () => {
    for (const q of [
      "What was Visa's U.S. net income in fiscal 2023?",
      "What was Analog Devices' U.S. net income in fiscal 2023?",
      "What was Nordson's U.S. net income in fiscal 2023?",
    ]) {
      const a = await ask(q);
      expect(a.values, q).toEqual([]);
      expect(a.text, q).toMatch(/^The evidence does not state .+'s net income \(u\.s\) for fiscal 2023/);
    }
    // (The table's own quantity is its figure.)
    expect((await ask("What was Visa's U.S. income before income taxes in fiscal 2023?")).values).toEqual([13_339_000_000]);
  });

  it("no part's figure from the consolidated row, another measure's row, or a heading over a statement (Qualcomm, Walmart, Amazon, Johnson & Johnson, Broadcom)", async () => {
    for (const q of [
      // (The audit report's heading "Revenue Recognition - Qualcomm CDMA Technologies (QCT) ..." sits
      // above the statements: the consolidated net income, $7,232 million, was stated as QCT's.)
      "What was Qualcomm's net income from its QCT segment in fiscal 2023?",
      // (The consolidated net income, $15,201 million, was stated as Walmart International's.)
      "What were Walmart International's net income in fiscal 2020?",
      // (North America's operating income, $7,033 million, was stated as its net income.)
      "What were Amazon's North America net income in 2019?",
      // (The U.S. row of income before taxes, $6,110 million, was stated as U.S. net income.)
      "What was Johnson & Johnson's U.S. net income in 2021?",
    ]) {
      const a = await ask(q);
      expect(a.values, q).toEqual([]);
      expect(a.text, q).toMatch(/^The evidence does not state /);
    }
    // (Broadcom's "Infrastructure software" under "Operating income", $5,639 million, was stated as its
    // operating expenses: a row under another item's heading.)
    const avgo = await ask("What were Broadcom's infrastructure software operating expenses in fiscal 2023?");
    expect(avgo.values).toEqual([]);
    // (What the rows are is still read: North America's operating income.)
    expect((await ask("What was Amazon's North America operating income in 2019?")).values).toEqual([7_033_000_000]);
  });
});

describe("a line item's row, of its own statement", () => {
  const ask = sampleAnswers();

  it("income before taxes is never other comprehensive income before taxes, whatever the label's words (HPE, Deere, Apple)", async () => {
    // (HPE's "Other Comprehensive (Loss) Income Before Taxes", -$44 million, gave an effective tax rate
    // of -465.9%; its "Earnings before provision for taxes" is $2,230 million.)
    const hpe = await ask("What was Hewlett Packard Enterprise's income before income taxes in fiscal 2023?");
    expect(hpe.values).toEqual([2_230_000_000]);
    const rate = await ask("What was Hewlett Packard Enterprise's effective tax rate in fiscal 2023?");
    expect(rate.text).toMatch(/effective tax rate for fiscal 2023: 9\.19%/);
    for (const q of [
      "What was Deere's income before income taxes in fiscal 2023?",
      "What was Apple's income before provision for income taxes in fiscal 2023?",
    ])
      expect((await ask(q)).text, q).not.toMatch(/comprehensive/i);
  });
});

describe("a part's net income, never a sentence of another income", () => {
  const ask = sampleAnswers();

  it.each([
    // "our U.S. income before income taxes was $52.9 billion"
    ["What was Microsoft's U.S. net income in fiscal 2023?", /\$52\.9 billion/],
    // "... before taking into consideration U.S. foreign tax credits, decreased the provision for income
    // taxes by approximately $2,104 million ... and increased diluted net income per share by $4.93"
    ["What was Broadcom's U.S. net income in fiscal 2023?", /\$2,104 million/],
    // "Net gains or losses resulting from foreign currency ... are reported in other income (expense) and
    // were a $49 million loss in 2023"
    ["What was Keysight's foreign net income in fiscal 2023?", /\$49 million/],
  ])('%s', async (q, wrong) => {
    const a = await ask(q);
    expect(a.text).not.toMatch(wrong);
    expect(a.values).toEqual([]);
  });
});
