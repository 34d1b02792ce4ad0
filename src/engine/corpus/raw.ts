// Reading one crawler JSON object (`.json` or `.json.gz`). Parsing is pure; reading is the only I/O.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** One filing as the EDGAR crawler wrote it (see the sample corpus README). */
export interface RawFiling {
  cik: string;
  company: string;
  filing_type: string;
  filing_date: string;
  period_of_report: string;
  fiscal_year_end: string;
  sic?: string;
  state_of_inc?: string;
  state_location?: string;
  filing_html_index?: string;
  htm_filing_link?: string;
  complete_text_filing_link?: string;
  filename?: string;
  content: string;
}

const REQUIRED = ['cik', 'company', 'filing_type', 'filing_date', 'period_of_report', 'content'] as const;

/** Validates a parsed object; throws an Error naming what is wrong. */
export function toRawFiling(obj: unknown): RawFiling {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('not a JSON object');
  const o = obj as Record<string, unknown>;
  for (const k of REQUIRED) {
    if (typeof o[k] !== 'string' || (o[k] as string).length === 0) throw new Error(`missing or empty "${k}"`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.period_of_report as string)) throw new Error('period_of_report is not YYYY-MM-DD');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.filing_date as string)) throw new Error('filing_date is not YYYY-MM-DD');
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  return {
    cik: String(o.cik).replace(/^0+/, ''),
    company: o.company as string,
    filing_type: o.filing_type as string,
    filing_date: o.filing_date as string,
    period_of_report: o.period_of_report as string,
    fiscal_year_end: str('fiscal_year_end') ?? '',
    sic: str('sic'),
    state_of_inc: str('state_of_inc'),
    state_location: str('state_location'),
    filing_html_index: str('filing_html_index'),
    htm_filing_link: str('htm_filing_link'),
    complete_text_filing_link: str('complete_text_filing_link'),
    filename: str('filename'),
    content: o.content as string,
  };
}

export function parseRawFiling(bytes: Buffer, name: string): RawFiling {
  let buf = bytes;
  if (name.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b)) buf = gunzipSync(bytes);
  return toRawFiling(JSON.parse(buf.toString('utf8')));
}

export async function readRawFiling(path: string): Promise<RawFiling> {
  return parseRawFiling(await readFile(path), path);
}

/** The accession number: from the EDGAR index URL, else from the crawler's file name. */
export function accessionOf(raw: RawFiling, fileName: string): string {
  const fromUrl = /(\d{10}-\d{2}-\d{6})/.exec(raw.filing_html_index ?? '') ?? /(\d{10}-\d{2}-\d{6})/.exec(raw.complete_text_filing_link ?? '');
  if (fromUrl) return fromUrl[1]!;
  const fromName = /(\d{10}-\d{2}-\d{6})/.exec(raw.filename ?? '') ?? /(\d{10}-\d{2}-\d{6})/.exec(fileName);
  if (fromName) return fromName[1]!;
  throw new Error('no accession number in filing_html_index, filename or the file name');
}
