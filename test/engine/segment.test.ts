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

  it('rebuilds one-cell-per-line rows whole with caption, inferred years and unit', () => {
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
    const { statements, tables } = splitStatements(text, 0, 2018);
    const row = statements.find((s) => s.text.startsWith('Purchases'))!;
    expect(row.kind).toBe('row');
    expect(row.text).toBe('Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)');
    expect(tables[row.table!]!.headers).toEqual(['2018', '2017', '2016']);
    expect(tables[row.table!]!.unit).toBe('millions');
    expect(row.context).toContain('Consolidated Statement of Cash Flows');
    expect(row.context).toContain('2018 | 2017 | 2016');
  });

  it('keeps one-row-per-line tables with their printed years', () => {
    const text = 'Consolidated Statement of Cash Flows\n(in millions)\n2022 2021 2020\nCapital spending (5,207) (4,625) (4,240)\nSales of property 251 166 55';
    const { statements, tables } = splitStatements(text, 0, 2022);
    expect(tables[0]!.headers).toEqual(['2022', '2021', '2020']);
    expect(tables[0]!.headersInferred).toBe(false);
    expect(statements.filter((s) => s.kind === 'row').map((s) => s.text)).toEqual(['Capital spending (5,207) (4,625) (4,240)', 'Sales of property 251 166 55']);
  });
});
