// A grid's answer written from its records: a line per company and measure with each year's figure at
// one scale and its citation, where the figures are printed, the figures derived from them, which leads,
// and why each empty cell is empty. Nothing here finds a figure: the records are the data.
import type { FigureGrid, FigureRecord } from '../../contract/types.js';
import type { FigurePayload } from './figure-payload.js';
import { figureValue } from '../../contract/figure-text.js';
import { noMembers, screenText } from './write-screen.js';
import { operationOf } from '../operations/table.js';
import { Names, STATEMENT_NAME } from './written-names.js';

const cited = (r: FigureRecord) => (r.citation ? ` [${r.citation}]` : '');
const signed = (r: FigureRecord, scale: number) => {
  const text = figureValue(r, scale);
  return r.value > 0 && r.unit !== 'points' && !text.startsWith('-') ? `+${text}` : text;
};

/** The answer's text for a grid. */
export function gridText(p: FigurePayload, names: Map<string, string>): string {
  const g = p.grid!;
  const byId = new Map(p.figures.map((r) => [r.id, r]));
  // A set's members ranked (a screen): in the order asked, a line each.
  if (g.set && g.companies.length === 0) return noMembers(g.set, g.fiscal_years, names);
  const screen = g.set && g.rankings?.length === 1 ? g.rankings[0]! : undefined;
  if (screen) return screenText(g, screen, byId, names);
  const rec = (id: string | null) => (id ? byId.get(id) : undefined);
  const named = new Names(names);
  const who = (t: string) => named.who(t);
  const bare = (t: string) => named.bare(t);
  const out: string[] = [];
  const reasons: string[] = [];
  const many = g.fiscal_years.length > 1;
  for (const c of g.companies) {
    for (const m of g.measures) {
      const cells = g.cells.filter((x) => x.ticker === c.ticker && x.measure === m.key).sort((a, b) => a.fiscal_year - b.fiscal_year);
      if (cells.length === 0) continue;
      const stated = cells.flatMap((x) => (rec(x.figure) ? [rec(x.figure)!] : []));
      const parts = cells.map((x) => {
        const r = rec(x.figure);
        const when = many ? `fiscal ${x.fiscal_year} ` : '';
        if (r) return `${when}${figureValue(r, g.scale)}${cited(r)}`;
        if (x.reason && !reasons.includes(x.reason)) reasons.push(x.reason);
        return `${when}not stated`;
      });
      const year = many ? '' : ` for fiscal ${cells[0]!.fiscal_year}`;
      out.push(`${who(c.ticker)} ${m.name}${year}: ${parts.join('; ')}${where(stated)}.`);
    }
  }
  for (const d of g.derived) {
    const r = rec(d.figure);
    if (!r) {
      if (d.reason && !reasons.includes(d.reason)) reasons.push(d.reason);
      continue;
    }
    out.push(derivedText(d, r, g, bare));
  }
  const ranks = (g.rankings ?? []).map((k) => rankingText(k, g, byId, bare));
  // (Which of a company's parts leads is what was asked: said first, each part's figures after.)
  return (g.operation.parts ? [...ranks, ...out, ...reasons] : [...out, ...ranks, ...reasons]).join('\n');
}

/** Where the stated figures are printed: one label and statement for them all, with their filings. */
function where(stated: FigureRecord[]): string {
  const src = stated.map((r) => r.source).filter((s) => s !== null);
  if (src.length === 0 || stated.some((r) => r.status !== 'reported')) return '';
  const labels = [...new Set(src.map((s) => s.row_label ?? ''))];
  const places = [...new Set(src.map((s) => (s.statement ? STATEMENT_NAME[s.statement] : s.table ? `"${s.table.slice(0, 60)}"` : 'text')))];
  if (labels.length !== 1 || places.length !== 1 || !labels[0]) return '';
  const filings = [...new Set(src.map((s) => `FY${s.fiscal_year}`))].sort();
  return `, reported as "${labels[0]}" in the ${places[0]} of the ${src[0]!.form} ${filings.join(', ')}`;
}

function derivedText(d: FigureGrid['derived'][number], r: FigureRecord, g: FigureGrid, bare: (t: string) => string): string {
  const name = g.measures.find((m) => m.key === d.measure)?.name ?? d.measure;
  const op = operationOf(d.operation);
  if (d.other)
    return op.across!.sentence({
      whose: `${bare(d.ticker)}'s ${name}`,
      other: bare(d.other),
      year: d.fiscal_year,
      result: r.value,
      amount: (v) => figureValue({ ...r, value: v }, g.scale),
    });
  const span = d.from_year !== undefined ? ` from fiscal ${d.from_year} to ${d.fiscal_year}` : ` for fiscal ${d.fiscal_year}`;
  // (Named as its record is: "revenue growth", "revenue (AWS) share of revenue"; a change signed.)
  const value = op.shape === 'change' ? signed(r, g.scale) : figureValue(r, g.scale);
  return `${bare(d.ticker)}'s ${r.measure.name}${span}: ${value}${op.annual ? ' a year' : ''}.`;
}

function rankingText(
  k: NonNullable<FigureGrid['rankings']>[number],
  g: FigureGrid,
  byId: Map<string, FigureRecord>,
  bare: (t: string) => string,
): string {
  const name = g.measures.find((m) => m.key === k.measure)?.name ?? k.measure;
  const named = operationOf(k.operation).named;
  const growth = named ? ` ${named}` : '';
  const overYears = g.companies.length === 1;
  const part = (key?: string) => g.measures.find((m) => m.key === key)?.part;
  if (k.ranked.length === 0) {
    const lacking = k.missing
      .map(
        (m) =>
          `${bare(m.ticker)}'s ${part(m.measure) ? `${name} (${part(m.measure)})` : name}${growth} for fiscal ${m.fiscal_year} is not stated`,
      )
      .join('; ');
    return `Which leads cannot be said: ${lacking}.`;
  }
  const entry = (e: (typeof k.ranked)[number]) => {
    const r = byId.get(e.figure)!;
    const label = part(e.measure) ?? (overYears ? `fiscal ${e.fiscal_year}` : bare(e.ticker));
    return `${label} (${k.operation === 'value' ? figureValue(r, g.scale) : signed(r, g.scale)}${cited(r)})`;
  };
  const top = k.order === 'desc' ? 'Highest' : 'Lowest';
  const among = g.operation.parts ? ` among ${bare(g.companies[0]!.ticker)}'s segments` : '';
  const when = overYears && !among ? '' : ` for fiscal ${k.fiscal_year}`;
  const [first, ...rest] = k.ranked;
  const then = rest.length > 0 ? `, then ${rest.map(entry).join(', then ')}` : '';
  return `${top} ${name}${growth}${among}${when}: ${entry(first!)}${then}.`;
}
