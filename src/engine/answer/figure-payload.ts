// A figure answer as data: its records (`analysis.figures`) and, for a grid, the cells, derived figures
// and rankings that point at them (`analysis.grid`). Built once the evidence is final, so every record
// cites the source ids the answer shows; the answer's text and the terminal's table are written from it.
import type { FigureGrid, FigureRecord } from '../../contract/types.js';
import type { FigureAnswer, FigureLine, Grid } from './figure-lines.js';
import { fiscalPeriodOf, FigureRecords, type RecordContext } from './records.js';
import { measureName, type FigureWriter } from './write-figures.js';

export interface FigurePayload {
  figures: FigureRecord[];
  grid?: FigureGrid;
}

/** The records of the figures an answer states (a line's own figure, never the figure of a simpler
 * question it offers instead), and the grid over them. `why` writes an empty cell's reason. */
export function figurePayload(answer: FigureAnswer, ctx: RecordContext, why: FigureWriter): FigurePayload {
  const records = new FigureRecords(ctx);
  const stated = (l: FigureLine) => (l.kind === 'blocked' ? undefined : records.line(l));
  const g = answer.grid;
  // A grid's records in its order (company, measure, oldest year first), then what is derived.
  if (g) {
    const order = (c: { ticker: string; measure: string; year: number }) => [
      g.tickers.indexOf(c.ticker),
      g.measures.findIndex((m) => m.key === c.measure),
      c.year,
    ];
    const sorted = [...g.cells].sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    for (const c of sorted) stated(c.line);
    for (const d of g.derived) stated(d.line);
  }
  for (const l of answer.lines) stated(l);
  if (!g) return { figures: records.records };
  const cell = (c: { line: FigureLine }) => {
    const id = stated(c.line);
    return id ? { figure: id } : { figure: null, reason: why.line(c.line).split('\n')[0]! };
  };
  const grid: FigureGrid = {
    companies: g.tickers.map((t) => ({ ticker: t, name: ctx.names.get(t) ?? t })),
    measures: g.measures.map(({ key, measure, part }) => ({ key, name: measureName(measure), unit: null, ...(part ? { part } : {}) })),
    fiscal_years: g.years,
    fiscal_period: fiscalPeriodOf(g.point),
    operation: {
      kind: g.op.kind,
      ...(g.op.steps ? { steps: true } : {}),
      ...(g.op.across ? { across: 'companies' as const } : {}),
      ...(g.op.rank ? { rank: g.op.rank.order } : {}),
      ...(g.op.parts ? { parts: true } : {}),
    },
    cells: g.cells.map((c) => ({ ticker: c.ticker, measure: c.measure, fiscal_year: c.year, ...cell(c) })),
    derived: g.derived.map((d) => ({
      ticker: d.ticker,
      measure: d.measure,
      fiscal_year: d.year,
      operation: d.op,
      ...(d.fromYear !== undefined ? { from_year: d.fromYear } : {}),
      ...(d.other ? { other: d.other } : {}),
      ...cell(d),
    })),
    ...(g.rankings.length > 0 ? { rankings: g.rankings.map((r) => rankingOf(r, stated, why)) } : {}),
    scale: 1,
  };
  const byId = new Map(records.records.map((r) => [r.id, r]));
  for (const m of grid.measures) {
    const first = grid.cells.find((c) => c.measure === m.key && c.figure);
    m.unit = first ? byId.get(first.figure!)!.unit : null;
  }
  grid.scale = gridScale(grid.cells.flatMap((c) => (c.figure ? [byId.get(c.figure)!] : [])));
  return { figures: records.records, grid };
}

const partOf = (e: { measure?: string }) => (e.measure ? { measure: e.measure } : {});

function rankingOf(r: Grid['rankings'][number], stated: (l: FigureLine) => string | undefined, why: FigureWriter) {
  return {
    order: r.order,
    measure: r.measure,
    operation: r.op,
    fiscal_year: r.year,
    ranked: r.ranked.map((e) => ({ ticker: e.ticker, fiscal_year: e.year, figure: stated(e.line)!, ...partOf(e) })),
    missing: r.missing.map((e) => ({ ticker: e.ticker, fiscal_year: e.year, reason: why.line(e.line).split('\n')[0]!, ...partOf(e) })),
  };
}

/** One scale for a grid's money: millions when any amount is a million or more, else dollars. */
export function gridScale(records: FigureRecord[]): number {
  const money = records.filter((r) => r.unit === 'USD');
  return money.some((r) => Math.abs(r.value) >= 1e6) ? 1e6 : 1;
}
