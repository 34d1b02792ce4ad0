// `corpus add` of an EDGAR file: a complete submission (.txt) describes itself; a primary document
// (.htm/.html) needs its accession (from its name or its folder's, as EDGAR names them) and its filing
// date, which the document does not print: from the complete submission or the -index.html page beside
// it, else from the submissions JSON in the download cache. The only I/O of HTML ingest is here.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Constituent } from '../corpus/constituents.js';
import type { PreparedFiling } from '../corpus/prepared.js';
import { parseDocument } from './dom.js';
import { prepareEdgarText, type FilingHints } from './ingest.js';
import { deiFacts } from './meta.js';
import { isSubmissionText, parseSgmlHeader, unwrapDocument } from './sgml.js';

export const EDGAR_FILE = /\.(?:html?|txt)$/i;

const ACCESSION = /(\d{10}-\d{2}-\d{6})|(?:^|[^\d])(\d{18})(?:[^\d]|$)/;

/** The accession in a path: 0000320193-24-000123, or EDGAR's folder name 000032019324000123. */
export function accessionIn(path: string): string | undefined {
  for (const part of [basename(path), basename(dirname(path))]) {
    const m = ACCESSION.exec(part);
    if (m?.[1]) return m[1];
    if (m?.[2]) return `${m[2].slice(0, 10)}-${m[2].slice(10, 12)}-${m[2].slice(12)}`;
  }
  return undefined;
}

/** Bytes as text: UTF-8 when valid (most documents are ASCII), else Latin-1 (old filings). */
export function decodeEdgar(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function fromIndexPage(html: string): Partial<FilingHints> {
  const info = (head: string) => new RegExp(`infoHead">${head}</div>\\s*<div class="info">([^<]+)<`).exec(html)?.[1]?.trim();
  const out: Partial<FilingHints> = {};
  const date = info('Filing Date');
  const period = info('Period of Report');
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) out.filingDate = date;
  if (period && /^\d{4}-\d{2}-\d{2}$/.test(period)) out.reportDate = period;
  return out;
}

function fromCachedSubmissions(cik: string, accession: string, env: NodeJS.ProcessEnv): Partial<FilingHints> {
  const base = env.XDG_CACHE_HOME || join(env.HOME ?? '', '.cache');
  const dir = join(base, 'filings', 'edgar');
  if (!existsSync(dir)) return {};
  for (const host of readdirSync(dir)) {
    const file = join(dir, host, 'submissions', `CIK${cik.padStart(10, '0')}.json`);
    if (!existsSync(file)) continue;
    try {
      const r = (JSON.parse(readFileSync(file, 'utf8')) as { filings: { recent: Record<string, string[]> } }).filings.recent;
      const i = r.accessionNumber!.indexOf(accession);
      if (i >= 0) return { filingDate: r.filingDate![i], reportDate: r.reportDate![i] || undefined, form: r.form![i], primaryDocument: r.primaryDocument![i] || undefined };
    } catch {
      // an unreadable cache file tells nothing
    }
  }
  return {};
}

/** What the files beside a primary document tell about its filing. */
export function sidecarHints(path: string, text: string, env: NodeJS.ProcessEnv): Partial<FilingHints> {
  const accession = accessionIn(path);
  if (!accession) return {};
  const dir = dirname(path);
  const hints: Partial<FilingHints> = { accession, primaryDocument: basename(path) };
  const txt = join(dir, `${accession}.txt`);
  if (existsSync(txt)) {
    const h = parseSgmlHeader(readFileSync(txt, 'latin1').slice(0, 40_000));
    return { ...hints, filingDate: h.filingDate, reportDate: h.period, form: h.form, fiscalYearEnd: h.filers[0]?.fiscalYearEnd };
  }
  const index = join(dir, `${accession}-index.html`);
  if (existsSync(index)) return { ...hints, ...fromIndexPage(readFileSync(index, 'utf8')) };
  const cik = deiFacts(parseDocument(unwrapDocument(text).slice(0, 400_000))).cik;
  return cik ? { ...hints, ...fromCachedSubmissions(cik, accession, env) } : hints;
}

export function prepareEdgarFile(path: string, bytes: Buffer, constituents: Map<string, Constituent>, env: NodeJS.ProcessEnv = process.env): PreparedFiling {
  const text = decodeEdgar(bytes);
  const hints: FilingHints = { sourceFile: basename(path) };
  const self = isSubmissionText(text) && /<SEC-HEADER>|<SEC-DOCUMENT>/.test(text.slice(0, 3000));
  if (!self) Object.assign(hints, Object.fromEntries(Object.entries(sidecarHints(path, text, env)).filter(([, v]) => v !== undefined)));
  return prepareEdgarText(text, hints, constituents);
}
