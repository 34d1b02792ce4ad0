// Metrics analysts compute from line items: what they are called, the line items they need, and the
// formula. The calculator (answer/metrics.ts) evaluates them from figures of one company's statements.
// Definitions are the textbook ones (CFA Institute curriculum usage); where practice differs, the one
// used is stated in `note` and in the answer.
import type { FigureUnit } from '../../contract/types.js';
import type { LineItemKey } from './line-items.js';

export type MetricKey =
  | 'gross_margin'
  | 'cogs_ratio'
  | 'operating_margin'
  | 'net_margin'
  | 'ebitda'
  | 'ebitda_margin'
  | 'current_ratio'
  | 'quick_ratio'
  | 'working_capital'
  | 'free_cash_flow'
  | 'fcf_margin'
  | 'fcf_conversion'
  | 'payout_ratio'
  | 'dpo'
  | 'dso'
  | 'dio'
  | 'inventory_turnover'
  | 'asset_turnover'
  | 'capital_intensity'
  | 'roa'
  | 'roe'
  | 'debt_to_equity'
  | 'interest_coverage'
  | 'effective_tax_rate'
  | 'total_debt'
  | 'rnd_intensity'
  | 'cash_conversion_cycle'
  | 'fixed_asset_turnover'
  | 'debt_to_assets'
  | 'retention_ratio';

export interface Metric {
  key: MetricKey;
  name: string;
  ask: string[];
  /** Line items of the year asked; `avg` ones also of the year before (averaged when both are there). */
  needs: LineItemKey[];
  avg?: LineItemKey[];
  /** Optional inputs that refine the figure when present (quick ratio's short-term investments). */
  optional?: LineItemKey[];
  format: Extract<FigureUnit, 'percent' | 'ratio' | 'times' | 'days' | 'USD'>;
  note?: string;
  /** needs[0] / needs[1] and nothing else: a question naming those two items as a share or ratio of
   * each other asks this metric, whatever it calls it (quotientOf). */
  quotient?: true;
}

