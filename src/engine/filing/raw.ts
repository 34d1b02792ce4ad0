// Reading one crawler JSON object (`.json` or `.json.gz`). Parsing is pure; reading is the only I/O.
// What cannot be a filing is refused with the reason: a date that is no calendar day, content that is
// only whitespace, bytes that are not UTF-8, and a file too large to hold in memory.
import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** The most JSON one filing may hold (decompressed). The largest 10-K of the sample is 1.1 MB; a
 * 200 MB file took 1.5 GB of memory to ingest, so past this it is refused rather than read. */
export const MAX_FILING_BYTES = 32 * 1024 * 1024;
const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

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
  for (const k of ['period_of_report', 'filing_date'] as const) {
    if (!isCalendarDate(o[k] as string)) throw new Error(`${k} ${JSON.stringify((o[k] as string).slice(0, 40))} is not a date YYYY-MM-DD`);
  }
  if (!/\S/.test(o.content as string)) throw new Error('"content" holds only whitespace');
  if (/\p{Cs}/u.test(o.content as string))
    throw new Error('"content" holds lone surrogates (\\ud800-\\udfff escapes that are no character)');
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

/** A real day of the calendar written YYYY-MM-DD (2018-13-45 and 2019-02-29 are not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseRawFiling(bytes: Buffer, name: string): RawFiling {
  let buf = bytes;
  if (name.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      buf = gunzipSync(bytes, { maxOutputLength: MAX_FILING_BYTES });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`decompresses to more than ${MB(MAX_FILING_BYTES)}`);
      throw new Error(`not a readable gzip file: ${(e as Error).message}`);
    }
  }
  if (buf.length > MAX_FILING_BYTES) throw tooLarge(`is ${MB(buf.length)}`);
  let text: string;
  try {
    text = utf8.decode(buf);
  } catch {
    throw new Error('is not valid UTF-8 text');
  }
  return toRawFiling(JSON.parse(text));
}

const tooLarge = (what: string) => new Error(`the filing ${what}; at most ${MB(MAX_FILING_BYTES)} of JSON is read per filing`);

/** The file's bytes, refused before reading when even compressed it is over the limit. */
export async function readFilingBytes(path: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > MAX_FILING_BYTES) throw tooLarge(`file is ${MB(size)}`);
  return readFile(path);
}

export async function readRawFiling(path: string): Promise<RawFiling> {
  return parseRawFiling(await readFilingBytes(path), path);
}

/** The accession number: from the EDGAR index URL, else from the crawler's file name. */
export function accessionOf(raw: RawFiling, fileName: string): string {
  const fromUrl =
    /(\d{10}-\d{2}-\d{6})/.exec(raw.filing_html_index ?? '') ?? /(\d{10}-\d{2}-\d{6})/.exec(raw.complete_text_filing_link ?? '');
  if (fromUrl) return fromUrl[1]!;
  const fromName = /(\d{10}-\d{2}-\d{6})/.exec(raw.filename ?? '') ?? /(\d{10}-\d{2}-\d{6})/.exec(fileName);
  if (fromName) return fromName[1]!;
  throw new Error('no accession number in filing_html_index, filename or the file name');
}
