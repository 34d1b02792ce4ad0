// A grid of figures for a terminal: a row per company and measure, a column per fiscal year, each cell
// with its citation letter, the change over the years and a sparkline for a series, the figures derived
// per step as rows of their own, then which leads, and why each empty cell is empty. Drawn from the
// response's records (`analysis.figures`, `analysis.grid`), whichever backend answered.
import type { ChalkInstance } from 'chalk';
import { grouped, percentDecimals } from '../../contract/figure-text.js';
import type { FigureGrid, FigureRecord } from '../../contract/types.js';
import { type Column, renderTable } from './table.js';

const SCALE_WORD: Record<number, string> = { 1: '', 1e3: 'thousands', 1e6: 'millions', 1e9: 'billions' };
const SPARKS = '▁▂▃▄▅▆▇█';

export interface GridOptions {
  chalk: ChalkInstance;
  width: number;
}

/** A record's value in a cell: money at the grid's scale (the unit is in the heading), a percentage
 * with its sign, per-share amounts in dollars, shares in millions. */
function cellValue(r: FigureRecord, scale: number): string {
  const decimals = /\.(\d+)/.exec(r.printed ?? '')?.[1]?.length ?? 0;
  switch (r.unit) {
    case 'USD':
      return grouped(r.value / scale, r.scale !== null && r.scale < scale ? 1 : r.scale === scale ? decimals : 0);
    case 'percent': {
      // As printed; a computed one at the precision of its inputs.
      const d = r.printed === null ? percentDecimals(r.value) : Math.max(1, decimals);
      return `${grouped(r.value, d, d)}%`;
    }
    case 'points':
      return `${r.value >= 0 ? '+' : ''}${grouped(r.value, 1, 1)} pts`;
    case 'USD/share':
      return `$${grouped(r.value, 2, 2)}`;
    case 'shares':
      return `${grouped(r.value / 1e6, 1)}M sh`;
    case 'ratio':
    case 'times':
      return `${grouped(r.value, 2, 2)}x`;
    case 'days':
      return `${grouped(r.value, 1, 1)} d`;
    case 'count':
      return grouped(r.value);
  }
}

/** ▁▃█ for the values in order (a flat series is a flat line). */
export function sparkline(values: number[]): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.map((v) => SPARKS[hi === lo ? 3 : Math.round(((v - lo) / (hi - lo)) * (SPARKS.length - 1))]).join('');
}

/** A row's change over the range, as its derived record states it: a percentage for amounts, points for
 * rates. */
function change(r: FigureRecord): string {
  const d = r.unit === 'points' ? 1 : percentDecimals(r.value);
  return `${r.value >= 0 ? '+' : ''}${grouped(r.value, d, d)}${r.unit === 'points' ? ' pts' : '%'}`;
}

/** "FY2020-23" (a year's part before it: "Q2 2021-23"; across centuries "FY1998-2003"). */
const span = (period: string, from: number, to: number) =>
  `${period}${from}-${Math.floor(from / 100) === Math.floor(to / 100) ? String(to).slice(2) : to}`;

/** The sources the cells cite, a line each: "[A] Keysight Technologies 10-K FY2022, accession ...". */
function legend(records: FigureRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const r of records) {
    if (!r.citation || seen.has(r.citation) || !r.source) continue;
    const s = r.source;
    const what = s.fiscal_year !== null ? `${s.form} FY${s.fiscal_year}` : `${s.form} filed ${s.filed ?? '?'} (XBRL company facts)`;
    seen.set(r.citation, `[${r.citation}] ${r.company} ${what}, accession ${s.accession}`);
  }
  return [...seen.values()];
}

