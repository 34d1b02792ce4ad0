// A company's own fiscal-year naming (Ulta's "fiscal 2023" ended February 3, 2024: FY-2024 in the
// index): learned from the filing's text at ingest, used to read the years a question writes, and said
// in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import { fiscalNameOffset, fiscalNameVotes, majorityOffset } from '../../src/engine/filing/fiscal-names.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openIndex, type IndexHandle } from '../../src/engine/index/open.js';
import { buildDirectory, type Directory } from '../../src/engine/retrieve/directory.js';
import { inferFilters } from '../../src/engine/question/filters.js';
import { resolveScope } from '../../src/engine/retrieve/scope.js';

describe('fiscalNameVotes', () => {
  it.each<[string, string, number[]]>([
    [
      'The Companys fiscal years ended January 28, 2023 (fiscal 2022), January 29, 2022 (fiscal 2021) were 52-week years.',
      '01-28',
      [-1, -1],
    ],
    ['In our fiscal year ended January, 28, 2023 (fiscal 2022), 76% of members', '01-28', [-1]],
    ['for the fiscal years ended January 31, 2019 ("fiscal 2019"), January 31, 2018 ("fiscal 2018")', '01-31', [0, 0]],
    ['The third quarter in fiscal 2023 and 2022 ended on October 28, 2023 and October 29, 2022, respectively.', '02-03', [-1, -1]],
    ['Fiscal 2023 was a 53-week year ending February 3, 2024.', '01-28', [-1]],
    ['Fiscal 2022 includes 52 weeks ended January 29, 2023.', '01-29', [-1]],
    ['fiscal 2023, which ended September 30, 2023', '09-30', [0]],
    // A date a year begins on is not its end: HPE's November 1, 2023 is in its fiscal 2024.
    ['effective November 1, 2023 (fiscal 2024), there were changes', '10-31', []],
    ['On January 28, 2022, subsequent to the fiscal year 2021, more became known', '01-02', []],
  ])('%s', (text, fye, votes) => {
    expect(fiscalNameVotes(text, fye)).toEqual(votes);
  });

  it('takes the majority, 0 on a tie, null with no vote; inline XBRL when the text says nothing', () => {
    expect(majorityOffset([-1, -1, 0])).toBe(-1);
    expect(majorityOffset([-1, 0])).toBe(0);
    expect(majorityOffset([])).toBeNull();
    expect(fiscalNameOffset('no naming here', '01-28', 2023, '2022')).toBe(-1);
    expect(fiscalNameOffset('no naming here', '01-31', 2019, '2019')).toBe(0);
    expect(fiscalNameOffset('no naming here', '12-31', 2022)).toBeNull();
    expect(fiscalNameOffset('fiscal years ended January 28, 2023 (fiscal 2022)', '01-28', 2023, '2023')).toBe(-1);
  });
});

let index: IndexHandle;
let dir: Directory;
let backend: Backend;
beforeAll(async () => {
  index = openIndex(process.env.FILINGS_TEST_INDEX!);
  dir = buildDirectory(index.filings(), index.companies());
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(async () => {
  index.close();
  await backend.close();
});

describe('the sample index', () => {
  it("learns each company's naming from its filings", () => {
    const offsets = (t: string) =>
      index
        .filings()
        .filter((f) => f.sec_ticker === t)
        .map((f) => f.fiscal_name_offset);
    expect(offsets('ULTA')).toEqual([-1, -1]);
    expect(dir.byTicker.get('ULTA')!.fiscalNameOffset).toBe(-1);
    // Walmart names its year by the year it ends, as the corpus does; 3M's year is the calendar year.
    expect(offsets('WMT')).toEqual([0, 0, 0]);
    expect(dir.byTicker.get('WMT')!.fiscalNameOffset).toBe(0);
    expect(dir.byTicker.get('MMM')!.fiscalNameOffset).toBe(0);
    // Best Buy's text ties no named year to a date: no offset.
    expect(dir.byTicker.get('BBY')!.fiscalNameOffset).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['ulta net income q3 fiscal 2023', { sec_fiscal_year: ['FY-2024'], quarter: 3 }],
    ['Ulta Beauty FY23 net sales', { sec_fiscal_year: ['FY-2024'] }],
    ['Ulta net sales in 2022', { sec_fiscal_year: ['FY-2023'] }],
    // Dates map by the company's reports, not by its naming.
    ['Ulta Beauty merchandise inventories as of October 28, 2023', { sec_fiscal_year: ['FY-2024'], quarter: 3 }],
    ["What was Ulta Beauty's net profit margin for the fiscal year ended January 28, 2023?", { sec_fiscal_year: ['FY-2023'] }],
    ['What were Walmart total revenues for fiscal year 2019?', { sec_fiscal_year: ['FY-2019'] }],
  ])('reads the years of "%s"', (q, expected) => {
    expect(inferFilters(q, dir)).toMatchObject(expected);
  });

  it('says the mapping in the inferred-filters notice', () => {
    const q = 'ulta net income q3 fiscal 2023';
    const scope = resolveScope({ inferred: inferFilters(q, dir), dir, sections: (id) => index.sections(id) });
    const notice = scope.notices.find((n) => n.code === 'FILTERS_INFERRED')!;
    expect(notice.message).toContain(
      'sec_fiscal_year=FY-2024 (ULTA names its fiscal years by the year they begin: its fiscal 2023 is FY-2024)',
    );
    const wmt = 'walmart net income fy2018';
    const plain = resolveScope({ inferred: inferFilters(wmt, dir), dir, sections: (id) => index.sections(id) });
    expect(plain.notices.find((n) => n.code === 'FILTERS_INFERRED')!.message).toMatch(/sec_fiscal_year=FY-2018$/);
  });
});

async function answer(query: string): Promise<string> {
  const r = await backend.query({ query, mode: 'research', include: { answer: true } });
  return r.answer!.text;
}

describe("answers in the company's naming", () => {
  it("answers Ulta's third quarter of fiscal 2023 from its FY-2024 10-Q", async () => {
    expect(await answer('ulta net income q3 fiscal 2023')).toMatch(
      /^Ulta Beauty \(ULTA\) net income for the third quarter of fiscal 2023 \(the company's naming; FY-2024 in the index\): \$249\.5 million; 249,483 in thousands as printed, reported as "Net income", the 10-Q FY2024 income statement/,
    );
  });
  it('still answers a balance at a date', async () => {
    expect(await answer('Ulta Beauty merchandise inventories as of October 28, 2023')).toMatch(
      /: \$2,321\.3 million; 2,321,306 in thousands as printed, reported as "Merchandise inventories, net", the 10-Q FY2024 balance sheet/,
    );
  });
  it('leaves a company named as the index names it unchanged', async () => {
    expect(await answer('What were Walmart total revenues for fiscal year 2019?')).toMatch(
      /^Walmart \(WMT\) revenue for fiscal 2019: \$514,405 million/,
    );
  });
});
