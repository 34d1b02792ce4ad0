// metadata_distribution and metadata_dashboard: how the evidence spreads over the filter fields.
import { FILTER_FIELDS } from '../../contract/fields.js';
import type { MetadataDistribution } from '../../contract/types.js';
import type { EvidenceChain, SourceRef } from './types.js';
import { byText } from '../text/compare.js';

function fieldValue(s: SourceRef, field: string): string | null {
  if (field === 'sec_item_tag') return s.itemTag;
  return (s.filing as unknown as Record<string, string | null>)[field] ?? null;
}

/** Per field, the number of evidence paths (chains) citing each value. */
export function distribution(chains: EvidenceChain[]): MetadataDistribution {
  const out: MetadataDistribution = {};
  for (const f of FILTER_FIELDS) {
    const counts = new Map<string, number>();
    for (const c of chains) {
      const values = new Set<string>();
      for (const e of c.entries)
        for (const s of e.sources) {
          const v = fieldValue(s.source, f.name);
          if (v) values.add(v);
        }
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    out[f.name] = {
      display_name: f.display_name,
      values: [...counts].sort((a, b) => b[1] - a[1] || byText(a[0], b[0])).map(([value, count]) => ({ value, count })),
    };
  }
  out.evidence_paths = { display_name: 'Evidence paths', value: chains.length };
  return out;
}

const WIDTH = 80;

/** ASCII bars, at most 80 columns a line. */
export function dashboard(dist: MetadataDistribution): string {
  const paths = Number(dist.evidence_paths?.value ?? 0);
  const lines = [`Evidence paths: ${paths}`];
  for (const f of FILTER_FIELDS) {
    const values = dist[f.name]?.values ?? [];
    if (values.length === 0) continue;
    lines.push('', f.display_name);
    const max = Math.max(...values.map((v) => v.count));
    const shown = values.slice(0, 8);
    const labelWidth = Math.min(28, Math.max(...shown.map((v) => v.value.length)));
    const countWidth = String(max).length;
    const barWidth = WIDTH - 2 - labelWidth - 2 - 1 - countWidth;
    for (const v of shown) {
      const label = v.value.length > labelWidth ? `${v.value.slice(0, labelWidth - 1)}…` : v.value.padEnd(labelWidth);
      const bar = '#'.repeat(Math.max(1, Math.round((barWidth * v.count) / max)));
      lines.push(`  ${label}  ${bar.padEnd(barWidth)} ${String(v.count).padStart(countWidth)}`);
    }
    if (values.length > shown.length) lines.push(`  … ${values.length - shown.length} more`);
  }
  return lines.join('\n');
}
