// Reading a flattened table row: its label and value cells, paired with the table's columns.

const VALUE = /(?:\$\s*)?\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?|—|–/g;

export interface ParsedRow {
  label: string;
  values: string[];
}

export function parseRow(text: string): ParsedRow {
  const m = /^(.*?[A-Za-z)\]:][^\d$()]*?)\s+((?:\$\s*)?\(?-?\$?\s?\d[\s\S]*)$/.exec(text);
  if (!m) return { label: text.trim(), values: [] };
  const values = (m[2]!.match(VALUE) ?? []).map((v) => v.replace(/\$\s*/g, '').trim()).filter((v) => v !== '');
  return { label: m[1]!.replace(/\s*\$$/, '').trim(), values };
}

/** "Label — 2018: (1,577); 2017: (1,373)" when the values line up with the columns, else the text. */
export function formatRow(text: string, columns: string[]): string {
  const { label, values } = parseRow(text);
  if (columns.length === 0 || values.length !== columns.length) return text;
  return `${label} — ${values.map((v, i) => `${columns[i]}: ${v}`).join('; ')}`;
}
