// The figures an evidence shows, as a model's figures are checked against them: each cell of the table
// rows its chains show (under its column's fiscal year, in the table's scale; per-share cells as
// printed) and each amount its sentences and context lines state (with the years they name).
import type { EvidenceChain } from '../evidence/types.js';
import type { TableModel } from '../tables/model.js';
import { rowCount } from '../tables/row-unit.js';
import { decimalsOf, sentenceFigures, yearsIn, type Kind } from './model-figures.js';

/** A figure the evidence shows. */
/** A figure the evidence shows. */
export interface Known {
  value: number;
  /** Half a unit of its last printed digit, in the value's unit. */
  tol: number;
  kind: Kind;
  /** The value as printed, before the table's scale ("1,577" of a table in millions). */
  printed: number;
  /** The fiscal years it stands for; empty when the evidence does not say. */
  years: number[];
  /** A count's cell (tables/row-unit.ts): no amount of money states it. */
  count?: boolean;
  /** The table row it sits in (its other cells are the same line item in other years), and its cell. */
  row?: string;
  cell?: string;
}

function tableKnowns(model: TableModel, rows: number[], key: string): Known[] {
  const out: Known[] = [];
  const unitScale = model.unit?.scale ?? 1;
  for (const ri of rows) {
    const row = model.rows[ri];
    if (!row) continue;
    // "Diluted earnings per share: / Net income": the group says it too.
    const perShare = /\bper (?:\w+ )?(?:share|unit)\b/i.test(`${row.label} ${row.group ?? ''}`);
    const byColumn = row.aligned && row.cells.length === model.columns.length;
    const counted = rowCount(model, ri);
    row.cells.forEach((cell, ci) => {
      if (!cell || cell.value === null) return;
      const col = byColumn ? model.columns[ci] : undefined;
      const years = new Set<number>();
      if (col?.period) years.add(col.period.fiscalYear);
      for (const y of yearsIn(col?.label ?? '')) years.add(y.year);
      const count = typeof counted === 'object' && !cell.percent;
      const scale = count ? counted.scale : cell.percent || perShare ? 1 : unitScale;
      const printed = Math.abs(cell.value);
      out.push({
        value: printed * scale,
        printed,
        tol: (0.5 * scale) / 10 ** decimalsOf(cell.text.replace(/[^\d.]/g, '')),
        kind: cell.percent ? 'percent' : perShare ? 'USD/share' : !count && (model.unit?.currency || unitScale > 1) ? 'USD' : 'plain',
        ...(count ? { count } : {}),
        years: [...years],
        row: `${key}:${ri}`,
        cell: `${key}:${ri}:${ci}`,
      });
    });
  }
  return out;
}

function textKnowns(text: string): Known[] {
  const years = [...new Set(yearsIn(text).map((y) => y.year))];
  return sentenceFigures(text).map((f) => ({
    value: Math.abs(f.value),
    printed: Math.abs(f.value),
    tol: f.tol,
    kind: f.kind,
    years: f.year !== undefined && years.length > 1 ? [f.year] : years,
  }));
}

/** Every figure the evidence shows: the rows of its tables (the rows each chain shows) and the amounts
 * its sentences and context lines state. */
export function evidenceFigures(chains: EvidenceChain[]): Known[] {
  const out: Known[] = [];
  for (const c of chains) {
    if (c.table) {
      out.push(...tableKnowns(c.table.table.model, c.table.shown, `t${c.table.table.id}`));
    }
    for (const e of c.entries) {
      if (e.row) out.push(...tableKnowns(e.row.table.model, [e.row.index], `t${e.row.table.id}`));
      else out.push(...textKnowns(e.consensus));
      if (!c.table && !e.row) for (const s of e.sources) for (const ctx of s.context) out.push(...textKnowns(ctx));
    }
  }
  return out;
}
