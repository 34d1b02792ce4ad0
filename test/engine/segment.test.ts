import { describe, expect, it } from 'vitest';
import { segmentItems } from '../../src/engine/segment/sections.js';
import { splitSentences } from '../../src/engine/segment/sentences.js';
import { splitStatements } from '../../src/engine/segment/statements.js';

const tags = (text: string, form = '10-K') => segmentItems(text, form).map((s) => s.itemTag);
const body = (n: number) => 'The company makes products and sells them to customers worldwide. '.repeat(n);

describe('item segmentation', () => {
  it('skips the table of contents and finds headings in mid-line', () => {
    const text = [
      'FORM 10-K',
      'Item 1. Business 3',
      'Item 1A. Risk Factors 9',
      'Item 7. Managements Discussion and Analysis 30',
      'Item 8. Financial Statements and Supplementary Data 50',
      `PART I Item 1. Business\n${body(20)} Item 1A. Risk Factors\n${body(20)}`,
      `As discussed in Item 7, Management's Discussion and Analysis, sales rose. ${body(5)}`,
      `ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION\n${body(20)}`,
      `see Item 8 of this report. Item 8 - Financial Statements and Supplementary Data\n${body(30)}`,
    ].join('\n');
    const secs = segmentItems(text, '10-K');
    expect(secs.map((s) => s.itemTag)).toEqual(['10K-Cover', '10K-Item-1', '10K-Item-1A', '10K-Item-7', '10K-Item-8']);
    expect(secs[0]!.end).toBeGreaterThan(text.indexOf('Item 8. Financial Statements and Supplementary Data 50'));
    const s7 = secs[3]!;
    expect(text.slice(s7.start, s7.start + 7)).toBe('ITEM 7.');
  });

  it('copes with dashes, colons, "Items 1 and 2." and a title on the next line', () => {
    expect(tags(`Items 1 and 2. Business and Properties\n${body(5)}\nItem 1A:\nRisk Factors\n${body(5)}\nITEM 7 - MANAGEMENTS DISCUSSION\n${body(5)}`)).toEqual([
      '10K-Item-1',
      '10K-Item-1A',
      '10K-Item-7',
    ]);
  });

  it('takes headings the crawler glued onto a sentence, not references to a part', () => {
    const text = `Item 1. Business\n${body(5)} those factors listed under ITEM 1A. RISK FACTORS\n${body(5)}\nSee Item 7, Management's Discussion, for more. ${body(2)}\nsee also Item 7. Managements Discussion and Analysis\n${body(5)}`;
    const secs = segmentItems(text, '10-K');
    expect(secs.map((s) => s.itemTag)).toEqual(['10K-Item-1', '10K-Item-1A', '10K-Item-7']);
    expect(text.slice(secs[2]!.start, secs[2]!.start + 7)).toBe('Item 7.');
    const q = `Item 1. Financial Statements\n${body(5)}\nItem 2. Management's Discussion and Analysis\n${body(3)} as described under Part II, Item 1A. Risk Factors.\n${body(3)}`;
    expect(tags(q, '10-Q')).toEqual(['10Q-Part1-Item-1', '10Q-Part1-Item-2']);
  });

  it('splits 10-Q parts by title, and 8-K items', () => {
    const q = `Item 1. Financial Statements\n${body(5)}\nItem 2. Management's Discussion and Analysis\n${body(5)}\nPART II Item 1. Legal Proceedings\n${body(2)}\nItem 1A. Risk Factors\n${body(2)}\nItem 6. Exhibits\n${body(1)}`;
    expect(tags(q, '10-Q')).toEqual(['10Q-Part1-Item-1', '10Q-Part1-Item-2', '10Q-Part2-Item-1', '10Q-Part2-Item-1A', '10Q-Part2-Item-6']);
    expect(tags(`Item 2.02. Results of Operations and Financial Condition.\n${body(2)}\nItem 9.01 Financial Statements and Exhibits.\n(d) Exhibits`, '8-K')).toEqual([
      '8K-Item-2.02',
      '8K-Item-9.01',
    ]);
  });
});

