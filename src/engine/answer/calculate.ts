// Metrics computed from figures in the evidence, each shown with its inputs and their sources, so the
// arithmetic can be checked. One table: what a question asks, which lines and years it needs, and how
// to compute it. `needs` also tells the engine which rows to fetch when the evidence lacks them.
import type { EvidenceChain } from '../evidence/types.js';
import { evidenceRows, numberOf, type EvidenceRow } from './evidence-rows.js';
import { billions, billionsNote } from './figures.js';
import { LINES, type LineKey } from './lines.js';

export interface Found {
  value: number;
  column: string;
  row: EvidenceRow;
}

export interface Need {
  line: LineKey;
  year: string;
  optional?: boolean;
}

type Get = (line: LineKey, year: string) => Found | undefined;
interface Years {
  y: string;
  prev: string;
  first: string;
}

interface Metric {
  ask: RegExp;
  needs: (yr: Years) => Need[];
  compute: (get: Get, yr: Years, q: string) => string | undefined;
}

/** "$2,544 million (≈ $2.5 billion)", the billions from a billion up. */
const fmt = (n: number, unit: string | null) => {
  const s = Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const b = billions(n, unit);
  return `${n < 0 ? '-' : ''}$${s}${unit ? ` ${unit.replace(/s$/, '')}` : ''}${b !== undefined && Math.abs(b) >= 1 ? billionsNote(b) : ''}`;
};
const cite = (...f: Found[]) => `[${[...new Set(f.flatMap((x) => x.row.sources))].join(', ')}]`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const show = (f: Found) => `${fmt(f.value, f.row.unit)} (${f.row.label}, ${f.column}) ${cite(f)}`;
const avg = (a: Found, b?: Found) => (b ? (a.value + b.value) / 2 : a.value);

const MARGINS: [RegExp, LineKey, string][] = [
  [/(?:cogs|cost of goods sold|cost of sales)[^.?]*margin/, 'cogs', 'COGS'],
  [/operating[^.?]*margin/, 'operatingIncome', 'operating'],
  [/net (?:income |profit )?margin/, 'netIncome', 'net'],
  [/(?:d&a|depreciation)[^.?]*margin/, 'depreciation', 'D&A'],
];

