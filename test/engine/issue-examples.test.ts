// Every example of issue 10 ("figures an analyst can trust") on the sample index: the right figure,
// a plain abstention, or the company is said not to be in the index. Answers are read by their first
// line, as an analyst reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend.js';
import type { ResearchResponse } from '../../src/contract/types.js';
import { openEngineBackend } from '../../src/engine/engine-backend.js';
import { openIndex } from '../../src/engine/index/open.js';

let backend: Backend;
beforeAll(async () => {
  backend = await openEngineBackend({ indexPath: process.env.FILINGS_TEST_INDEX! });
});
afterAll(async () => backend.close());

const ask = async (query: string, extra: Record<string, unknown> = {}): Promise<ResearchResponse> =>
  backend.query({ query, mode: 'research', include: { answer: true }, ...extra });
const first = (r: ResearchResponse) => r.answer!.text.split('\n')[0]!;

describe('issue 10 examples', () => {
  it.each<[string, RegExp]>([
    // 1. The consolidated total, not a segment's row.
    ["What were Walmart's capital expenditures in fiscal 2020?", /^Walmart \(WMT\) capital expenditures for fiscal 2020: \$10,705 million/],
    ["What was Boeing's research and development expense in 2018?", /: \$3,269 million/],
    [
      "What was Verizon's long-term debt in 2022?",
      /^Verizon \(VZ\) long-term debt for fiscal 2022: \$140,676 million, reported as "Long-term debt", the 10-K FY2022 balance sheet/,
    ],
    // 2. Year columns in the order the filing prints them.
    ["What was Amazon's operating margin in 2019?", /^Amazon \(AMZN\) operating margin for fiscal 2019: 5\.18%/],
    // 3. Digits in labels are labels.
    ["What was 3M's net income in 2018?", /^MMM net income for fiscal 2018: \$5,349 million, reported as "Net income attributable to 3M"/],
    // 4. Ratios from the company's own figures.
    [
      "What was Coca-Cola's dividend payout ratio in 2022?",
      /^Coca-Cola \(KO\) dividend payout ratio for fiscal 2022: 0\.80\. Inputs: dividends paid \$7,616 million .* net income \$9,542 million/,
    ],
    // 6. Figures stated, with their units.
    ["What was Nike's revenue in FY2023?", /^Nike \(NKE\) revenue for fiscal 2023: \$51,217 million/],
    ["What was Best Buy's revenue in fiscal 2023?", /^Best Buy \(BBY\) revenue for fiscal 2023: \$46,298 million/],
    [
      "What was General Mills' free cash flow in FY2022?",
      /^General Mills \(GIS\) free cash flow for fiscal 2022: \$2,747\.4 million\. Inputs: net cash provided by operating activities \$3,316\.1 million/,
    ],
    // 7. A year without its own filing, from a later filing's comparative column.
    [
      'What were 3M net sales in 2020?',
      /^MMM revenue for fiscal 2020: \$32,184 million, reported as "Net sales", the 10-K FY2022 income statement/,
    ],
  ])('%s', async (q, expected) => {
    expect(first(await ask(q))).toMatch(expected);
  });

  it("5. another company's figure is never given for a company the index lacks; the notice comes first", async () => {
    const r = await ask("What was Tesla's revenue in 2022?");
    expect(r.notices![0]!.code).toBe('COMPANY_NOT_IN_INDEX');
    expect(r.answer!.text).not.toMatch(/\d{3}/);
    expect(r.answer!.text).toMatch(/no filings of Tesla \(TSLA\)/);
  });

  it('6. says plainly when the filing does not state the figure', async () => {
    expect(first(await ask("JPMorgan's net interest income in Q2 2023"))).toBe(
      "The evidence does not state JPMorgan Chase's net interest income for the second quarter of fiscal 2023.",
    );
  });

  it('7. answers a broad question about a company from its business overview', async () => {
    for (const q of ['What does Apple do?', 'Tell me about Apple']) {
      expect((await ask(q)).answer!.text, q).toMatch(
        /^The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories/,
      );
    }
  });

  it('7. does not narrow a cybersecurity question to Item 1C', async () => {
    const r = await ask('How does Apple describe cybersecurity risks?');
    expect(r.summary!.applied_metadata_filters?.sec_item_tag).toBeUndefined();
    expect(r.summary!.evidence_count).toBeGreaterThan(3);
  });

  it('7. says when a filter contradicts the question', async () => {
    const r = await ask("What was 3M's capital expenditure in FY2018?", { metadata_filters: { sec_fiscal_year: 'FY-2022' } });
    expect(r.notices!.map((n) => n.code)).toContain('FILTER_CONFLICTS_WITH_QUESTION');
    expect(first(r)).toMatch(/for fiscal 2022:/);
  });

  it("7. tags statements printed after Part IV as Item 8 (Disney's FY2023 among them)", () => {
    const ix = openIndex(process.env.FILINGS_TEST_INDEX!);
    try {
      const late = ix.db
        .prepare(
          `SELECT COUNT(*) AS n FROM tables t JOIN sections s ON s.id = t.section_id JOIN filings f ON f.id = t.filing_id
           WHERE f.sec_form_type = '10-K' AND t.statement IN ('income', 'balance', 'cash_flow') AND s.item_tag IN ('10K-Item-15', '10K-Item-16')`,
        )
        .get() as { n: number };
      expect(late.n).toBe(0);
      const dis = ix.filings().find((f) => f.sec_ticker === 'DIS' && f.sec_fiscal_year === 'FY-2023')!;
      const types = ix
        .statementTables(dis.id)
        .filter((t) => ix.section(t.sectionId)!.item_tag === '10K-Item-8')
        .map((t) => t.model.statement);
      expect(types).toEqual(expect.arrayContaining(['income', 'balance', 'cash_flow']));
    } finally {
      ix.close();
    }
  });
});
