// A view as Markdown: the answer's text as paragraphs, then the records as a table (pipes and line
// breaks in a field escaped), empty fields left blank.
import type { Field, View } from './view.js';

const cell = (v: Field) => (v === null ? '' : String(v).replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>'));
const numeric = (rows: Field[][], i: number) =>
  rows.some((r) => typeof r[i] === 'number') && rows.every((r) => r[i] === null || typeof r[i] === 'number');

export function markdown(v: View): string {
  const parts: string[] = [];
  if (v.text) parts.push(v.text.trim().split(/\n+/).join('\n\n'));
  const { columns, rows } = v.records;
  if (rows.length > 0) {
    const lines = [
      `| ${columns.map(cell).join(' | ')} |`,
      `| ${columns.map((_, i) => (numeric(rows, i) ? '---:' : '---')).join(' | ')} |`,
      ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    ];
    parts.push(lines.join('\n'));
  }
  return parts.length ? `${parts.join('\n\n')}\n` : '';
}