const METRICS: Metric[] = [
  {
    ask: /working capital/,
    needs: ({ y }) => [{ line: 'currentAssets', year: y }, { line: 'currentLiabilities', year: y }],
    compute: (get, { y }) => {
      const ca = get('currentAssets', y);
      const cl = get('currentLiabilities', y);
      return ca && cl ? `Working capital for ${y} is ${fmt(ca.value - cl.value, ca.row.unit)}: total current assets ${show(ca)} less total current liabilities ${show(cl)}.` : undefined;
    },
  },
  {
    ask: /current ratio/,
    needs: ({ y }) => [{ line: 'currentAssets', year: y }, { line: 'currentLiabilities', year: y }],
    compute: (get, { y }) => {
      const ca = get('currentAssets', y);
      const cl = get('currentLiabilities', y);
      return ca && cl ? `Current ratio for ${y}: ${(ca.value / cl.value).toFixed(2)}, total current assets ${show(ca)} over total current liabilities ${show(cl)}.` : undefined;
    },
  },
  {
    ask: /ebitda[^.?]*margin|margin[^.?]*ebitda/,
    needs: ({ y }) => [{ line: 'operatingIncome', year: y }, { line: 'depreciation', year: y }, { line: 'revenue', year: y }],
    compute: (get, { y }) => {
      const oi = get('operatingIncome', y);
      const da = get('depreciation', y);
      const rev = get('revenue', y);
      return oi && da && rev
        ? `EBITDA margin for ${y}: ${pct((oi.value + Math.abs(da.value)) / rev.value)}, operating income ${show(oi)} plus depreciation and amortization ${show(da)}, over revenue ${show(rev)}.`
        : undefined;
    },
  },
  ...MARGINS.map(([ask, line, name]): Metric => ({
    ask,
    needs: ({ y }) => [{ line, year: y }, { line: 'revenue', year: y }],
    compute: (get, { y }) => {
      const n = get(line, y);
      const rev = get('revenue', y);
      return n && rev ? `${name} margin for ${y}: ${pct(Math.abs(n.value) / rev.value)}, ${show(n)} over revenue ${show(rev)}.` : undefined;
    },
  })),
  {
    ask: /payout ratio/,
    needs: ({ y }) => [{ line: 'dividends', year: y }, { line: 'netIncome', year: y }],
    compute: (get, { y }) => {
      const d = get('dividends', y);
      const ni = get('netIncome', y);
      return d && ni ? `Dividend payout ratio for ${y}: ${(Math.abs(d.value) / ni.value).toFixed(2)}, dividends ${show(d)} over net income ${show(ni)}.` : undefined;
    },
  },
  {
    ask: /inventory turnover|times[^.?]*inventory|sold its inventory/,
    needs: ({ y, prev }) => [{ line: 'cogs', year: y }, { line: 'inventory', year: y }, { line: 'inventory', year: prev, optional: true }],
    compute: (get, { y, prev }) => {
      const c = get('cogs', y);
      const i = get('inventory', y);
      const ip = get('inventory', prev);
      return c && i ? `Inventory turnover for ${y}: ${(Math.abs(c.value) / avg(i, ip)).toFixed(2)} times, cost of sales ${show(c)} over ${ip ? 'average' : 'year-end'} inventory ${show(i)}${ip ? ` and ${show(ip)}` : ''}.` : undefined;
    },
  },
  {
    ask: /days payable|\bdpo\b/,
    needs: ({ y, prev }) => [
      { line: 'cogs', year: y },
      { line: 'payables', year: y },
      { line: 'payables', year: prev, optional: true },
      { line: 'inventory', year: y, optional: true },
      { line: 'inventory', year: prev, optional: true },
    ],
    compute: (get, { y, prev }, q) => {
      const c = get('cogs', y);
      const p = get('payables', y);
      const pp = get('payables', prev);
      if (!c || !p) return undefined;
      // Some define the purchases of the year as COGS plus the change in inventory.
      const i = get('inventory', y);
      const ip = get('inventory', prev);
      const withInventory = /change in inventor/.test(q) && i && ip;
      const purchases = Math.abs(c.value) + (withInventory ? i.value - ip.value : 0);
      const denominator = withInventory ? `cost of sales ${show(c)} plus the change in inventory ${show(ip)} to ${show(i)}` : `cost of sales ${show(c)}`;
      return `Days payable outstanding for ${y}: ${((365 * avg(p, pp)) / purchases).toFixed(2)} days, ${pp ? 'average' : 'year-end'} accounts payable ${show(p)}${pp ? ` and ${show(pp)}` : ''} over ${denominator}.`;
    },
  },
  {
    ask: /free cash ?flow/,
    needs: ({ y }) => [{ line: 'operatingCashFlow', year: y }, { line: 'capex', year: y }, { line: 'netIncome', year: y, optional: true }],
    compute: (get, { y }) => {
      const o = get('operatingCashFlow', y);
      const c = get('capex', y);
      const ni = get('netIncome', y);
      if (!o || !c) return undefined;
      const fcf = o.value - Math.abs(c.value);
      const conv = ni ? `; conversion (free cash flow over net income ${show(ni)}): ${(fcf / ni.value).toFixed(2)}` : '';
      return `Free cash flow for ${y}: ${fmt(fcf, o.row.unit)}, operating cash flow ${show(o)} less capital expenditure ${show(c)}${conv}.`;
    },
  },
  {
    ask: /(?:revenue|sales)[^.?]*(?:growth|cagr|grow)|(?:growth|cagr)[^.?]*(?:revenue|sales)/,
    needs: ({ y, first }) => [{ line: 'revenue', year: y }, { line: 'revenue', year: first }],
    compute: (get, { y, first }, q) => {
      const a = get('revenue', first);
      const b = get('revenue', y);
      if (!a || !b || !a.value || first === y) return undefined;
      const n = Number(y) - Number(first);
      const cagr = /cagr/.test(q) && n > 1;
      const rate = cagr ? (b.value / a.value) ** (1 / n) - 1 : b.value / a.value - 1;
      return `Revenue ${cagr ? `CAGR over ${n} years` : 'growth'} from ${first} to ${y}: ${pct(rate)}, from ${show(a)} to ${show(b)}.`;
    },
  },
  {
    ask: /\bdebt\b[^.?]*(?:increase|decrease|change|grow|compare|between)|(?:increase|decrease|change)[^.?]*\bdebt\b/,
    needs: ({ y, prev }) => [{ line: 'debt', year: y }, { line: 'debt', year: prev }],
    compute: (_get, { y, prev }) => `__debt__${y}:${prev}`,
  },
];

