// The S&P 500 constituents CSV, joined to filings by CIK for ticker, GICS sector and sub-industry.
import { readFile } from 'node:fs/promises';

export interface Constituent {
  symbol: string;
  security: string;
  sector: string;
  subIndustry: string;
  cik: string;
}

/** RFC 4180 fields of one CSV text (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** Constituents by CIK (leading zeros dropped). Throws when a needed column is missing. */
export function parseConstituents(text: string): Map<string, Constituent> {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) throw new Error('empty constituents file');
  const col = (name: string) => {
    const i = header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
    if (i < 0) throw new Error(`constituents file has no "${name}" column`);
    return i;
  };
  const [sym, sec, sector, sub, cik] = ['Symbol', 'Security', 'GICS Sector', 'GICS Sub-Industry', 'CIK'].map(col) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const byCik = new Map<string, Constituent>();
  for (const r of rows) {
    const c = (r[cik] ?? '').trim().replace(/^0+/, '');
    if (!c) continue;
    byCik.set(c, {
      symbol: (r[sym] ?? '').trim(),
      security: (r[sec] ?? '').trim(),
      sector: (r[sector] ?? '').trim(),
      subIndustry: (r[sub] ?? '').trim(),
      cik: c,
    });
  }
  return byCik;
}

export async function loadConstituents(path: string): Promise<Map<string, Constituent>> {
  return parseConstituents(await readFile(path, 'utf8'));
}