export function renderFigureGrid(grid: FigureGrid, records: FigureRecord[], o: GridOptions): string {
  if (grid.set && grid.measures.length === 1 && grid.fiscal_years.length >= 1) return renderScreen(grid, records, o);
  const { chalk } = o;
  const byId = new Map(records.map((r) => [r.id, r]));
  const names = new Map(grid.companies.map((c) => [c.ticker, c.name]));
  const years = grid.fiscal_years;
  const period = grid.fiscal_period === 'FY' ? 'FY' : `${grid.fiscal_period} `;
  const reasons: string[] = [];
  const note = (reason: string) => {
    let k = reasons.indexOf(reason);
    if (k < 0) k = reasons.push(reason) - 1;
    return chalk.dim(`— (${k + 1})`);
  };
  const cell = (c: { figure: string | null; reason?: string } | undefined, signed = false) => {
    if (!c) return '';
    const r = c.figure ? byId.get(c.figure) : undefined;
    if (!r) return note(c.reason ?? 'not stated');
    const value = cellValue(r, grid.scale);
    return `${signed && r.value > 0 && !value.startsWith('+') ? '+' : ''}${value}${r.citation ? chalk.dim(` [${r.citation}]`) : ''}`;
  };
  const series = years.length >= 2;
  const rows: string[][] = [];
  for (const c of grid.companies) {
    for (const m of grid.measures) {
      const cells = years.map((y) => grid.cells.find((x) => x.ticker === c.ticker && x.measure === m.key && x.fiscal_year === y));
      const stated = cells.flatMap((x) => (x?.figure && byId.get(x.figure) ? [byId.get(x.figure)!] : []));
      const trend = stated.length >= 3 ? sparkline(stated.map((r) => r.value)) : '';
      const moved = grid.changes?.find((d) => d.ticker === c.ticker && d.measure === m.key);
      const r = moved?.figure ? byId.get(moved.figure) : undefined;
      let delta = series && r ? change(r) : '';
      // A row whose stated figures span fewer years than the column's heading says so.
      const from = moved?.from_year ?? years[0]!;
      if (delta && (from !== years[0] || moved!.fiscal_year !== years[years.length - 1]))
        delta += chalk.dim(` (${span(period, from, moved!.fiscal_year)})`);
      rows.push([names.get(c.ticker) ?? c.ticker, m.name, ...cells.map((x) => cell(x)), delta, trend]);
      // Each step's change or growth, under the row it is of.
      const steps = grid.derived.filter((d) => d.ticker === c.ticker && d.measure === m.key && !d.other);
      if (steps.length > 0) {
        rows.push([
          '',
          chalk.dim(`  ${grid.operation.name ?? steps[0]!.operation}`),
          ...years.map((y) =>
            cell(
              steps.find((d) => d.fiscal_year === y),
              true,
            ),
          ),
          '',
          '',
        ]);
      }
    }
  }
  const unit = grid.measures.some((m) => m.unit === 'USD') ? `USD ${SCALE_WORD[grid.scale] || ''}`.trim() : '';
  const columns: Column[] = [
    { head: 'Company', flexible: true },
    { head: 'Measure', flexible: true },
    ...years.map((y): Column => ({ head: `${period}${y}`, align: 'right' })),
    { head: series ? `Change ${span(period, years[0]!, years[years.length - 1]!)}` : '', align: 'right', drop: 2 },
    { head: '', drop: 1 },
  ];
  const sources = legend(records);
  const heading = [unit, sources.length ? '[A] the source a figure is printed in' : ''].filter(Boolean).join('; ');
  const out = [`${chalk.bold.underline('Figures')}${heading ? chalk.dim(` (${heading})`) : ''}`];
  out.push(renderTable(columns, rows, { width: o.width, bold: chalk.bold }));
  // Differences and ratios between two companies, then which leads.
  for (const d of grid.derived.filter((x) => x.other)) {
    const r = d.figure ? byId.get(d.figure) : undefined;
    if (!r) continue;
    // (A ratio is so many times the other's; a difference, an amount over it.)
    const what =
      r.unit === 'ratio'
        ? `${cellValue(r, 1)} ${names.get(d.other!) ?? d.other}'s`
        : `${cellValue(r, grid.scale)} over ${names.get(d.other!) ?? d.other}`;
    out.push(
      `${names.get(d.ticker) ?? d.ticker}'s ${grid.measures.find((m) => m.key === d.measure)?.name ?? d.measure}, FY${d.fiscal_year}: ${what}`,
    );
  }
  for (const k of grid.rankings ?? []) {
    const name = grid.measures.find((m) => m.key === k.measure)?.name ?? k.measure;
    const what = k.operation === 'value' ? name : `${name} ${grid.operation.name ?? k.operation}`;
    if (k.ranked.length === 0) {
      out.push(
        `${chalk.bold('Which leads')} in ${what}, FY${k.fiscal_year}: ${chalk.yellow('cannot be said')}: ` +
          k.missing.map((x) => `${names.get(x.ticker) ?? x.ticker} FY${x.fiscal_year} not stated`).join('; '),
      );
      continue;
    }
    const order = k.ranked
      .map((e, i) => `${i + 1}. ${grid.companies.length > 1 ? (names.get(e.ticker) ?? e.ticker) : `FY${e.fiscal_year}`}`)
      .join('  ');
    out.push(
      `${chalk.bold(k.order === 'desc' ? 'Highest' : 'Lowest')} ${what}${grid.companies.length > 1 ? `, FY${k.fiscal_year}` : ''}: ${order}`,
    );
  }
  for (const [i, r] of reasons.entries()) out.push(chalk.dim(`(${i + 1}) ${r}`));
  for (const line of sources) out.push(chalk.dim(line));
  return `${out.join('\n')}\n`;
}

/** A screen (a set's members): a row a member with its rank, in the order asked (the ranked members,
 * then the other members stated, then those not stated), every amount at one scale and as many
 * decimals, the column of the year the set was screened on; growth asked, the growth's column too. */
