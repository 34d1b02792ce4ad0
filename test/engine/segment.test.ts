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
    expect(
      tags(
        `Items 1 and 2. Business and Properties\n${body(5)}\nItem 1A:\nRisk Factors\n${body(5)}\nITEM 7 - MANAGEMENTS DISCUSSION\n${body(5)}`,
      ),
    ).toEqual(['10K-Item-1', '10K-Item-1A', '10K-Item-7']);
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
    expect(
      tags(
        `Item 2.02. Results of Operations and Financial Condition.\n${body(2)}\nItem 9.01 Financial Statements and Exhibits.\n(d) Exhibits`,
        '8-K',
      ),
    ).toEqual(['8K-Item-2.02', '8K-Item-9.01']);
  });
});

describe('statements', () => {
  it('splits sentences but not after abbreviations', () => {
    const s = splitSentences('Apple Inc. sells phones in the U.S. and abroad. Sales rose 5.2% in 2023. See Note 3.');
    expect(s.map((x) => x.text)).toEqual(['Apple Inc. sells phones in the U.S. and abroad.', 'Sales rose 5.2% in 2023.', 'See Note 3.']);
  });

  const split = (text: string, fiscalYear = 2018) =>
    splitStatements(text, 0, { fiscalYear, periodYear: fiscalYear, inferYears: true, sectionTitle: 'Financial Statements' });

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
    const text =
      'Consolidated Statement of Cash Flows\n(in millions)\n2022 2021 2020\nCapital spending (5,207) (4,625) (4,240)\nSales of property 251 166 55';
    const { statements, tables } = split(text, 2022);
    const t = tables[0]!.model;
    expect(t.columns.map((c) => [c.label, c.period?.fiscalYear, c.inferred])).toEqual([
      ['2022', 2022, false],
      ['2021', 2021, false],
      ['2020', 2020, false],
    ]);
    expect(statements.filter((s) => s.kind === 'row').map((s) => s.text)).toEqual([
      'Capital spending (5,207) (4,625) (4,240)',
      'Sales of property 251 166 55',
    ]);
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

  it("does not take an auditor's report date for the column years", () => {
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

describe('quarterly report tables as the crawler flattened them', () => {
  // A 10-Q: its fiscal year, the calendar year and the date its period ends.
  const quarterly = (text: string, fiscalYear: number, periodEnd: string) =>
    splitStatements(text, 0, {
      fiscalYear,
      periodYear: Number(periodEnd.slice(0, 4)),
      periodEnd,
      inferYears: false,
      sectionTitle: 'Financial Statements',
    });
  const periods = (t: { columns: { label: string; period: { kind: string; fiscalYear: number; months?: number } | null }[] }) =>
    t.columns.map((c) => (c.period ? `${c.label}|${c.period.kind}|${c.period.fiscalYear}|${c.period.months ?? ''}` : `${c.label}|-`));

  it('reads date headers broken across lines, completing a year the text lost from the same date', () => {
    const text = [
      'PFIZER INC. AND SUBSIDIARY COMPANIES',
      'CONDENSED CONSOLIDATED STATEMENTS OF INCOME',
      'Three Months Ended Six Months Ended',
      '(MILLIONS, EXCEPT PER SHARE DATA) July 2,',
      '2023 July 3,',
      '2022 July 2,',
      '2023 July 3,',
      'Revenues $ 12,734 $ 27,742 $ 31,015 $ 53,402',
      'Cost of sales 3,246 8,456 7,815 16,357',
    ].join('\n');
    const t = quarterly(text, 2023, '2023-07-02').tables[0]!.model;
    expect(periods(t)).toEqual([
      'July 2, 2023|duration|2023|3',
      'July 3, 2022|duration|2022|3',
      'July 2, 2023|duration|2023|6',
      'July 3, 2022|duration|2022|6',
    ]);
    expect(t.rows[0]!.label).toBe('Revenues');
  });

  it('continues a run of years for a last date whose year the text lost (Qualcomm: 2023, 2022, then 2021)', () => {
    const text = [
      'QUALCOMM Incorporated',
      'CONSOLIDATED STATEMENTS OF OPERATIONS',
      '(In millions, except per share data)',
      'Year Ended',
      'September 24,',
      '2023 September 25,',
      '2022 September 26,',
      'Revenues:',
      'Equipment and services $ 30,028 $ 37,171 $ 26,741',
      'Licensing 5,792 7,029 6,825',
      'Total revenues 35,820 44,200 33,566',
    ].join('\n');
    const t = splitStatements(text, 0, {
      fiscalYear: 2023,
      periodYear: 2023,
      periodEnd: '2023-09-24',
      inferYears: false,
      sectionTitle: 'Financial Statements',
    }).tables[0]!.model;
    expect(t.columns.map((c) => c.period?.fiscalYear)).toEqual([2023, 2022, 2021]);
  });

  it('gives dates printed without years theirs from the period of report, in the fiscal year the filing is labelled', () => {
    // Ulta: the quarter ended October 28, 2023 is in fiscal year FY-2024 (the year ends February 3, 2024).
    const income = [
      'Consolidated Statements of Income',
      '13 Weeks Ended',
      '39 Weeks Ended',
      'October 28,',
      'October 29,',
      'October 28,',
      'October 29,',
      '(In thousands)',
      'Net income',
      '$',
      '249,483',
      '$',
      '274,585',
      '$',
      '896,636',
      '$',
      '901,657',
    ].join('\n');
    expect(periods(quarterly(income, 2024, '2023-10-28').tables[0]!.model)).toEqual([
      'October 28, 2023|duration|2024|3',
      'October 29, 2022|duration|2023|3',
      'October 28, 2023|duration|2024|9',
      'October 29, 2022|duration|2023|9',
    ]);
    // The balance sheet's last year end (January 28, 2023) is the end of fiscal 2023, not 2024.
    const balance = [
      'Consolidated Balance Sheets',
      'October 28,',
      'January 28,',
      'October 29,',
      '(In thousands)',
      'Cash and cash equivalents',
      '$',
      '410,900',
      '$',
      '737,877',
      '$',
      '318,497',
    ].join('\n');
    expect(periods(quarterly(balance, 2024, '2023-10-28').tables[0]!.model)).toEqual([
      'October 28, 2023|instant|2024|',
      'January 28, 2023|instant|2023|',
      'October 29, 2022|instant|2023|',
    ]);
  });

  it('reads dates written in numbers, and weeks as months', () => {
    const text = [
      'Condensed Consolidated Statement of Income',
      '(in millions except per share amounts, unaudited)',
      '12 Weeks Ended',
      '3/25/2023 3/19/2022',
      'Net Revenue $ 17,846 $ 16,200',
      'Cost of sales 7,988 7,433',
      'Gross profit 9,858 8,767',
    ].join('\n');
    expect(periods(quarterly(text, 2023, '2023-03-25').tables[0]!.model)).toEqual([
      '3/25/2023|duration|2023|3',
      '3/19/2022|duration|2022|3',
    ]);
  });

  it('names a total printed without its label after its group, when it sums the group', () => {
    const text = [
      'CONSOLIDATED STATEMENTS OF OPERATIONS',
      '(In thousands)',
      '2023 2022',
      'Revenues',
      'Casino $ 1,951,382 $ 1,357,134',
      'Rooms 815,323 774,732',
      'Reimbursed costs 11,555 9,924',
      '2,778,260 2,141,790',
      'Expenses',
      'Casino 1,025,745 622,166',
      '1,000,000 2,000,000',
    ].join('\n');
    const rows = quarterly(text, 2023, '2023-06-30').tables[0]!.model.rows;
    expect(rows.map((r) => [r.label, r.kind])).toContainEqual(['Total revenues', 'total']);
    // A row that does not sum its group keeps its empty label.
    expect(rows.at(-1)!.label).toBe('');
  });

  it('closes a group at the total that names it less how it is presented; a gross total does not close a net group', () => {
    const text = [
      'Net sales by segment',
      '(In millions) 2022 2021',
      'CooperSurgical net sales by category:',
      'Office and surgical products 633.6 451.3',
      'Fertility 431.5 319.2',
      'Total CooperSurgical net sales 1,065.1 770.5',
      'Total net sales 3,308.4 2,922.5',
      'Accounts receivable, net:',
      'Accounts receivable 779.4 563.6',
      'Unbilled accounts receivable 46.3 35.6',
      'Total accounts receivable 825.7 599.2',
      'Less: allowance for credit losses (29.6) (30.7)',
      'Total 796.1 568.5',
    ].join('\n');
    const rows = quarterly(text, 2022, '2022-10-31').tables[0]!.model.rows;
    const group = (label: string) => rows.find((r) => r.label === label)?.group;
    expect(group('Fertility')).toBe('CooperSurgical net sales by category');
    expect(group('Total net sales')).toBeNull();
    expect(group('Less: allowance for credit losses')).toBe('Accounts receivable, net');
    expect(group('Total')).toBe('Accounts receivable, net');
  });
});

describe('columns a caption names', () => {
  it('a caption line naming the columns and their total ("CSG EISG Total") names them, each of the period line\'s year', () => {
    const table = (caption: string[]) =>
      splitStatements(
        [
          ...caption,
          '(in millions)',
          'Year ended October 31, 2023:',
          'Total and segment revenue $ 3,685 $ 1,779 $ 5,464',
          'Segment income $ 1,068 $ 581 $ 1,649',
        ].join('\n'),
        0,
        { fiscalYear: 2023, periodYear: 2023, inferYears: true, sectionTitle: 'Financial Statements' },
      ).tables[0]!.model;
    const named = table(['Segment results', 'CSG EISG Total']).columns;
    expect(named.map((c) => c.label)).toEqual(['CSG', 'EISG', 'Total']);
    expect(named.map((c) => [c.period?.fiscalYear, c.period?.kind, c.inferred])).toEqual(Array(3).fill([2023, 'duration', false]));
    // Names that are not one word each are no columns' names: no column is a year.
    expect(table(['Segment results', 'North America Europe Total']).columns.map((c) => c.period)).toEqual([null, null, null]);
    // Without the names, the same rows are read as the filing's latest years (inferred).
    expect(table(['Segment results']).columns.map((c) => c.period?.fiscalYear)).toEqual([2023, 2022, 2021]);
  });
});

describe('columns named again under each year', () => {
  const split = (lines: string[]) =>
    splitStatements(lines.join('\n'), 0, { fiscalYear: 2023, periodYear: 2023, inferYears: true, sectionTitle: 'Financial Statements' })
      .tables;
  it('"2023 2022" over "CSG EISG Total CSG EISG Total": each year\'s segments, one table with the unit line after them', () => {
    const tables = split([
      'The following table presents segment assets and capital expenditures directly managed by each segment.',
      'Year Ended October 31,',
      '2023 2022',
      'CSG EISG Total CSG EISG Total',
      '(in millions)',
      'Segment assets $ 4,410 $ 1,920 $ 6,330 $ 4,312 $ 1,715 $ 6,027',
      'Capital expenditures $ 112 $ 84 $ 196 $ 126 $ 59 $ 185',
    ]);
    expect(tables).toHaveLength(1);
    const m = tables[0]!.model;
    expect(m.columns.map((c) => `${c.label} ${c.period?.fiscalYear}`)).toEqual([
      'CSG 2023',
      'EISG 2023',
      'Total 2023',
      'CSG 2022',
      'EISG 2022',
      'Total 2022',
    ]);
    expect(m.unit?.scale).toBe(1e6);
    expect(m.rows.map((r) => [r.label, r.cells.length, r.aligned])).toEqual([
      ['Segment assets', 6, true],
      ['Capital expenditures', 6, true],
    ]);
  });
  it('"Dollars % of Net Revenue" said over each year: amounts under the years, percentages beside them', () => {
    const m = split([
      'Results of operations were as follows:',
      'For the fiscal years ended October 31',
      '2023 2022',
      'Dollars % of Net Revenue Dollars % of Net Revenue',
      'Dollars in millions',
      'Net revenue $ 53,718 100.0% $ 62,910 100.0%',
      'Cost of revenue 42,210 78.6% 50,647 80.5%',
    ])[0]!.model;
    expect(m.columns.map((c) => `${c.label}:${c.period?.fiscalYear ?? '-'}`)).toEqual(['2023:2023', '%:-', '2022:2022', '%:-']);
    expect(m.rows.map((r) => r.cells.length)).toEqual([4, 4]);
  });
  it('names one a line ending with "Total", then a group heading: the columns of the period line', () => {
    const m = split([
      'Information on the reportable segment net revenues are presented below (amounts in millions):',
      'Year Ended December 31, 2019',
      'Activision',
      'Blizzard',
      'King',
      'Total',
      'Segment Revenues',
      'Net revenues from external customers $ 2,219 $ 1,676 $ 2,031 $ 5,926',
      'Segment net revenues $ 2,219 $ 1,719 $ 2,031 $ 5,969',
    ])[0]!.model;
    expect(m.columns.map((c) => `${c.label} ${c.period?.fiscalYear}`)).toEqual([
      'Activision 2019',
      'Blizzard 2019',
      'King 2019',
      'Total 2019',
    ]);
    expect(m.rows.map((r) => [r.label, r.cells.filter(Boolean).length])).toEqual([
      ['Segment Revenues', 0],
      ['Net revenues from external customers', 4],
      ['Segment net revenues', 4],
    ]);
  });
});

describe('parts named over their years', () => {
  it("splits a caption's run-together names by the names the filing prints as rows, a part for each run of years", async () => {
    const { nameColumnsByParts } = await import('../../src/engine/segment/part-names.js');
    const model = (caption: string, columns: number[], rows: string[]) => ({
      caption,
      headingPath: [],
      unit: null,
      statement: null,
      columns: columns.map((y) => ({
        label: String(y),
        period: { kind: 'duration' as const, fiscalYear: y, months: 12 },
        inferred: false,
      })),
      rows: rows.map((label) => ({ label, cells: [], kind: 'data' as const, group: null, aligned: true })),
    });
    const segments = model(
      'Year ended December 31, Consumer & Community Banking Corporate & Investment Bank Commercial Banking / (in millions, except ratios)',
      [2022, 2021, 2022, 2021, 2022, 2021],
      ['Total net revenue'],
    );
    const elsewhere = model(
      'Net income by segment',
      [2022],
      ['Consumer & Community Banking', 'Corporate & Investment Bank', 'Commercial Banking'],
    );
    // Names the filing prints nowhere else, or years that do not repeat, leave the columns as they are.
    const unknown = model('Alpha Beta Gamma Delta', [2022, 2021, 2022, 2021], ['Total']);
    nameColumnsByParts([segments, elsewhere, unknown]);
    expect(segments.columns.map((c) => `${c.label} ${c.period.fiscalYear}`)).toEqual([
      'Consumer & Community Banking 2022',
      'Consumer & Community Banking 2021',
      'Corporate & Investment Bank 2022',
      'Corporate & Investment Bank 2021',
      'Commercial Banking 2022',
      'Commercial Banking 2021',
    ]);
    expect(unknown.columns.map((c) => c.label)).toEqual(['2022', '2021', '2022', '2021']);
  });
});

describe('change columns', () => {
  it('reads two years and their change, not three years, ordered by the sign of the change', async () => {
    const { orderInferredColumns } = await import('../../src/engine/segment/column-order.js');
    const table = (rows: string[]) =>
      splitStatements(['Net bookings were as follows (amounts in millions):', 'For the Years Ended December 31,', ...rows].join('\n'), 0, {
        fiscalYear: 2019,
        periodYear: 2019,
        inferYears: true,
        sectionTitle: 'MD&A',
      }).tables[0]!.model;
    const newestFirst = table(['Net bookings $ 6,388 $ 7,262 $ (874)', 'In-game net bookings $ 3,366 $ 4,192 $ (826)']);
    const oldestFirst = table(['Net bookings $ 7,262 $ 6,388 $ (874)', 'In-game net bookings $ 4,192 $ 3,366 $ (826)']);
    const threeYears = table(['Net bookings $ 6,388 $ 7,262 $ 7,100', 'In-game net bookings $ 3,366 $ 4,192 $ 4,000']);
    orderInferredColumns([newestFirst, oldestFirst, threeYears], [], 2019);
    const years = (t: typeof newestFirst) => t.columns.map((c) => (c.period ? c.period.fiscalYear : c.label));
    expect(years(newestFirst)).toEqual([2019, 2018, 'change']);
    expect(years(oldestFirst)).toEqual([2018, 2019, 'change']);
    expect(years(threeYears)).toEqual([2019, 2018, 2017]);
  });
});