export const METRICS: Metric[] = [
  {
    key: 'gross_margin',
    name: 'gross margin',
    ask: ['gross margin', 'gross profit margin', 'gross margin percentage', 'gm'],
    needs: ['revenue'],
    optional: ['cost_of_revenue', 'gross_profit'],
    format: 'percent',
    note: '(revenue - cost of revenue) / revenue',
  },
  {
    key: 'cogs_ratio',
    name: 'cost of revenue as a share of revenue',
    ask: [
      'cogs margin',
      'cogs ratio',
      'cost of goods sold margin',
      'cost of sales margin',
      'cost of revenue margin',
      'cogs to revenue',
      'cogs to sales',
    ],
    needs: ['cost_of_revenue', 'revenue'],
    format: 'percent',
    note: 'cost of revenue / revenue',
    quotient: true,
  },
  {
    key: 'operating_margin',
    name: 'operating margin',
    ask: ['operating margin', 'operating profit margin', 'ebit margin', 'operating income margin'],
    needs: ['operating_income', 'revenue'],
    format: 'percent',
    note: 'operating income / revenue',
    quotient: true,
  },
  {
    key: 'net_margin',
    name: 'net profit margin',
    ask: ['net margin', 'net profit margin', 'net income margin', 'profit margin', 'net margins'],
    needs: ['net_income', 'revenue'],
    format: 'percent',
    note: 'net income / revenue',
    quotient: true,
  },
  {
    key: 'ebitda',
    name: 'EBITDA',
    ask: ['ebitda'],
    needs: ['operating_income', 'depreciation'],
    format: 'USD',
    note: 'operating income + depreciation and amortization (unadjusted)',
  },
  {
    key: 'ebitda_margin',
    name: 'EBITDA margin',
    ask: ['ebitda margin'],
    needs: ['operating_income', 'depreciation', 'revenue'],
    format: 'percent',
    note: '(operating income + depreciation and amortization) / revenue',
  },
  {
    key: 'current_ratio',
    name: 'current ratio',
    ask: ['current ratio', 'liquidity ratio'],
    needs: ['current_assets', 'current_liabilities'],
    format: 'ratio',
    note: 'total current assets / total current liabilities',
    quotient: true,
  },
  {
    key: 'quick_ratio',
    name: 'quick ratio',
    ask: ['quick ratio', 'acid test', 'acid-test ratio', 'acid test ratio'],
    needs: ['current_assets', 'inventory', 'current_liabilities'],
    format: 'ratio',
    note: '(total current assets - inventories) / total current liabilities',
  },
  {
    key: 'working_capital',
    name: 'working capital',
    ask: ['working capital', 'net working capital'],
    needs: ['current_assets', 'current_liabilities'],
    format: 'USD',
    note: 'total current assets - total current liabilities',
  },
  {
    key: 'free_cash_flow',
    name: 'free cash flow',
    ask: ['free cash flow', 'fcf', 'free cashflow'],
    needs: ['operating_cash_flow', 'capex'],
    format: 'USD',
    note: 'cash from operations - capital expenditures',
  },
  {
    key: 'fcf_margin',
    name: 'free cash flow margin',
    ask: ['fcf margin', 'free cash flow margin'],
    needs: ['operating_cash_flow', 'capex', 'revenue'],
    format: 'percent',
    note: '(cash from operations - capital expenditures) / revenue',
  },
  {
    key: 'fcf_conversion',
    name: 'free cash flow conversion',
    ask: ['fcf conversion', 'free cash flow conversion', 'cash conversion'],
    needs: ['operating_cash_flow', 'capex', 'net_income'],
    format: 'ratio',
    note: 'free cash flow / net income',
  },
  {
    key: 'payout_ratio',
    name: 'dividend payout ratio',
    ask: ['payout ratio', 'dividend payout ratio', 'dividend payout'],
    needs: ['dividends_paid', 'net_income'],
    format: 'ratio',
    note: 'dividends paid / net income',
    quotient: true,
  },
  {
    key: 'dpo',
    name: 'days payable outstanding',
    ask: ['days payable outstanding', 'dpo', 'days payable', 'payable days'],
    needs: ['cost_of_revenue'],
    avg: ['payables'],
    format: 'days',
    note: '365 x average accounts payable / cost of revenue',
  },
  {
    key: 'dso',
    name: 'days sales outstanding',
    ask: ['days sales outstanding', 'dso', 'receivable days', 'days receivable'],
    needs: ['revenue'],
    avg: ['receivables'],
    format: 'days',
    note: '365 x average accounts receivable / revenue',
  },
  {
    key: 'dio',
    name: 'days inventory outstanding',
    ask: ['days inventory outstanding', 'dio', 'inventory days', 'days in inventory', 'days of inventory'],
    needs: ['cost_of_revenue'],
    avg: ['inventory'],
    format: 'days',
    note: '365 x average inventory / cost of revenue',
  },
  {
    key: 'cash_conversion_cycle',
    name: 'cash conversion cycle',
    ask: ['cash conversion cycle', 'ccc'],
    needs: ['cost_of_revenue', 'revenue'],
    avg: ['inventory', 'receivables', 'payables'],
    format: 'days',
    note: 'DIO + DSO - DPO',
  },
  {
    key: 'inventory_turnover',
    name: 'inventory turnover',
    ask: ['inventory turnover', 'inventory turns', 'inventory turnover ratio'],
    needs: ['cost_of_revenue'],
    avg: ['inventory'],
    format: 'times',
    note: 'cost of revenue / average inventory',
  },
  {
    key: 'asset_turnover',
    name: 'asset turnover',
    ask: ['asset turnover', 'total asset turnover', 'asset turnover ratio'],
    needs: ['revenue'],
    avg: ['total_assets'],
    format: 'times',
    note: 'revenue / average total assets',
  },
  {
    key: 'fixed_asset_turnover',
    name: 'fixed asset turnover',
    ask: ['fixed asset turnover', 'pp&e turnover'],
    needs: ['revenue'],
    avg: ['ppe'],
    format: 'times',
    note: 'revenue / average net PP&E',
  },
  {
    key: 'capital_intensity',
    name: 'capital intensity',
    ask: [
      'capital intensity',
      'capex intensity',
      'capex to revenue',
      'capex as a percentage of revenue',
      'capex as a percent of revenue',
      'capex to sales',
    ],
    needs: ['capex', 'revenue'],
    format: 'percent',
    note: 'capital expenditures / revenue',
    quotient: true,
  },
  {
    key: 'rnd_intensity',
    name: 'R&D intensity',
    ask: ['r&d intensity', 'r&d as a percentage of revenue', 'r&d as a percent of revenue', 'r&d to revenue', 'r&d to sales'],
    needs: ['rnd', 'revenue'],
    format: 'percent',
    note: 'R&D expense / revenue',
    quotient: true,
  },
  {
    key: 'roa',
    name: 'return on assets',
    ask: ['return on assets', 'roa', 'return on average assets', 'return on average total assets', 'return on total assets'],
    needs: ['net_income'],
    avg: ['total_assets'],
    format: 'percent',
    note: 'net income / average total assets',
  },
  {
    key: 'roe',
    name: 'return on equity',
    ask: [
      'return on equity',
      'roe',
      "return on shareholders' equity",
      'return on average equity',
      "return on average shareholders' equity",
      'return on common equity',
    ],
    needs: ['net_income'],
    avg: ['equity'],
    format: 'percent',
    note: "net income / average shareholders' equity",
  },
  {
    key: 'total_debt',
    name: 'total debt',
    ask: ['total debt', 'gross debt', 'total borrowings', 'debt'],
    needs: ['long_term_debt'],
    optional: ['short_term_debt'],
    format: 'USD',
    note: 'long-term debt + short-term debt and current maturities',
  },
  {
    key: 'debt_to_equity',
    name: 'debt-to-equity ratio',
    ask: ['debt to equity', 'debt-to-equity', 'd/e', 'debt/equity', 'debt to equity ratio'],
    needs: ['long_term_debt', 'equity'],
    optional: ['short_term_debt', 'total_equity'],
    format: 'ratio',
    note: 'total debt / total equity (noncontrolling interests included where the balance sheet prints them)',
    quotient: true,
  },
  {
    key: 'debt_to_assets',
    name: 'debt-to-assets ratio',
    ask: ['debt to assets', 'debt-to-assets', 'debt/assets'],
    needs: ['long_term_debt', 'total_assets'],
    optional: ['short_term_debt'],
    format: 'ratio',
    note: 'total debt / total assets',
    quotient: true,
  },
  {
    key: 'interest_coverage',
    name: 'interest coverage ratio',
    ask: ['interest coverage', 'interest coverage ratio', 'times interest earned', 'tie ratio'],
    needs: ['operating_income', 'interest_expense'],
    format: 'times',
    note: 'operating income / interest expense',
    quotient: true,
  },
  {
    key: 'retention_ratio',
    name: 'earnings retention ratio',
    ask: ['retention ratio', 'earnings retention ratio', 'retention rate', 'plowback ratio'],
    needs: ['dividends_paid', 'net_income'],
    format: 'ratio',
    note: '1 - dividends paid / net income',
  },
  {
    key: 'effective_tax_rate',
    name: 'effective tax rate',
    ask: ['effective tax rate', 'effective income tax rate', 'tax rate', 'etr'],
    needs: ['income_tax', 'pretax_income'],
    format: 'percent',
    note: 'income tax expense / income before income taxes',
    quotient: true,
  },
];

export const METRIC = new Map(METRICS.map((m) => [m.key, m]));

/** The metric that is one of these two line items divided by the other (cost of revenue and revenue:
 * cost of revenue as a share of revenue), if any. */
export function quotientOf(items: readonly LineItemKey[]): Metric | undefined {
  if (items.length !== 2) return undefined;
  return METRICS.find((m) => m.quotient && m.needs.length === 2 && m.needs.every((n) => items.includes(n)));
}
