// Metrics computed from resolved figures of one company: each input is a printed figure with its
// source, converted to units with its table's scale, and shown beside the result so the arithmetic can
// be checked. Inputs come from the same company and, where the filing allows, the same filing.
import type { LineItemKey } from '../lexicon/line-items.js';
import { METRIC, type Metric, type MetricKey } from '../lexicon/metrics.js';
import type { Figure } from './resolve.js';

export interface MetricResult {
  metric: Metric;
  ticker: string;
  year: number;
  /** The result: a ratio (0.105 for 10.5%), a multiple, days, or an amount in units (dollars). */
  value: number;
  inputs: Figure[];
  /** Averages used the year before as well; false when only the year-end figure was there. */
  averaged: boolean;
}

export type Lookup = (item: LineItemKey, year: number) => Figure | undefined;

/** A figure in units (dollars), the sign of cash outflows set aside: capex printed "(10,705)" is 10,705. */
export function amount(f: Figure): number {
  const v = f.value * f.scale;
  return f.item && OUTFLOWS.has(f.item) ? Math.abs(v) : v;
}
// Outflows and expenses some statements print in parentheses: the amount is the same either way.
const OUTFLOWS = new Set<LineItemKey>([
  'capex',
  'dividends_paid',
  'buybacks',
  'interest_expense',
  'cost_of_revenue',
  'rnd',
  'sga',
  'operating_expenses',
  'depreciation',
  'stock_compensation',
]);

/** Income tax expense as an amount: a statement that prints its expenses in parentheses ("Cost of sales
 * (57,983)" ... "Income tax expense (1,235)") deducts it, so its size is the expense; a row that says
 * benefit, or a table that prints its costs unsigned, keeps the sign printed. */
function taxExpense(f: Figure): number {
  const v = amount(f);
  if (v >= 0 || /\bbenefit\b/i.test(f.label) || !/\b(?:expense|provision)\b/i.test(f.label)) return v;
  const deducted = f.table.model.rows.some(
    (r, i) =>
      i !== f.rowIndex && /\b(?:costs?|expenses?)\b/i.test(r.label) && !/\btax/i.test(r.label) && (r.cells[f.column]?.value ?? 0) < 0,
  );
  return deducted ? Math.abs(v) : v;
}

/** Computes `key` for `year`, or returns the inputs it lacks. */
export function computeMetric(key: MetricKey, ticker: string, year: number, get: Lookup): MetricResult | { missing: LineItemKey[] } {
  const metric = METRIC.get(key)!;
  const missing: LineItemKey[] = [];
  const now = new Map<LineItemKey, Figure>();
  for (const item of [...metric.needs, ...(metric.avg ?? [])]) {
    const f = get(item, year);
    if (f) now.set(item, f);
    else missing.push(item);
  }
  for (const item of metric.optional ?? []) {
    const f = get(item, year);
    if (f) now.set(item, f);
  }
  // Gross margin needs either cost of revenue or gross profit; with both, the cost is used.
  if (key === 'gross_margin') {
    if (now.has('cost_of_revenue')) now.delete('gross_profit');
    else if (!now.has('gross_profit')) missing.push('cost_of_revenue');
  }
  if (missing.length > 0) return { missing };
  // Debt to equity: total equity when the balance sheet prints it, else the shareholders' equity.
  if (key === 'debt_to_equity' && now.has('total_equity')) now.delete('equity');
  const before = new Map<LineItemKey, Figure>();
  for (const item of metric.avg ?? []) {
    const f = get(item, year - 1);
    if (f) before.set(item, f);
  }
  const v = (k: LineItemKey) => amount(now.get(k)!);
  const avg = (k: LineItemKey) => (before.has(k) ? (v(k) + amount(before.get(k)!)) / 2 : v(k));
  const debt = () => v('long_term_debt') + (now.has('short_term_debt') ? v('short_term_debt') : 0);
  const gross = () => (now.has('cost_of_revenue') ? v('revenue') - v('cost_of_revenue') : v('gross_profit'));
  let value: number;
  switch (key) {
    case 'gross_margin':
      value = gross() / v('revenue');
      break;
    case 'cogs_ratio':
      value = Math.abs(v('cost_of_revenue')) / v('revenue');
      break;
    case 'operating_margin':
      value = v('operating_income') / v('revenue');
      break;
    case 'net_margin':
      value = v('net_income') / v('revenue');
      break;
    case 'ebitda':
      value = v('operating_income') + Math.abs(v('depreciation'));
      break;
    case 'ebitda_margin':
      value = (v('operating_income') + Math.abs(v('depreciation'))) / v('revenue');
      break;
    case 'current_ratio':
      value = v('current_assets') / v('current_liabilities');
      break;
    case 'quick_ratio':
      value = (v('current_assets') - v('inventory')) / v('current_liabilities');
      break;
    case 'working_capital':
      value = v('current_assets') - v('current_liabilities');
      break;
    case 'free_cash_flow':
      value = v('operating_cash_flow') - v('capex');
      break;
    case 'fcf_margin':
      value = (v('operating_cash_flow') - v('capex')) / v('revenue');
      break;
    case 'fcf_conversion':
      value = (v('operating_cash_flow') - v('capex')) / v('net_income');
      break;
    case 'payout_ratio':
      value = v('dividends_paid') / v('net_income');
      break;
    case 'retention_ratio':
      value = 1 - v('dividends_paid') / v('net_income');
      break;
    case 'dpo':
      value = (365 * avg('payables')) / v('cost_of_revenue');
      break;
    case 'dso':
      value = (365 * avg('receivables')) / v('revenue');
      break;
    case 'dio':
      value = (365 * avg('inventory')) / v('cost_of_revenue');
      break;
    case 'cash_conversion_cycle':
      value =
        (365 * avg('inventory')) / v('cost_of_revenue') +
        (365 * avg('receivables')) / v('revenue') -
        (365 * avg('payables')) / v('cost_of_revenue');
      break;
    case 'inventory_turnover':
      value = v('cost_of_revenue') / avg('inventory');
      break;
    case 'asset_turnover':
      value = v('revenue') / avg('total_assets');
      break;
    case 'fixed_asset_turnover':
      value = v('revenue') / avg('ppe');
      break;
    case 'capital_intensity':
      value = v('capex') / v('revenue');
      break;
    case 'rnd_intensity':
      value = v('rnd') / v('revenue');
      break;
    case 'roa':
      value = v('net_income') / avg('total_assets');
      break;
    case 'roe':
      value = v('net_income') / avg('equity');
      break;
    case 'total_debt':
      value = debt();
      break;
    case 'debt_to_equity':
      value = debt() / (now.has('total_equity') ? v('total_equity') : v('equity'));
      break;
    case 'debt_to_assets':
      value = debt() / v('total_assets');
      break;
    case 'interest_coverage':
      value = v('operating_income') / Math.abs(v('interest_expense'));
      break;
    case 'effective_tax_rate':
      value = taxExpense(now.get('income_tax')!) / v('pretax_income');
      break;
  }
  if (!Number.isFinite(value)) return { missing: [] };
  const inputs = [...now.values(), ...before.values()];
  return { metric, ticker, year, value, inputs, averaged: (metric.avg ?? []).every((k) => before.has(k)) && (metric.avg ?? []).length > 0 };
}