describe('statements', () => {
  it('splits sentences but not after abbreviations', () => {
    const s = splitSentences('Apple Inc. sells phones in the U.S. and abroad. Sales rose 5.2% in 2023. See Note 3.');
    expect(s.map((x) => x.text)).toEqual(['Apple Inc. sells phones in the U.S. and abroad.', 'Sales rose 5.2% in 2023.', 'See Note 3.']);
  });

  const split = (text: string, fiscalYear = 2018) => splitStatements(text, 0, { fiscalYear, periodYear: fiscalYear, inferYears: true, sectionTitle: 'Financial Statements' });

  it('rebuilds one-cell-per-line rows whole, with the caption, inferred years and the unit', () => {
    const text = [
      'The accompanying notes are an integral part of this statement, which the company prepared with care.',
      '3M Company and Subsidiaries',
      'Consolidated Statement of Cash Flows',
      'Years ended December 31',
      '(Millions)',
      'Cash Flows from Investing Activities',
      'Purchases of property, plant and equipment (PP&E)',
      '(1,577)',
      '(1,373)',
      '(1,420)',
      'Acquisitions, net of cash acquired',
      '(2,023)',
      '(16)',
    ].join('\n');
    const { statements, tables } = split(text);
    const row = statements.find((s) => s.text.startsWith('Purchases'))!;
    expect(row.kind).toBe('row');
    const t = tables[row.table!]!.model;
    expect(t.rows[row.row!]!.label).toBe('Purchases of property, plant and equipment (PP&E)');
    expect(t.rows[row.row!]!.cells.map((c) => c?.value)).toEqual([-1577, -1373, -1420]);
    expect(t.columns.map((c) => c.period?.fiscalYear)).toEqual([2018, 2017, 2016]);
    expect(t.columns.every((c) => c.inferred)).toBe(true);
    expect(t.unit?.scale).toBe(1e6);
    expect(t.caption).toContain('Consolidated Statement of Cash Flows');
    expect(t.rows[row.row!]!.group).toBe('Cash Flows from Investing Activities');
    // Two values for three columns: the text lost one, so the row is not read by column.
    expect(t.rows.find((r) => r.label.startsWith('Acquisitions'))!.aligned).toBe(false);
  });

  it('keeps one-row-per-line tables with their printed years', () => {
    const text = 'Consolidated Statement of Cash Flows\n(in millions)\n2022 2021 2020\nCapital spending (5,207) (4,625) (4,240)\nSales of property 251 166 55';
    const { statements, tables } = split(text, 2022);
    const t = tables[0]!.model;
    expect(t.columns.map((c) => [c.label, c.period?.fiscalYear, c.inferred])).toEqual([['2022', 2022, false], ['2021', 2021, false], ['2020', 2020, false]]);
    expect(statements.filter((s) => s.kind === 'row').map((s) => s.text)).toEqual(['Capital spending (5,207) (4,625) (4,240)', 'Sales of property 251 166 55']);
  });

  it('keeps digits that belong to a label, and reads the unit on the header line', () => {
    const text = [
      '3M Company and Subsidiaries',
      'Consolidated Statement of Income',
      'Years ended December 31',
      '(Millions, except per share amounts) 2022 2021 2020',
      'Net sales $ 34,229 $ 35,355 $ 32,184',
      'Net income attributable to 3M $ 5,777 $ 5,921 $ 5,449',
      'Purchases of marketable securities with maturities greater than 90 days (1,034) (962) (1,002)',
    ].join('\n');
    const t = split(text, 2022).tables[0]!.model;
    expect(t.unit?.scale).toBe(1e6);
    expect(t.unit?.exceptPerShare).toBe(true);
    expect(t.statement).toBe('income');
    expect(t.rows.map((r) => [r.label, r.cells.map((c) => c?.value)])).toEqual([
      ['Net sales', [34229, 35355, 32184]],
      ['Net income attributable to 3M', [5777, 5921, 5449]],
      ['Purchases of marketable securities with maturities greater than 90 days', [-1034, -962, -1002]],
    ]);
  });

  it('does not take an auditor\'s report date for the column years', () => {
    const text = [
      '/s/ PricewaterhouseCoopers LLP',
      'Minneapolis, Minnesota',
      'February 8, 2023',
      'We have served as the Companys auditor since 1975.',
      '3M Company and Subsidiaries',
      'Consolidated Statement of Income',
      'Years ended December 31',
      '(Millions, except per share amounts) 2022 2021 2020',
      'Net sales $ 34,229 $ 35,355 $ 32,184',
      'Cost of sales 19,232 18,795 16,605',
    ].join('\n');
    const { tables, statements } = split(text, 2022);
    const t = tables[0]!.model;
    expect(t.columns.map((c) => c.period?.fiscalYear)).toEqual([2022, 2021, 2020]);
    expect(t.caption).not.toMatch(/PricewaterhouseCoopers|February/);
    expect(statements.some((s) => s.kind === 'heading' && s.text.startsWith('/s/'))).toBe(true);
  });

  it('starts a new table at a period line inside a table, keeping the column names', () => {
    const text = [
      '(Amounts in millions)',
      'Walmart U.S.',
      'Walmart International',
      'Consolidated',
      'Fiscal Year Ended January 31, 2020',
      'Net sales $ 341,004 $ 120,130 $ 461,134',
      'Capital expenditures 6,315 2,801 9,116',
      'Fiscal Year Ended January 31, 2019',
      'Net sales $ 331,666 $ 120,824 $ 452,490',
    ].join('\n');
    const { tables } = split(text, 2020);
    expect(tables.map((t) => t.model.columns.map((c) => `${c.label}@${c.period?.fiscalYear}`))).toEqual([
      ['Walmart U.S.@2020', 'Walmart International@2020', 'Consolidated@2020'],
      ['Walmart U.S.@2019', 'Walmart International@2019', 'Consolidated@2019'],
    ]);
  });
});
