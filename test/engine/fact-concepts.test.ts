// Line items as EDGAR's company facts carry them (xbrl/concepts.ts): each item's us-gaap
// concepts in line-items.json, in order of preference, a row here for each. Every row's concept, where
// the recorded company facts of AAPL, GOOGL and NVDA hold it, is reported in its item's unit (USD,
// USD/shares, shares) and, all but a stray fact, as its item is (a balance at an instant, a flow over
// a period). A company's
// own concept reads as an item by its label; a standard one never does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conceptsOf, extensionReadsAs, factUnitOf, itemsOfConcept } from '../../src/engine/xbrl/concepts.js';
import { LINE_ITEM, LINE_ITEMS, type LineItemKey } from '../../src/engine/lexicon/line-items.js';
import { edgarDir, needsFixtures } from '../edgar/fixtures.js';

/** [item, rank, concept]: the mapping, the preferred concept of each item first. */
const MAPPING: [LineItemKey, number, string][] = [
  ['revenue', 0, 'us-gaap:Revenues'],
  ['revenue', 1, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'],
  ['revenue', 2, 'us-gaap:SalesRevenueNet'],
  ['revenue', 3, 'us-gaap:RevenuesNetOfInterestExpense'],
  ['revenue', 4, 'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax'],
  ['cost_of_revenue', 0, 'us-gaap:CostOfRevenue'],
  ['cost_of_revenue', 1, 'us-gaap:CostOfGoodsAndServicesSold'],
  ['cost_of_revenue', 2, 'us-gaap:CostOfGoodsSold'],
  ['gross_profit', 0, 'us-gaap:GrossProfit'],
  ['rnd', 0, 'us-gaap:ResearchAndDevelopmentExpense'],
  ['rnd', 1, 'us-gaap:ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'],
  ['sga', 0, 'us-gaap:SellingGeneralAndAdministrativeExpense'],
  ['operating_expenses', 0, 'us-gaap:OperatingExpenses'],
  ['operating_expenses', 1, 'us-gaap:CostsAndExpenses'],
  ['operating_income', 0, 'us-gaap:OperatingIncomeLoss'],
  ['interest_expense', 0, 'us-gaap:InterestExpense'],
  ['interest_expense', 1, 'us-gaap:InterestExpenseNonoperating'],
  ['interest_expense', 2, 'us-gaap:InterestExpenseDebt'],
  ['pretax_income', 0, 'us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest'],
  [
    'pretax_income',
    1,
    'us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
  ],
  ['income_tax', 0, 'us-gaap:IncomeTaxExpenseBenefit'],
  ['net_income', 0, 'us-gaap:NetIncomeLoss'],
  ['net_income', 1, 'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic'],
  ['net_income', 2, 'us-gaap:ProfitLoss'],
  ['eps_diluted', 0, 'us-gaap:EarningsPerShareDiluted'],
  ['eps_diluted', 1, 'us-gaap:EarningsPerShareBasicAndDiluted'],
  ['eps_basic', 0, 'us-gaap:EarningsPerShareBasic'],
  ['eps_basic', 1, 'us-gaap:EarningsPerShareBasicAndDiluted'],
  ['diluted_shares', 0, 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding'],
  ['shares_outstanding', 0, 'us-gaap:CommonStockSharesOutstanding'],
  ['shares_outstanding', 1, 'dei:EntityCommonStockSharesOutstanding'],
  ['dividends_per_share', 0, 'us-gaap:CommonStockDividendsPerShareDeclared'],
  ['dividends_per_share', 1, 'us-gaap:CommonStockDividendsPerShareCashPaid'],
  ['depreciation', 0, 'us-gaap:DepreciationDepletionAndAmortization'],
  ['depreciation', 1, 'us-gaap:DepreciationAndAmortization'],
  ['depreciation', 2, 'us-gaap:DepreciationAmortizationAndAccretionNet'],
  ['depreciation', 3, 'us-gaap:Depreciation'],
  ['cash', 0, 'us-gaap:CashAndCashEquivalentsAtCarryingValue'],
  ['cash', 1, 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'],
  ['short_term_investments', 0, 'us-gaap:ShortTermInvestments'],
  ['short_term_investments', 1, 'us-gaap:MarketableSecuritiesCurrent'],
  ['short_term_investments', 2, 'us-gaap:AvailableForSaleSecuritiesDebtSecuritiesCurrent'],
  ['short_term_investments', 3, 'us-gaap:AvailableForSaleSecuritiesCurrent'],
  ['receivables', 0, 'us-gaap:AccountsReceivableNetCurrent'],
  ['receivables', 1, 'us-gaap:ReceivablesNetCurrent'],
  ['inventory', 0, 'us-gaap:InventoryNet'],
  ['current_assets', 0, 'us-gaap:AssetsCurrent'],
  ['ppe', 0, 'us-gaap:PropertyPlantAndEquipmentNet'],
  ['goodwill', 0, 'us-gaap:Goodwill'],
  ['total_assets', 0, 'us-gaap:Assets'],
  ['payables', 0, 'us-gaap:AccountsPayableCurrent'],
  ['payables', 1, 'us-gaap:AccountsPayableTradeCurrent'],
  ['current_liabilities', 0, 'us-gaap:LiabilitiesCurrent'],
  ['short_term_debt', 0, 'us-gaap:DebtCurrent'],
  ['short_term_debt', 1, 'us-gaap:LongTermDebtCurrent'],
  ['short_term_debt', 2, 'us-gaap:ShortTermBorrowings'],
  ['short_term_debt', 3, 'us-gaap:CommercialPaper'],
  ['long_term_debt', 0, 'us-gaap:LongTermDebtNoncurrent'],
  ['long_term_debt', 1, 'us-gaap:LongTermDebtAndCapitalLeaseObligations'],
  ['long_term_debt', 2, 'us-gaap:LongTermDebt'],
  ['total_liabilities', 0, 'us-gaap:Liabilities'],
  ['equity', 0, 'us-gaap:StockholdersEquity'],
  ['equity', 1, 'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  ['total_equity', 0, 'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  ['retained_earnings', 0, 'us-gaap:RetainedEarningsAccumulatedDeficit'],
  ['operating_cash_flow', 0, 'us-gaap:NetCashProvidedByUsedInOperatingActivities'],
  ['operating_cash_flow', 1, 'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'],
  ['capex', 0, 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment'],
  ['capex', 1, 'us-gaap:PaymentsToAcquireProductiveAssets'],
  ['capex', 2, 'us-gaap:PaymentsForCapitalImprovements'],
  ['investing_cash_flow', 0, 'us-gaap:NetCashProvidedByUsedInInvestingActivities'],
  ['investing_cash_flow', 1, 'us-gaap:NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'],
  ['financing_cash_flow', 0, 'us-gaap:NetCashProvidedByUsedInFinancingActivities'],
  ['financing_cash_flow', 1, 'us-gaap:NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'],
  ['dividends_paid', 0, 'us-gaap:PaymentsOfDividends'],
  ['dividends_paid', 1, 'us-gaap:PaymentsOfDividendsCommonStock'],
  ['buybacks', 0, 'us-gaap:PaymentsForRepurchaseOfCommonStock'],
  ['stock_compensation', 0, 'us-gaap:ShareBasedCompensation'],
  ['stock_compensation', 1, 'us-gaap:AllocatedShareBasedCompensationExpense'],
  ['net_interest_income', 0, 'us-gaap:InterestIncomeExpenseNet'],
];

type Facts = Record<string, Record<string, { units: Record<string, { start?: string }[]> }>>;
const FILES = ['CIK0000320193.json', 'CIK0001045810.json', 'CIK0001652044.json'].map((f) => join(edgarDir(), 'companyfacts', f));
const recorded: Facts[] = FILES.every((f) => existsSync(f))
  ? FILES.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { facts: Facts }).facts)
  : [];

describe('line items as company facts concepts (line-items.json)', () => {
  it('has a row here for each concept of each item, in its order', () => {
    expect(MAPPING).toEqual(LINE_ITEMS.flatMap((l) => l.concepts.map((c, i) => [l.key, i, c])));
  });

  it.each(MAPPING)('%s, rank %i: %s', (item, rank, concept) => {
    expect(conceptsOf(item)[rank]).toBe(concept);
    expect(itemsOfConcept(concept)).toContainEqual({ item, rank });
    expect(concept).toMatch(/^(?:us-gaap|dei):[A-Z][A-Za-z]+$/);
    const l = LINE_ITEM.get(item)!;
    const [taxonomy, name] = concept.split(':') as [string, string];
    for (const facts of recorded) {
      const units = facts[taxonomy]?.[name]?.units;
      if (!units) continue;
      // The item's unit holds its facts (a concept may also be stated in another, unread).
      const own = units[factUnitOf(l)];
      expect(own, `${concept} in ${factUnitOf(l)}`).toBeDefined();
      // As its item is, a balance or a flow (NVIDIA tagged one dividend paid on its date: the reader
      // keeps only the item's kind).
      const kind = own!.filter((f) => (f.start === undefined) === (l.period === 'instant')).length;
      expect(kind / own!.length).toBeGreaterThan(0.9);
    }
  });

  it.skipIf(recorded.length === 0)(
    needsFixtures('finds most concepts in the recorded facts of three companies', recorded.length > 0),
    () => {
      const held = MAPPING.filter(([, , c]) => recorded.some((f) => f[c.split(':')[0]!]?.[c.split(':')[1]!]));
      expect(held.length).toBeGreaterThanOrEqual(60);
    },
  );
});

describe("a company's own concepts, read by their labels", () => {
  it.each<[LineItemKey, string, string, boolean]>([
    ['revenue', 'nvda:NetRevenue', 'Net revenue', true],
    ['revenue', 'acme:TotalNetSales', 'Total net sales', true],
    ['revenue', 'acme:DeferredRevenue', 'Deferred revenue', false],
    [
      'capex',
      'nvda:PurchasesRelatedToPropertyAndEquipmentAndIntangibleAssets',
      'Purchases related to property and equipment and intangible assets',
      false,
    ],
    ['capex', 'acme:PaymentsForPropertyAndEquipment', 'Payments for property and equipment', true],
    ['net_income', 'acme:NetIncomeAttributableToAcme', 'Net income attributable to Acme', true],
    // A standard concept is its item's when its list names it, never by its label.
    ['revenue', 'us-gaap:SalesRevenueGoodsNet', 'Revenue from sale of goods', false],
    ['revenue', 'ifrs-full:Revenue', 'Revenue', false],
  ])('%s <- %s ("%s"): %s', (item, concept, label, reads) => {
    expect(extensionReadsAs(item, concept, label)).toBe(reads);
  });
});
