// Reading a flattened table row: its label and value cells, paired with the table's columns.

const VALUE = /(?:\$\s*)?\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\s?\)?%?|—|–/g;

export interface ParsedRow {
  label: string;
  values: string[];
}

export function parseRow(text: string): ParsedRow {
  const m = /^(.*?[A-Za-z)\]:][^\d$()]*?)\s+((?:\$\s*)?\(?-?\$?\s?\d[\s\S]*)$/.exec(text);
  if (!m) return { label: text.trim(), values: [] };
  const values = (m[2]!.match(VALUE) ?? []).map((v) => v.replace(/\$\s*/g, '').replace(/\s+\)$/, ')').trim()).filter((v) => v !== '');
  return { label: m[1]!.replace(/\s*\$$/, '').trim(), values };
}

/** Inferred year columns cover the widest row the ingest saw; a row with more values than that goes
 * on year by year backwards (2023 | 2022 for "5,247 2,749" under an inferred "2023"). */
export function columnsForRow(columns: string[], inferred: boolean, values: number): string[] {
  if (!inferred || values <= columns.length || columns.length === 0 || values > 5) return columns;
  const last = Number(columns[columns.length - 1]);
  if (!/^\d{4}$/.test(columns[columns.length - 1]!)) return columns;
  return [...columns, ...Array.from({ length: values - columns.length }, (_, i) => String(last - i - 1))];
}

/** Reads back what formatRow wrote: the label and its (column, value) pairs; undefined for a line in
 * another form (a row whose values did not line up, a sentence). */
export function readFormattedRow(line: string): { label: string; pairs: [string, string][] } | undefined {
  const m = /^(.+?) — (.+: .+)$/.exec(line.trim());
  if (!m) return undefined;
  const pairs: [string, string][] = [];
  for (const part of m[2]!.split('; ')) {
    const i = part.indexOf(': ');
    if (i > 0) pairs.push([part.slice(0, i).trim(), part.slice(i + 2).trim()]);
  }
  return pairs.length ? { label: m[1]!.trim(), pairs } : undefined;
}

/** "Label — 2018: (1,577); 2017: (1,373)" when the values line up with the columns, else the text. */
export function formatRow(text: string, tableColumns: string[], inferred = false): string {
  const { label, values } = parseRow(text);
  const columns = columnsForRow(tableColumns, inferred, values.length);
  if (columns.length === 0 || values.length !== columns.length) return text;
  return `${label} — ${values.map((v, i) => `${columns[i]}: ${v}`).join('; ')}`;
}
