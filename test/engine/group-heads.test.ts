// A table's group heading names a line item only as its head: "Total" under "Assets held for sale:" is
// no revenue, the rows under "Adjustments to reconcile net income to ..." are no net income. And a
// table's column years are settled the same way whatever filings a request allows: General Mills'
// fiscal 2022 revenue asked with a year filter, then without, is its income statement's both times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { headNamesItem } from '../../src/engine/answer/lookup/item-names.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { LINE_ITEM } from '../../src/engine/lexicon/line-items.js';

describe('a group heading names an item by its head', () => {
  const names = (key: Parameters<typeof LINE_ITEM.get>[0], group: string) => headNamesItem(LINE_ITEM.get(key)!, group);

  // Group headings as the sample filings print them (the company's ticker after each).
  it.each([
    ['revenue', 'Net sales:'],
    ['revenue', 'Sales by region'],
    ['revenue', 'Changes in comparable sales excluding the impact of changes in foreign-currency and gasoline prices:'], // COST
    ['shares_outstanding', 'NUMBER OF COMMON SHARES OUTSTANDING'], // KO
    ['goodwill', 'Changes in the carrying amount of goodwill by reportable operating segment (in millions)'], // SBUX
    ['operating_income', 'Income from operations'],
  ] as const)('%s: "%s"', (key, group) => expect(names(key, group)).toBe(true));

  it.each([
    ['revenue', 'Assets held for sale:'], // GIS
    ['revenue', 'Gain on sale of businesses'],
    ['revenue', '(as a % of net sales)'], // GLW
    ['revenue', 'Timing of revenue recognition'], // CIEN
    ['net_income', 'Adjustments to reconcile net income to net cash provided by operating activities'], // A, ADBE, AMD
    ['operating_cash_flow', 'Adjustments to reconcile net earnings to net cash provided by operating activities'], // BA, GIS
    ['eps_diluted', 'Effect of dilutive securities'], // DHI, GLW
    ['income_tax', 'Income from Continuing Operations Before Income Taxes'], // BDX
  ] as const)('not %s: "%s"', (key, group) => expect(names(key, group)).toBe(false));
});

describe("a table's column years, whatever filings a request allows", () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
  });
  afterAll(() => backend.close());

  const revenue = async (filters?: Record<string, string>) => {
    const r = (await backend.query({
      query: 'What was General Mills revenue in fiscal 2022?',
      mode: 'research',
      include: { answer: true, analysis: true },
      ...(filters ? { metadata_filters: filters } : {}),
    })) as ResearchResponse;
    return r.analysis!.figures!.map((f) => [f.value, f.source?.row_label]);
  };

  it('General Mills, fiscal 2022: net sales with a year filter, then without, in one engine', async () => {
    expect(await revenue({ sec_fiscal_year: 'FY-2022' })).toEqual([[18_992_800_000, 'Net sales']]);
    expect(await revenue()).toEqual([[18_992_800_000, 'Net sales']]);
  });
});
