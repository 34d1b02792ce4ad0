// The source ids an answer cites a figure with: the evidence entries that show its row, or the entry
// that holds its sentence ("[A]", "[A, C]").
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import type { Figure } from './resolve.js';

export const cite = (e: EvidenceEntry) => `[${e.sources.map((s) => s.source.id).join(', ')}]`;

/** The source ids of the evidence entries that show these figures' rows, in one bracket. */
export function citeFigure(chains: EvidenceChain[], ...figures: Figure[]): string {
  const ids = new Set<string>();
  for (const f of figures) {
    let found = false;
    for (const c of chains) {
      for (const e of c.entries) {
        if (e.row && e.row.table.id === f.table.id && e.row.index === f.rowIndex) {
          for (const s of e.sources) ids.add(s.source.id);
          found = true;
        }
      }
    }
    if (!found)
      for (const c of chains)
        if (c.table && c.table.table.id === f.table.id && c.table.shown.includes(f.rowIndex))
          for (const s of c.entries[0]?.sources ?? []) ids.add(s.source.id);
  }
  return ids.size ? `[${[...ids].join(', ')}]` : '';
}
