// Every table row the evidence holds (hit rows and the rows around them), with its values per column
// and the sources that cite it: the material the calculator works from.
import { readFormattedRow } from '../evidence/rows.js';
import type { EvidenceChain } from '../evidence/types.js';

export interface EvidenceRow {
  label: string;
  /** Column label -> value as printed ("(1,577)"). */
  values: Map<string, string>;
  unit: string | null;
  sources: string[];
  filingId: number;
}


export function evidenceRows(chains: EvidenceChain[]): EvidenceRow[] {
  const out: EvidenceRow[] = [];
  for (const c of chains) {
    for (const e of c.entries) {
      if (!e.columns?.length) continue;
      const ids = e.sources.map((s) => s.source.id);
      const filingId = e.sources[0]!.source.filing.id;
      const lines = [e.consensus, ...e.sources.flatMap((s) => s.context.flatMap((x) => x.split('\n')))];
      for (const line of lines) {
        const p = readFormattedRow(line);
        if (p) out.push({ label: p.label, values: new Map(p.pairs), unit: e.unit ?? null, sources: ids, filingId });
      }
    }
  }
  return out;
}

/** "(1,577)" -> -1577, "$ 5,363" -> 5363, "12.5%" -> 12.5; undefined when not a number. */
export function numberOf(value: string): number | undefined {
  const neg = /^\(.*\)$|^-/.test(value.trim());
  const m = /\d[\d,]*(?:\.\d+)?/.exec(value);
  if (!m) return undefined;
  const n = Number(m[0].replace(/,/g, ''));
  return Number.isFinite(n) ? (neg ? -n : n) : undefined;
}
