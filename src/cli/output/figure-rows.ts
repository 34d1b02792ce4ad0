// The records of `query` and `figures`: every figure asked, a row each. A stated one is its record
// (analysis.figures); an empty grid cell or a figure the answer declines is a row too, with status
// `missing`, its reason code and message; a derived one names its operation, formula and inputs (the
// ids of the rows it is computed from), and a figure of two companies is filed under both
// ("ADI vs SWKS"), never one's.
import type { FigureGap, FigureGrid, FigureRecord, ResearchResponse } from '../../contract/types.js';
import type { Field, RecordSet } from './view.js';

export const FIGURE_COLUMNS = [
  'id',
  'ticker',
  'company',
  'measure',
  'fiscal_year',
  'period',
  'period_end',
  'value',
  'unit',
  'printed',
  'scale',
  'status',
  'reason_code',
  'reason',
  'operation',
  'formula',
  'inputs',
  'accession',
  'concept',
  'label',
  'citation',
] as const;

function recordRow(r: FigureRecord): Field[] {
  return [
    r.id,
    r.ticker,
    r.company,
    r.measure.name,
    r.fiscal_year,
    r.fiscal_period,
    r.period.end,
    r.value,
    r.unit,
    r.printed,
    r.scale,
    r.status,
    null,
    null,
    r.operation ?? null,
    r.formula ?? null,
    r.inputs?.join(' ') ?? null,
    r.source?.accession ?? null,
    r.source?.concept ?? null,
    r.measure.label,
    r.citation,
  ];
}

interface Empty {
  ticker: string;
  company: string;
  measure: string;
  fiscal_year: number;
  period: string;
  unit: string | null;
  code: string | null;
  reason: string | null;
  operation?: string;
}

function emptyRow(e: Empty): Field[] {
  return [
    null,
    e.ticker,
    e.company,
    e.measure,
    e.fiscal_year,
    e.period,
    null,
    null,
    e.unit,
    null,
    null,
    'missing',
    e.code,
    e.reason,
  ].concat([e.operation ?? null, null, null, null, null, null, null]);
}

const gapRow = (g: FigureGap): Field[] =>
  emptyRow({
    ticker: g.ticker,
    company: g.company,
    measure: g.measure,
    fiscal_year: g.fiscal_year,
    period: g.fiscal_period,
    unit: null,
    code: g.code,
    reason: g.message,
    ...(g.operation ? { operation: g.operation } : {}),
  });

/** A grid's rows: each cell in the grid's order (company, measure, oldest year first), then what is
 * derived from them, then the records the cells' figures are computed from. A series' change over its
 * years, which the terminal table draws unasked, is in the JSON only: the rows are the figures asked. */
function gridRows(g: FigureGrid, records: FigureRecord[]): Field[][] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const names = new Map(g.companies.map((c) => [c.ticker, c.name]));
  const measures = new Map(g.measures.map((m) => [m.key, m]));
  const done = new Set<string>();
  const rows: Field[][] = [];
  const order = (c: { ticker: string; measure: string; fiscal_year: number }) => [
    g.companies.findIndex((x) => x.ticker === c.ticker),
    g.measures.findIndex((m) => m.key === c.measure),
    c.fiscal_year,
  ];
  const cells = [...g.cells].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  const emit = (c: FigureGrid['cells'][number], operation?: string, other?: string) => {
    const r = c.figure ? byId.get(c.figure) : undefined;
    if (r) {
      if (!done.has(r.id)) rows.push(recordRow(r));
      done.add(r.id);
      return;
    }
    const m = measures.get(c.measure);
    const ticker = other ? `${c.ticker} vs ${other}` : c.ticker;
    rows.push(
      emptyRow({
        ticker,
        company: other ? `${names.get(c.ticker) ?? c.ticker} vs ${names.get(other) ?? other}` : (names.get(c.ticker) ?? c.ticker),
        measure: operation ? `${m?.name ?? c.measure} ${operation}` : (m?.name ?? c.measure),
        fiscal_year: c.fiscal_year,
        period: g.fiscal_period,
        unit: operation ? null : (m?.unit ?? null),
        code: c.reason_code ?? null,
        reason: c.reason ?? null,
        ...(operation ? { operation } : {}),
      }),
    );
  };
  for (const c of cells) emit(c);
  for (const d of g.derived) emit(d, d.operation, d.other);
  for (const d of g.changes ?? []) if (d.figure) done.add(d.figure);
  for (const r of records) if (!done.has(r.id)) rows.push(recordRow(r));
  return rows;
}

/** Every figure a response states or declines, as rows. */
export function figureRecords(r: ResearchResponse): RecordSet {
  const records = r.analysis?.figures ?? [];
  const grid = r.analysis?.grid;
  if (grid) return { columns: FIGURE_COLUMNS, rows: gridRows(grid, records) };
  const gaps = (r.analysis?.gaps ?? []).filter((g): g is FigureGap => g.kind === 'figure');
  return { columns: FIGURE_COLUMNS, rows: [...records.map(recordRow), ...gaps.map(gapRow)] };
}

/** How many figures asked are stated and how many are not (a grid's cells, else the records and the
 * figure gaps); `known`: the response carries figure records at all (a service may not). */
export function figureCounts(r: ResearchResponse): { stated: number; missing: number; known: boolean } {
  const grid = r.analysis?.grid;
  const known = r.analysis?.figures !== undefined || grid !== undefined;
  if (grid) {
    const stated = grid.cells.filter((c) => c.figure).length;
    return { stated, missing: grid.cells.length - stated, known };
  }
  const missing = (r.analysis?.gaps ?? []).filter((g) => g.kind === 'figure').length;
  return { stated: r.analysis?.figures?.length ?? 0, missing, known };
}