function renderScreen(grid: FigureGrid, records: FigureRecord[], o: GridOptions): string {
  const { chalk } = o;
  const byId = new Map(records.map((r) => [r.id, r]));
  const names = new Map(grid.companies.map((c) => [c.ticker, c.name]));
  const m = grid.measures[0]!;
  const year = grid.fiscal_years[grid.fiscal_years.length - 1]!;
  const period = grid.fiscal_period === 'FY' ? 'FY' : `${grid.fiscal_period} `;
  const ranking = grid.rankings?.[0];
  // What is screened: each member's cell of the year, or the figure derived from it (growth).
  const growth = grid.derived.some((d) => !d.other && d.fiscal_year === year);
  const of = (t: string) =>
    growth
      ? grid.derived.find((d) => d.ticker === t && d.fiscal_year === year && !d.other)
      : grid.cells.find((c) => c.ticker === t && c.measure === m.key && c.fiscal_year === year);
  const recordOf = (t: string) => {
    const c = of(t);
    return c?.figure ? byId.get(c.figure) : undefined;
  };
  const sign = ranking?.order === 'asc' ? 1 : -1;
  const ranked = (ranking?.ranked ?? []).map((e) => e.ticker);
  const stated = grid.companies.map((c) => c.ticker).filter((t) => !ranked.includes(t) && recordOf(t));
  if (ranking) stated.sort((a, b) => sign * (recordOf(a)!.value - recordOf(b)!.value));
  const unstated = grid.companies.map((c) => c.ticker).filter((t) => !recordOf(t));
  const order = [...ranked, ...stated, ...unstated];
  const reasons: string[] = [];
  const note = (reason: string) => {
    let k = reasons.indexOf(reason);
    if (k < 0) k = reasons.push(reason) - 1;
    return chalk.dim(`— (${k + 1})`);
  };
  // One scale and as many decimals for every amount, so the figures line up.
  const texts = order.map((t) => {
    const r = recordOf(t);
    return r ? cellValue(r, grid.scale) : '';
  });
  // (Written again from the values at the most decimals any prints: 51,217.0 beside 17,457.2.)
  const decimals = Math.min(2, Math.max(0, ...texts.map((x) => /\.(\d+)%?$/.exec(x)?.[1]?.length ?? 0)));
  const aligned = (r: FigureRecord, text: string) =>
    r.unit === 'USD'
      ? grouped(r.value / grid.scale, decimals, decimals)
      : r.unit === 'percent'
        ? `${grouped(r.value, decimals, decimals)}%`
        : text;
  const rows = order.map((t, i) => {
    const r = recordOf(t);
    const c = of(t);
    const rank = ranked.includes(t) ? String(i + 1) : '';
    const cell = r ? `${aligned(r, texts[i]!)}${r.citation ? chalk.dim(` [${r.citation}]`) : ''}` : note(c?.reason ?? 'not stated');
    return [rank, names.get(t) ?? t, t, cell];
  });
  const what = growth ? `${m.name} growth` : m.name;
  const unit = !growth && m.unit === 'USD' ? `USD ${SCALE_WORD[grid.scale] || ''}`.trim() : '';
  const columns: Column[] = [
    { head: '#', align: 'right' },
    { head: 'Company', flexible: true },
    { head: 'Ticker' },
    { head: `${what} ${period}${year}`, align: 'right' },
  ];
  const sources = legend(records);
  const heading = [unit, sources.length ? '[A] the source a figure is printed in' : ''].filter(Boolean).join('; ');
  const set = grid.set!;
  const what_ =
    set.kind === 'index' ? 'the index' : set.kind === 'peers' ? `${set.of}'s peers, ${set.names.join(', ')}` : set.names.join(', ');
  const title = `${chalk.bold.underline(`Screen: ${what_}`)}${heading ? chalk.dim(` (${heading})`) : ''}`;
  const out = [title, renderTable(columns, rows, { width: o.width, bold: chalk.bold })];
  if (grid.companies.length === 0)
    return `${title}\n${chalk.yellow(`No member: no company of the set in the index reports ${period}${year}.`)}\n`;
  const count = `${grid.companies.length - unstated.length} of ${grid.companies.length} members stated`;
  if (ranking) {
    const top = ranking.top ? `the ${ranking.order === 'desc' ? 'top' : 'bottom'} ${ranking.top}, ` : '';
    out.push(`${chalk.bold(ranking.order === 'desc' ? 'Highest first' : 'Lowest first')}: ${top}${count}; ranked over the figures stated`);
  } else out.push(count);
  for (const [i, r] of reasons.entries()) out.push(chalk.dim(`(${i + 1}) ${r}`));
  for (const line of sources) out.push(chalk.dim(line));
  return `${out.join('\n')}\n`;
}
