// `filings filters` for reading: one table of the fields (with their short names for --filter), type,
// operators, bounds, format), then with --values each field's values and their counts packed into
// as many columns as the terminal holds, then the limits. Everything fits the given width.
import type { ChalkInstance } from 'chalk';
import { filterField } from '../../contract/fields.js';
import type { FilterFieldInfo, MetadataFiltersResponse } from '../../contract/types.js';
import { renderTable } from './table.js';
import { wrap } from './wrap.js';

export interface FiltersTableOptions {
  values: boolean;
  width: number;
  chalk: ChalkInstance;
}

const len = (s: string) => [...s].length;

function bounds(f: FilterFieldInfo): string {
  if (!f.bounds || (f.bounds.min === undefined && f.bounds.max === undefined)) return '';
  // On two lines: the column stays narrow and leaves the width to the format.
  return `${f.bounds.min ?? '…'} –\n${f.bounds.max ?? '…'}`;
}

/** `value  count` cells, column-major like `ls`, in as many columns as fit `width`. */
export function valuesGrid(values: { value: string; count?: number }[], width: number, chalk: ChalkInstance): string[] {
  const counts = values.map((v) => (v.count === undefined ? '' : String(v.count)));
  const countWidth = Math.max(0, ...counts.map(len));
  const cellWidth = Math.min(width, Math.max(...values.map((v) => len(v.value))) + (countWidth ? countWidth + 2 : 0));
  const columns = Math.max(1, Math.floor((width + 3) / (cellWidth + 3)));
  const rows = Math.ceil(values.length / columns);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) {
      const i = c * rows + r;
      const v = values[i];
      if (!v) continue;
      const text = v.value.length > cellWidth ? v.value : v.value.padEnd(cellWidth - (countWidth ? countWidth + 2 : 0));
      cells.push(countWidth ? `${text}  ${chalk.dim(counts[i]!.padStart(countWidth))}` : text);
    }
    lines.push(cells.join('   ').trimEnd());
  }
  return lines;
}

export function renderFiltersTable(a: MetadataFiltersResponse, o: FiltersTableOptions): string {
  const { chalk, width } = o;
  // The short names --filter accepts sit under the field's name (this CLI's, not the service's).
  const rows = a.fields.map((f) => [
    [chalk.cyan(f.name), ...wrap((filterField(f.name)?.aliases ?? []).join(', '), 22).map((l) => chalk.dim(l))].join('\n').trimEnd(),
    f.value_type,
    f.operators.join(', '),
    bounds(f),
    f.format,
  ]);
  const table = renderTable(
    [
      { head: 'field (short names)' },
      { head: 'type', drop: 1 },
      { head: 'operators' },
      { head: 'bounds' },
      { head: 'format', flexible: true },
    ],
    rows,
    { width, bold: chalk.bold },
  );
  const out = [`${chalk.bold.underline('Metadata filters')} ${chalk.dim(`domain ${a.domain}`)}`, '', table, ''];
  if (o.values) {
    for (const f of a.fields) {
      if (!f.values?.length) continue;
      const count = `${f.values.length} value${f.values.length === 1 ? '' : 's'}${f.values.some((v) => v.count !== undefined) ? ' (filings)' : ''}`;
      out.push(`${chalk.bold(f.name)} ${chalk.dim(`${f.display_name}, ${count}`)}`);
      out.push(...valuesGrid(f.values, width, chalk), '');
    }
  }
  const limits = Object.entries(a.limits ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('  ');
  if (limits) out.push(...wrap(`limits: ${limits}`, width, '  ', ''));
  out.push('', ...wrap('Filter with: filings query -f NAME=VALUE (also != >= <=)', width).map((l) => chalk.dim(l)));
  return out.join('\n');
}
