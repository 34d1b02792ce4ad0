// Figures answer only the question that was read (issues 22 and 27), on the sample index: the issues'
// examples answer right or abstain saying what is missing; for every battery question, unread words mean
// no figure; and a question the engine answers, changed by a period part, a basis, an exclusion or an
// operation it cannot apply, never gets the unchanged figure as its answer.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from '../../bench/lib/verdict.js';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { sampleIndexPath } from '../helpers/sample.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: sampleIndexPath() });
});
afterAll(async () => backend.close());

const ask = async (query: string): Promise<ResearchResponse> =>
  backend.query({ query, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
const answer = async (q: string) => (await ask(q)).answer!.text;
const readingOf = (r: ResearchResponse) => r.notices?.find((n) => n.code === 'QUESTION_READ')?.message ?? '';

describe('issue 27 examples', () => {
  it('the second half: the year less the first half, or an abstention naming the missing first half, then what the filings do give', async () => {
    const a = await answer("What was Apple's net sales in the second half of fiscal 2022?");
    expect(a).toMatch(
      /^The evidence does not state Apple's revenue for the second half of fiscal 2022: it needs the first half of fiscal 2022 \(the second-quarter 10-Q\), which the index does not give, so it cannot be derived\. What it does give: revenue for fiscal 2022: \$394,328 million/,
    );
    expect(verdict(a, { figure: 394328, unit: 'million', tolerance: 0.005 })).toBe('abstained');
  });
  it('an exclusion is applied with its amount cited, or the answer names what it could not apply; the company named in it is no second company', async () => {
    const r = await ask("What was Microsoft's GAAP operating income excluding the Activision deal costs in fiscal 2022?");
    expect(r.answer!.text).toMatch(
      /^Cannot answer this as asked for Microsoft: the question's "excluding Activision deal costs" could not be applied/,
    );
    expect(r.answer!.text).not.toMatch(/Activision Blizzard's operating income/);
    expect(verdict(r.answer!.text, { figure: 83383, unit: 'million', tolerance: 0.005 })).toBe('abstained');
  });
  it('a named filing is the source, not a period asked', async () => {
    const a = await answer("According to Nike's fiscal 2019 10-K, what were revenues in fiscal 2017?");
    expect(a).toMatch(/^Nike \(NKE\) revenue for fiscal 2017: \$34,350 million, reported as "Revenues", the 10-K FY2019 income statement/);
    expect(a.split('\n')).toHaveLength(1);
  });
  it('an average of two figures the index holds, both cited', async () => {
    const a = await answer("What were Apple's average total net sales over fiscal 2021 and 2022?");
    expect(a).toMatch(/^Apple \(AAPL\) average revenue: \$380,072\.5 million|^Apple \(AAPL\) average revenue: \$380,073 million/);
    expect(a).toMatch(/\$365,817 million.*\[[A-Z]\].*\$394,328 million.*\[[A-Z]\]/);
  });
  it('a named filing the index lacks: what it holds, and the pull that adds it', async () => {
    const a = await answer('In its 2022 annual report, what did Walmart report as net sales for fiscal 2021?');
    expect(a).toBe(
      "The index does not hold Walmart's 10-K for fiscal 2022, so this cannot be answered from it (it holds its 10-K for fiscal 2018, 2019 and 2020); add it with: filings corpus pull WMT --years 2022 --forms 10-K.",
    );
  });
  it('the reading is in the notices', async () => {
    const r = await ask("What was Apple's net sales in the second half of fiscal 2022?");
    expect(readingOf(r)).toMatch(
      /^company AAPL; measure line item revenue; period fiscal 2022, second half; operation value; unread none\./,
    );
  });
});

describe('issue 22 examples', () => {
  it.each<[string, RegExp]>([
    // Operations as asked.
    [
      "By how much did Apple's Services net sales increase in fiscal 2023?",
      /^Apple \(AAPL\) revenue \(services\) increased by \$7,071 million from fiscal 2022 to fiscal 2023/,
    ],
    // A row beyond the lexicon, and its part of the company.
    ["What was Kraft Heinz's goodwill impairment in 2019?", /: \$1,197 million, reported as "Goodwill impairment losses"/],
    [
      "What were Coca-Cola's operating lease liabilities at the end of 2021?",
      /^Coca-Cola \(KO\) total liabilities \(operating lease\) for fiscal 2021: \$1,471 million/,
    ],
    // The right row of the right table: short-term debt is not the long-term debt row.
    [
      "What was Corning's debt-to-equity ratio in 2022?",
      /^Corning \(GLW\) debt-to-equity ratio for fiscal 2022: 0\.56\..*short-term debt \$224 million/,
    ],
    // A footnote digit glued to a label; a share count is never a per-share figure.
    [
      "What was Coca-Cola's diluted net income per share in 2022?",
      /^Coca-Cola \(KO\) diluted earnings per share for fiscal 2022: \$2\.19 per share/,
    ],
    [
      "What was Adobe's diluted earnings per share in fiscal 2022?",
      /^Adobe \(ADBE\) diluted earnings per share for fiscal 2022: \$10\.10 per share, reported as "Diluted net income per share", the 10-K FY2022 income statement \[[A-Z]\]\.$/,
    ],
    // A figure in a table or stated in a sentence.
    [
      "What was Lockheed Martin's backlog at the end of 2021?",
      /^Lockheed Martin \(LMT\) backlog for fiscal 2021: \$135,355 million|\$135\.4 billion/,
    ],
    // A percentage printed under the metric's name before one computed: Costco's gross margin is on
    // net sales, not on revenue with membership fees (10.4%).
    [
      "What was Costco's gross margin percentage in fiscal 2023?",
      /^Costco \(COST\) gross margin for fiscal 2023: 10\.57%, reported as "Gross margin percentage"/,
    ],
    // A count asked is never answered with money ($77,550 million of repurchases).
    [
      'What was the total number of shares repurchased by Apple in fiscal 2023?',
      /^Apple \(AAPL\): 471 million shares, as the filing states it/,
    ],
    // Counts listed before their noun pair with the sentence's dates in order ("861, 838, and 815
    // warehouses worldwide at September 3, 2023, ..."); "270 warehouses outside of the U.S." is a part.
    ['How many Costco warehouses were open at the end of fiscal 2023?', /^Costco \(COST\) warehouses open for fiscal 2023: 861 warehouses/],
    ['How many warehouses did Costco operate at the end of fiscal 2022?', /^Costco \(COST\) warehouses for fiscal 2022: 838 warehouses/],
    // A phrase that is another noun's object ("a $249 million gain on the sale of Heinz India ... in
    // Canada") states nothing of net sales in Canada.
    [
      "What were Kraft Heinz's net sales in Canada in 2019?",
      /^The evidence does not state Kraft Heinz's revenue \(canada\) for fiscal 2019 as one figure: rows that read as it differ/,
    ],
    // A part asked that the sentence never names, or asked beside the whole it states ("2.2 million
    // employees ("associates") worldwide"), is not that whole.
    [
      'How many full-time employees did Walmart have in fiscal 2020?',
      /^The evidence does not state Walmart's full-time employees for fiscal 2020\./,
    ],
    ['How many employees did Walmart have in the U.S. at the end of fiscal 2020?', /^The evidence does not state Walmart's employees/],
    ['How many employees did Walmart have in fiscal 2020?', /^Walmart \(WMT\) employees for fiscal 2020: 2\.2 million employees/],
    // A word beside the item's that is neither its own nor a qualifier asks another figure: "cash ...
    // dividends" is not the cash balance ($34,704 million).
    ['How much cash did Microsoft pay for dividends in fiscal 2023?', /^The evidence does not state Microsoft's/],
    // A part's own rows, not the total a caption naming the parts heads; their difference in points.
    [
      "What was the difference between Apple's Products and Services gross margin in fiscal 2023?",
      /^Apple \(AAPL\) gross margin \(products\) less gross margin \(services\): -34\.3 percentage points/,
    ],
    // A closing balance under another noun's group ("Noncontrolling Interests") is not the interest paid.
    ['How much did Verizon pay in interest in 2022?', /^The evidence does not state Verizon's interest for fiscal 2022\./],
    // Items that may be gains or costs ("special items") are neither added back nor taken out.
    [
      "What was 3M's net income in 2022 excluding special items?",
      // (Not subtracted: the amount stated is of "corporate special items", a longer item's row.)
      /^Cannot answer this as asked for MMM: the question's "excluding special items" could not be applied \(the amount the filings state is of "corporate special items"/,
    ],
    // "Of Sam's Club's total net sales, approximately $3.6 billion ... related to eCommerce" is a part:
    // the segment's net sales are its own table's (the MD&A's "Sam's Club Segment").
    [
      "What were Walmart's Sam's Club net sales in fiscal 2020?",
      /^Walmart \(WMT\) revenue \(sam club\) for fiscal 2020: \$58,792 million, reported as "Net sales"/,
    ],
    // A per-share figure asked in any word order is never an amount ($9,804 million of net income).
    [
      "What was Coca-Cola's net income per diluted share in 2021?",
      /^Coca-Cola \(KO\) diluted earnings per share for fiscal 2021: \$2\.25 per share/,
    ],
    // An income tax expense a statement prints in parentheses, as it prints its costs, is deducted: its
    // rate is positive (16.4%, not -16.4%).
    ["What was Lockheed Martin's effective tax rate in 2021?", /^Lockheed Martin \(LMT\) effective tax rate for fiscal 2021: 16\.4%/],
    // A limit ("up to 500 million shares"), an act not asked ("repurchased 21.3 million shares") or a
    // sentence of other years only is no count of the shares outstanding.
    ['How many shares of common stock did Coca-Cola have outstanding at the end of 2022?', /^The evidence does not state Coca-Cola's/],
    // The employees of one site ("occupied by approximately 12,600 employees engaged in management
    // ...") are not the company's: its 10-K for fiscal 2019 states no total.
    ['How many employees did Nike have at the end of fiscal 2019?', /^The evidence does not state Nike's employees for fiscal 2019\./],
    // A sentence's phrase that only qualifies another noun ("earnings before provision for taxes on
    // income"), or a part of a year ("the fiscal nine months of 2022"), states nothing of the year.
    [
      "What was Johnson & Johnson's provision for taxes on income in 2022?",
      /^The evidence does not state Johnson & Johnson's income tax expense for fiscal 2022\./,
    ],
    // Two rows read as it with different values: said, never guessed.
    [
      "What was Apple's term debt in fiscal 2022?",
      /^The evidence does not state Apple's .* as one figure: rows that read as it differ \(.*"Term debt" \$11,128 million .*"Term debt" \$98,959 million/,
    ],
  ])('%s', async (q, expected) => {
    expect((await answer(q)).split('\n')[0]).toMatch(expected);
  });
});

interface BatteryLine {
  id: string;
  question: string;
  expect: Parameters<typeof verdict>[1];
}
const battery = (name: string): BatteryLine[] =>
  readFileSync(new URL(`../battery/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BatteryLine);

describe('no figure for a question not read whole', () => {
  it('for every battery question, words left unread mean the answer states no figure', async () => {
    // With questions whose words the reader cannot all use, so that the check always has some.
    const ruledOut = [
      "What were Nike's reported revenues (not the wholesale equivalent) for the Jordan Brand in fiscal 2023?",
      "What were Apple's net sales in fiscal 2023 (not as restated for the new segments)?",
    ].map((question, i) => ({ id: `unread-${i}`, question }) as BatteryLine);
    const all = [...['questions', 'holdout', 'holdout-2', 'holdout-3', 'shapes'].flatMap(battery), ...ruledOut];
    let unread = 0;
    for (const q of all) {
      const r = await ask(q.question);
      if (/; unread none\./.test(readingOf(r))) continue;
      unread++;
      // Declining before any figure: the verdict's reading of an abstention.
      expect(verdict(r.answer!.text, { abstain: true }), `${q.id}: ${r.answer!.text.slice(0, 160)}`).toBe('right');
    }
    expect(unread).toBeGreaterThan(0);
  });

  // Changes the reader cannot apply to these questions' figures: none may return the unchanged figure.
  const MUTATIONS: [string, (q: string) => string][] = [
    ['a basis', (q) => `${q.replace(/\?$/, '')} on a pro forma basis?`],
    ['a basis', (q) => `${q.replace(/\?$/, '')} on a constant currency basis?`],
    ['an exclusion', (q) => `${q.replace(/\?$/, '')} excluding the impact of acquisitions?`],
    ['a qualifier', (q) => `${q.replace(/\?$/, '')} per employee?`],
    ['an operation', (q) => `${q.replace(/\?$/, '')}, annualized?`],
    ['a period part', (q) => `${q.replace(/\?$/, '')} in the trailing eighteen months?`],
  ];

  it('a period part, a basis, an exclusion or an operation added to an answered question never yields the unchanged figure', async () => {
    const answered: BatteryLine[] = [];
    for (const q of battery('questions').filter((x) => 'figure' in x.expect)) {
      if (answered.length >= 24) break;
      const a = await answer(q.question);
      if (verdict(a, q.expect) === 'right') answered.push(q);
    }
    expect(answered.length).toBe(24);
    for (const q of answered) {
      for (const [what, mutate] of MUTATIONS) {
        const changed = mutate(q.question);
        const a = await answer(changed);
        expect(verdict(a, q.expect), `${what}: ${changed} -> ${a.slice(0, 200)}`).not.toBe('right');
      }
    }
  });
});
