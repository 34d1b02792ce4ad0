// The rows and sentences an answer's figures cite that no chain of the evidence shows yet: they join the
// evidence as one more chain, so every citation is in it.
import type { EvidenceChain } from '../evidence/types.js';
import type { FigureAnswer, FigureLine, Input } from './figure-lines.js';

/** Rows and sentences the lines cite that no chain shows. */
export function picksOf(lines: FigureLine[], chains: EvidenceChain[]): FigureAnswer['picks'] {
  const shown = new Set<string>();
  for (const c of chains) {
    if (c.table) for (const i of c.table.shown) shown.add(`${c.table.table.id}:${i}`);
    for (const e of c.entries) {
      if (e.row) shown.add(`${e.row.table.id}:${e.row.index}`);
      else for (const s of e.sources) for (const id of s.statementIds) shown.add(`s${id}`);
    }
  }
  const picks: FigureAnswer['picks'] = [];
  const add = (key: string, pick: FigureAnswer['picks'][number]) => {
    if (shown.has(key)) return;
    shown.add(key);
    picks.push(pick);
  };
  const visit = (i: Input) => {
    if (i.parts) for (const p of i.parts) visit(p.input);
    const f = i.found;
    if (f.kind === 'row') {
      for (const x of [f.figure, ...f.conflicts]) add(`${x.table.id}:${x.rowIndex}`, { table: x.table, index: x.rowIndex });
    } else if (f.kind === 'metric') {
      for (const x of f.result.inputs) add(`${x.table.id}:${x.rowIndex}`, { table: x.table, index: x.rowIndex });
    } else if (f.kind === 'text') add(`s${f.text.statementId}`, { statementId: f.text.statementId });
    // (A company fact is cited by its accession: no row or sentence of the index to pick.)
  };
  const line = (l: FigureLine) => {
    if (l.kind === 'value') visit(l.input);
    else if (l.kind === 'absent' && l.missing.why === 'derive' && l.missing.have) visit(l.missing.have);
    else if (l.kind === 'computed') l.inputs.forEach(visit);
    else if (l.kind === 'blocked' && l.instead) line(l.instead);
  };
  lines.forEach(line);
  return picks;
}
