// Metrics computed from figures in the evidence, each shown with its inputs and their sources, so the
// arithmetic can be checked: working capital, margins, growth, payout ratio, CAGR, inventory
// turnover, days payable outstanding.
import { evidenceRows, numberOf, type EvidenceRow } from './evidence-rows.js';
import type { EvidenceChain } from '../evidence/types.js';

const LINE: Record<string, RegExp> = {
  revenue: /^(?:total )?(?:net )?(?:revenues?|sales)(?:, net)?$|^total net (?:sales|revenues?)$|^net revenues?$|^total revenues? and other income$/i,
  cogs: /^(?:total )?cost of (?:goods sold|sales|revenues?|products sold)\b/i,
  currentAssets: /^total current assets$/i,
  currentLiabilities: /^total current liabilities$/i,
  netIncome: /^net (?:income|earnings)(?: attributable to [\w.,&' ]+)?$/i,
  dividends: /^(?:cash )?dividends(?: paid)?(?: to (?:common )?(?:shareholders|shareowners|stockholders))?$|^dividends paid\b(?!.*noncontrolling)/i,
  debt: /^(?:total )?(?:long-term debt|short-term (?:debt|borrowings)|current portion of long-term debt|notes payable|commercial paper)(?:, net)?(?: \(.*\))?$/i,
  operatingIncome: /^(?:total )?operating (?:income|profit)$|^income from operations$/i,
  depreciation: /^depreciation(?:,| and) amortization/i,
  inventory: /^(?:merchandise )?inventor(?:y|ies)(?:, net)?$/i,
  payables: /^accounts payable(?:, trade)?$/i,
};

interface Found {
  value: number;
  column: string;
  row: EvidenceRow;
}

function find(rows: EvidenceRow[], what: keyof typeof LINE, year: string): Found | undefined {
  for (const row of rows) {
    if (!LINE[what]!.test(row.label.replace(/\s*\(\d\)$/, ''))) continue;
    for (const [column, raw] of row.values) {
      if (!column.includes(year)) continue;
      const value = numberOf(raw);
      if (value !== undefined) return { value, column, row };
    }
  }
  return undefined;
}

const fmt = (n: number, unit: string | null) => {
  const s = Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const u = unit ? ` ${unit.replace(/s$/, '')}` : '';
  return `${n < 0 ? '-' : ''}$${s}${u}`;
};
const cite = (...f: Found[]) => `[${[...new Set(f.flatMap((x) => x.row.sources))].join(', ')}]`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const input = (name: string, f: Found) => `${name} ${fmt(f.value, f.row.unit)} (${f.row.label}, ${f.column}) ${cite(f)}`;

/** Sentences computing what the question asks, when the evidence holds the inputs. */
export function calculate(question: string, chains: EvidenceChain[], years: string[]): string[] {
  const rows = evidenceRows(chains);
  if (rows.length === 0 || years.length === 0) return [];
  const q = question.toLowerCase();
  const y = [...years].sort().reverse()[0]!;
  const prev = String(Number(y) - 1);
  const out: string[] = [];

  if (/working capital/.test(q)) {
    const ca = find(rows, 'currentAssets', y);
    const cl = find(rows, 'currentLiabilities', y);
    if (ca && cl) out.push(`Working capital for ${y} is ${fmt(ca.value - cl.value, ca.row.unit)}: ${input('total current assets', ca)} less ${input('total current liabilities', cl)}.`);
  }
  const margin = /(cogs|cost of goods sold|gross|operating|ebitda|net)[^.?]*%?\s*margin/.exec(q);
  if (margin) {
    const rev = find(rows, 'revenue', y);
    const kind = margin[1]!;
    const num = kind === 'cogs' || kind === 'cost of goods sold' ? find(rows, 'cogs', y) : kind === 'net' ? find(rows, 'netIncome', y) : find(rows, 'operatingIncome', y);
    const da = kind === 'ebitda' ? find(rows, 'depreciation', y) : undefined;
    if (rev && num && (kind !== 'ebitda' || da)) {
      const top = num.value + (da?.value ?? 0);
      const what = kind === 'ebitda' ? 'EBITDA (operating income plus depreciation and amortization)' : `${kind.toUpperCase() === 'COGS' ? 'COGS' : kind} margin`;
      out.push(`${what} for ${y}: ${pct(Math.abs(top) / rev.value)} of revenue, from ${input('', num).trim()}${da ? ` plus ${input('', da).trim()}` : ''} over ${input('revenue', rev)}.`);
    }
  }
  if (/payout ratio/.test(q)) {
    const div = find(rows, 'dividends', y);
    const ni = find(rows, 'netIncome', y);
    if (div && ni) out.push(`Dividend payout ratio for ${y}: ${(Math.abs(div.value) / ni.value).toFixed(2)}, from ${input('dividends', div)} over ${input('net income', ni)}.`);
  }
  if (/inventory turnover|times[^.?]*inventory|sold its inventory/.test(q)) {
    const cogs = find(rows, 'cogs', y);
    const inv = find(rows, 'inventory', y);
    const invPrev = find(rows, 'inventory', prev);
    if (cogs && inv) {
      const avg = invPrev ? (inv.value + invPrev.value) / 2 : inv.value;
      out.push(`Inventory turnover for ${y}: ${(cogs.value / avg).toFixed(2)} times, from ${input('cost of sales', cogs)} over ${invPrev ? 'average' : 'year-end'} ${input('inventory', inv)}${invPrev ? ` and ${input('', invPrev).trim()}` : ''}.`);
    }
  }
  if (/days payable|\bdpo\b/.test(q)) {
    const cogs = find(rows, 'cogs', y);
    const ap = find(rows, 'payables', y);
    const apPrev = find(rows, 'payables', prev);
    if (cogs && ap) {
      const avg = apPrev ? (ap.value + apPrev.value) / 2 : ap.value;
      out.push(`Days payable outstanding for ${y}: ${((365 * avg) / cogs.value).toFixed(2)} days, from ${apPrev ? 'average' : 'year-end'} ${input('accounts payable', ap)}${apPrev ? ` and ${input('', apPrev).trim()}` : ''} over ${input('cost of sales', cogs)}.`);
    }
  }
  if (/\bdebt\b/.test(q) && /(increase|decrease|change|grow|compare|between)/.test(q)) {
    const total = (yr: string) => {
      const parts = rows.filter((r) => LINE.debt!.test(r.label)).map((r) => ({ r, v: [...r.values].find(([c]) => c.includes(yr)) })).filter((x) => x.v && numberOf(x.v[1]) !== undefined);
      const seen = new Set<string>();
      const uniq = parts.filter((x) => !seen.has(x.r.label.toLowerCase()) && seen.add(x.r.label.toLowerCase()));
      return { sum: uniq.reduce((a, x) => a + numberOf(x.v![1])!, 0), parts: uniq };
    };
    const now = total(y);
    const before = total(prev);
    if (now.parts.length && before.parts.length) {
      const d = now.sum - before.sum;
      const unit = now.parts[0]!.r.unit;
      const ids = [...new Set([...now.parts, ...before.parts].flatMap((x) => x.r.sources))].join(', ');
      out.push(`Debt ${d < 0 ? 'decreased' : 'increased'} by ${fmt(Math.abs(d), unit)} from ${prev} to ${y}: ${fmt(before.sum, unit)} to ${fmt(now.sum, unit)} (${now.parts.map((x) => x.r.label).join(' + ')}) [${ids}].`);
    }
  }
  const growth = /(revenue|sales)[^.?]*(growth|cagr)|(growth|cagr)[^.?]*(revenue|sales)/.test(q);
  if (growth) {
    const sorted = [...years].sort();
    const first = sorted[0]!;
    const last = sorted[sorted.length - 1]!;
    const a = find(rows, 'revenue', first === last ? prev : first);
    const b = find(rows, 'revenue', last);
    if (a && b && a.value) {
      const n = Number(last) - Number(a.column.match(/\d{4}/)?.[0] ?? prev);
      const rate = /cagr/.test(q) && n > 1 ? (b.value / a.value) ** (1 / n) - 1 : b.value / a.value - 1;
      out.push(`Revenue ${/cagr/.test(q) && n > 1 ? `CAGR over ${n} years` : 'growth'} to ${last}: ${pct(rate)}, from ${input('', a).trim()} to ${input('', b).trim()}.`);
    }
  }
  return out;
}
