// The line-item lexicon (issue 15): analyst words to line items and metrics, longest phrase first,
// plurals and abbreviations; row labels read as line items.
import { describe, expect, it } from 'vitest';
import data from '../../src/engine/lexicon/line-items.json' with { type: 'json' };
import { LINE_ITEMS } from '../../src/engine/lexicon/line-items.js';
import { labelScore, lineItem, matchLexicon } from '../../src/engine/lexicon/match.js';
import { statedFigures } from '../../src/engine/text/stated-figures.js';

const keys = (q: string) => matchLexicon(q).map((h) => `${h.kind}:${h.key}`);

describe('the lexicon in questions', () => {
  it.each<[string, string[]]>([
    ["What were Walmart's capital expenditures in fiscal 2020?", ['item:capex']],
    ['amazon operating margins 2019', ['metric:operating_margin']],
    ["What is 3M's quick ratio?", ['metric:quick_ratio']],
    ['cash flow from operations and FCF for AMD', ['item:operating_cash_flow', 'metric:free_cash_flow']],
    ['SG&A as % of sales', ['item:sga', 'item:revenue']],
    ['Property, Plant & Equipment of Boeing', ['item:ppe']],
    ['net PPNE', ['item:ppe']],
    ['Amcor net AR in 2020', ['item:receivables']],
    ['gross margins and capital intensity', ['metric:gross_margin', 'metric:capital_intensity']],
    ['total current assets', ['item:current_assets']],
    ['cost of sales', ['item:cost_of_revenue']],
    ['return on average total assets', ['metric:roa']],
    ['diluted EPS for FY2022', ['item:eps_diluted']],
  ])('%s', (q, expected) => {
    expect(keys(q)).toEqual(expected);
  });

  it('does not read other things that share the words', () => {
    expect(keys('What are the risks?')).toEqual([]); // "are" is no A/R
    expect(keys('What is the equity method income?')).toEqual([]);
    expect(keys('a public equities analyst')).toEqual([]);
    expect(keys('Tier 1 leverage ratio')).toEqual([]);
  });

  it('notes the word written before an item, which may narrow it', () => {
    expect(matchLexicon('Azure revenue in FY2023')[0]).toMatchObject({ key: 'revenue', before: 'azure' });
  });
});

describe('row labels as line items', () => {
  it.each<[string, string, number]>([
    ['capex', 'Payments for property and equipment', 1],
    ['capex', 'Purchases of land, buildings, and equipment', 1],
    ['capex', 'Proceeds from sale of property and equipment', 0],
    ['net_income', 'Net income attributable to 3M', 1],
    ['net_income', 'Net income attributable to The Walt Disney Company (Disney)', 1],
    ['net_income', 'Less: Net income (loss) attributable to noncontrolling interest', 0],
    ['revenue', 'Total net sales', 1],
    ['revenue', 'Cost of revenue', 0],
    ['long_term_debt', 'Long-term debt, net of current portion', 1],
    ['operating_cash_flow', 'Net cash provided by (used in) operating activities', 1],
    // A loss-making year's row is the item too (Boeing); income from investments is not it.
    ['operating_income', 'Loss from operations', 1],
    ['operating_income', '(Loss) income from operations', 1],
    ['operating_income', 'Operating loss', 1],
    ['operating_income', '(Loss)/income from operating investments, net', 0],
  ])('%s <- "%s"', (item, label, score) => {
    expect(labelScore(lineItem(item as never), label)).toBe(score);
  });
});

describe('the lexicon data (line-items.json)', () => {
  // A synonym is one string in its item's "ask" list, and one row here.
  it.each<[string, string]>([
    ['topline', 'revenue'],
    ['cogs', 'cost_of_revenue'],
    ['sbc', 'stock_compensation'],
    ['nii', 'net_interest_income'],
    ['cfo', 'operating_cash_flow'],
    ['ppne', 'ppe'],
    ['a/p', 'payables'],
    ['net income per diluted share', 'eps_diluted'],
    ['earnings per basic share', 'eps_basic'],
  ])('"%s" reads as %s', (synonym, item) => {
    expect(data.find((d) => d.key === item)?.ask).toContain(synonym);
    expect(keys(synonym)).toEqual([`item:${item}`]);
  });

  it('reads every asked phrase as its own item', () => {
    // "total equity" is also shareholders' equity's printed label; that item, listed first, reads it.
    const shared = new Set(['total_equity:total equity']);
    const unread = LINE_ITEMS.flatMap((it) =>
      it.ask.filter((a) => !shared.has(`${it.key}:${a}`) && !keys(a).includes(`item:${it.key}`)).map((a) => `${it.key}:${a}`),
    );
    expect(unread).toEqual([]);
  });

  it('holds well-formed items: unique keys, known statements, label patterns that compile', () => {
    expect(new Set(data.map((d) => d.key)).size).toBe(data.length);
    for (const d of data) {
      expect(['income', 'balance', 'cash_flow', 'equity']).toContain(d.statement);
      expect(['instant', 'duration']).toContain(d.period);
      expect(() => new RegExp(d.accept, 'i')).not.toThrow();
    }
    expect(lineItem('capex').accept.test('Purchases of property and equipment')).toBe(true);
    expect(lineItem('capex').reject?.test('Proceeds from sales of property')).toBe(true);
  });
});

describe('figures stated in prose', () => {
  it('pairs amounts with years in order', () => {
    const s = statedFigures(
      'Research and development expenses were $771 million, $753 million and $719 million in 2022, 2021 and 2020, respectively.',
    );
    expect(s.map((x) => [x.year, x.amount])).toEqual([
      [2022, 771e6],
      [2021, 753e6],
      [2020, 719e6],
    ]);
    expect(statedFigures('Operating income was $12.4 billion and $14.5 billion for 2018 and 2019.').map((x) => [x.year, x.amount])).toEqual(
      [
        [2018, 12.4e9],
        [2019, 14.5e9],
      ],
    );
  });
});
