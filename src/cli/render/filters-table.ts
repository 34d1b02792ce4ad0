// The metadata-filters answer as tables for reading.
import Table from 'cli-table3';
import type { MetadataFiltersResponse } from '../../contract/types.js';

export function renderFiltersTable(a: MetadataFiltersResponse, opts: { values: boolean; width: number }): string {
  const fields = new Table({ head: ['field', 'name', 'type', 'operators', 'bounds', 'format'], style: { head: [], border: [] }, wordWrap: true, colWidths: [24, 18, 8, 14, 25, Math.max(20, opts.width - 100)] });
  for (const f of a.fields) {
    fields.push([f.name, f.display_name, f.value_type, f.operators.join(', '), f.bounds ? `${f.bounds.min ?? ''} .. ${f.bounds.max ?? ''}` : '', f.format]);
  }
  const out = [`domain ${a.domain}`, fields.toString()];
  if (opts.values) {
    for (const f of a.fields) {
      if (!f.values?.length) continue;
      const t = new Table({ head: [f.name, 'filings'], style: { head: [], border: [] } });
      for (const v of f.values) t.push([v.value, v.count ?? '']);
      out.push(t.toString());
    }
  }
  const limits = Object.entries(a.limits).map(([k, v]) => `${k}=${v}`).join('  ');
  out.push(`limits: ${limits}`);
  return out.join('\n');
}
