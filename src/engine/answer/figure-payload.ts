// A figure answer as data: its records (`analysis.figures`) and, for a grid, the cells, derived figures
// and rankings that point at them (`analysis.grid`). Built once the evidence is final, so every record
// cites the source ids the answer shows; the answer's text and the terminal's table are written from it.
import type { FigureGap, FigureGrid, FigureRecord } from '../../contract/types.js';
import { OPERATIONS, type OperationKind } from '../operations/table.js';
import type { FigureAnswer, FigureLine, Grid, GridDerived } from './figure-lines.js';
import { type GapAt, gapOf } from './gaps.js';
import { fiscalPeriodOf, type RecordContext, WrittenRecords } from './records.js';
import { FigureWriter } from './write-figures.js';
import { measureName } from './written-names.js';

export interface FigurePayload {
  figures: FigureRecord[];
  grid?: FigureGrid;
  /** Every figure asked and not stated, with its reason code. */
  gaps: FigureGap[];
  /** The records the answer's sentences are written from (`figures` and those kept apart). */
  written: WrittenRecords;
}

export interface PayloadContext extends RecordContext {
  /** Whether the company's XBRL company facts hold a fiscal year. */
  factsHold?: (ticker: string, year: number) => boolean;
  /** Companies that name their fiscal years off the index's labels, and the offset. */
  fiscalNaming?: Map<string, number>;
}

/** What the question asked, for a line that says why a company is not answered at all. */
export type Asked = NonNullable<FigureAnswer['asked']>;

/** The records of the figures an answer states (a line's own figure, never the figure of a simpler
 * question it offers instead), and the grid over them. */
export function figurePayload(answer: FigureAnswer, ctx: PayloadContext): FigurePayload {
  const asked = answer.asked;
  const written = new WrittenRecords(ctx);
  const records = written.stated;
  // (An empty cell's reason, a gap's message: as the answer's line says it.)
  const why = new FigureWriter({
    written,
    names: ctx.names,
    ...(ctx.fiscalNaming ? { fiscalNaming: ctx.fiscalNaming } : {}),
    billions: false,
  });
  const stated = (l: FigureLine) => (l.kind === 'blocked' ? undefined : records.line(l));
  const gapContext = { ...ctx, candidate: (f: Parameters<typeof records.candidate>[0]) => records.candidate(f) };
  const gaps: FigureGap[] = [];
  const gap = (l: FigureLine, at: GapAt) => {
    const g = gapOf(l, at, why, gapContext);
    gaps.push(g);
    return g;
  };
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
  // (A series' changes last: the figures the answer states keep their ids whether or not they come.)
  for (const d of g?.changes ?? []) stated(d.line);
  if (!g) {
    // (Another row a figure's statements show with another value: after every figure stated.)
    for (const l of answer.lines) records.alsoShown(l);
    for (const l of answer.lines) if (!stated(l)) for (const at of lineAts(l, asked)) gap(l, at);
    return { figures: records.records, gaps, written };
  }
  const period = fiscalPeriodOf(g.point);
  const status = (id: string) => records.records.find((r) => r.id === id)!.status;
  const cell = (c: { ticker: string; measure: string; year: number; line: FigureLine; op?: OperationKind; other?: string }) => {
    const id = stated(c.line);
    if (id) return { figure: id, status: status(id) };
    const name = !c.op
      ? c.measure
      : c.other
        ? `${c.measure} ${OPERATIONS[c.op].across ? OPERATIONS[c.op].named : c.op}`
        : OPERATIONS[c.op].name(c.measure);
    const { code, message } = gap(c.line, {
      ticker: c.ticker,
      measure: name,
      point: { ...g.point, year: c.year },
      period,
      ...(c.op ? { operation: c.op } : {}),
    });
    return { figure: null, status: 'missing' as const, reason_code: code, reason: message };
  };
  const grid: FigureGrid = {
    companies: g.tickers.map((t) => ({ ticker: t, name: ctx.names.get(t) ?? t })),
    measures: g.measures.map(({ key, measure, part }) => ({ key, name: measureName(measure), unit: null, ...(part ? { part } : {}) })),
    fiscal_years: g.years,
    fiscal_period: fiscalPeriodOf(g.point),
    operation: {
      kind: g.op.kind,
      ...(OPERATIONS[g.op.kind].named ? { name: OPERATIONS[g.op.kind].named } : {}),
      ...(g.op.steps ? { steps: true } : {}),
      ...(g.op.across ? { across: 'companies' as const } : {}),
      ...(g.op.rank ? { rank: g.op.rank.order } : {}),
      ...(g.op.parts ? { parts: true } : {}),
    },
    cells: g.cells.map((c) => ({ ticker: c.ticker, measure: c.measure, fiscal_year: c.year, ...cell(c) })),
    derived: g.derived.map((d) => ({ ...derivedOf(d), ...cell(d) })),
    ...(g.changes.length > 0 ? { changes: g.changes.map((d) => ({ ...derivedOf(d), ...cell(d) })) } : {}),
    ...(g.rankings.length > 0 ? { rankings: g.rankings.map((r) => rankingOf(r, stated, why)) } : {}),
    scale: 1,
    ...(g.set ? { set: { kind: g.set.kind, names: g.set.names, ...(g.set.of ? { of: g.set.of } : {}), text: g.set.text } } : {}),
  };
  const byId = new Map(records.records.map((r) => [r.id, r]));
  for (const m of grid.measures) {
    const first = grid.cells.find((c) => c.measure === m.key && c.figure);
    m.unit = first ? byId.get(first.figure!)!.unit : null;
  }
  grid.scale = gridScale(grid.cells.flatMap((c) => (c.figure ? [byId.get(c.figure)!] : [])));
  return { figures: records.records, grid, gaps, written };
}

/** Of which measure and period a line of a one-figure answer asked: its own, or, for a line that says
 * why a company is not answered at all, each measure and year asked. */
function lineAts(l: FigureLine, asked: Asked | undefined): GapAt[] {
  if (l.kind === 'absent') return [{ ticker: l.ticker, measure: measureName(l.measure), point: l.point, period: fiscalPeriodOf(l.point) }];
  if (l.kind !== 'unheld' && l.kind !== 'blocked' && l.kind !== 'too-many') return [];
  if (!asked || asked.measures.length === 0 || asked.years.length === 0) return [];
  const period = fiscalPeriodOf(asked.point);
  const ats = asked.measures.flatMap((m) =>
    asked.years.map((year) => ({ ticker: l.ticker, measure: measureName(m), point: { ...asked.point, year }, period })),
  );
  // (More figures than one answer looks for: one gap says so, not one for each.)
  return l.kind === 'too-many' ? ats.slice(0, 1) : ats;
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
    ...(r.top ? { top: r.top } : {}),
  };
}

/** One scale for a grid's money: millions when any amount is a million or more, else dollars. */
export function gridScale(records: FigureRecord[]): number {
  const money = records.filter((r) => r.unit === 'USD');
  return money.some((r) => Math.abs(r.value) >= 1e6) ? 1e6 : 1;
}

/** A derived figure's place in the grid: of which row, between which years or companies, by what. */
function derivedOf(d: GridDerived) {
  return {
    ticker: d.ticker,
    measure: d.measure,
    fiscal_year: d.year,
    operation: d.op,
    ...(d.fromYear !== undefined ? { from_year: d.fromYear } : {}),
    ...(d.other ? { other: d.other } : {}),
  };
}