function years(all: string[], q: string): Years | undefined {
  if (all.length === 0) return undefined;
  const sorted = [...all].sort();
  const y = sorted[sorted.length - 1]!;
  const prev = String(Number(y) - 1);
  const first = sorted.length > 1 ? sorted[0]! : /growth|grow|cagr|change/.test(q) ? prev : y;
  return { y, prev, first };
}

function finder(rows: EvidenceRow[]): Get {
  return (line, year) => {
    for (const row of rows) {
      if (!LINES[line].label.test(row.label.replace(/\s*\(\d\)$/, ''))) continue;
      for (const [column, raw] of row.values) {
        if (!column.includes(year)) continue;
        const value = numberOf(raw);
        if (value !== undefined) return { value, column, row };
      }
    }
    return undefined;
  };
}

/** What the question's metrics need that the evidence does not hold. */
export function missingInputs(question: string, chains: EvidenceChain[], asked: string[]): Need[] {
  const q = question.toLowerCase();
  const yr = years(asked, q);
  if (!yr) return [];
  const get = finder(evidenceRows(chains));
  const out: Need[] = [];
  for (const m of METRICS.filter((x) => x.ask.test(q))) {
    for (const n of m.needs(yr)) if (!get(n.line, n.year) && !out.some((o) => o.line === n.line && o.year === n.year)) out.push(n);
  }
  return out;
}

/** Sentences computing what the question asks, when the evidence holds the inputs. */
export function calculate(question: string, chains: EvidenceChain[], asked: string[]): string[] {
  const q = question.toLowerCase();
  const yr = years(asked, q);
  const rows = evidenceRows(chains);
  if (!yr || rows.length === 0) return [];
  const get = finder(rows);
  const out: string[] = [];
  for (const m of METRICS.filter((x) => x.ask.test(q))) {
    const s = m.compute(get, yr, q);
    if (s?.startsWith('__debt__')) {
      const d = debtChange(rows, yr);
      if (d) out.push(d);
    } else if (s) out.push(s);
  }
  return out;
}

/** Total debt (every debt line) in two years, and the change. */
function debtChange(rows: EvidenceRow[], { y, prev }: Years): string | undefined {
  const total = (yr: string) => {
    const seen = new Set<string>();
    const parts: { label: string; value: number; row: EvidenceRow }[] = [];
    for (const r of rows) {
      if (!LINES.debt.label.test(r.label) || seen.has(r.label.toLowerCase())) continue;
      const v = [...r.values].find(([c]) => c.includes(yr));
      const n = v ? numberOf(v[1]) : undefined;
      if (n === undefined) continue;
      seen.add(r.label.toLowerCase());
      parts.push({ label: r.label, value: n, row: r });
    }
    return { sum: parts.reduce((a, p) => a + p.value, 0), parts };
  };
  const now = total(y);
  const before = total(prev);
  if (!now.parts.length || !before.parts.length) return undefined;
  const d = now.sum - before.sum;
  const unit = now.parts[0]!.row.unit;
  const ids = [...new Set([...now.parts, ...before.parts].flatMap((p) => p.row.sources))].join(', ');
  return `Debt ${d < 0 ? 'decreased' : 'increased'} by ${fmt(Math.abs(d), unit)} from ${prev} to ${y}: ${fmt(before.sum, unit)} to ${fmt(now.sum, unit)} (${now.parts.map((p) => p.label).join(' + ')}) [${ids}].`;
}
