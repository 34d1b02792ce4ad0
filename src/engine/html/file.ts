// `corpus add` of an EDGAR file: a complete submission (.txt) describes itself; a primary document
// (.htm/.html) states its CIK, form, period and company in its inline XBRL cover facts, but not its
// accession nor its filing date: those come from its name or folder (as EDGAR names them), the
// complete submission or -index.html page beside it, the submissions JSON in the download cache, or
// (the date) the user's --filed. A document saved by hand from EDGAR's website, with none of these,
// is added under a local id with a warning. The only I/O of HTML ingest is here.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Constituent } from '../filing/constituents.js';
import type { PreparedFiling } from '../filing/prepared.js';
import { parseHtmlDocument, prepareEdgarText, prepareParsedHtml, type FilingHints } from './ingest.js';
import { deiFacts, MetadataError, type DeiFacts } from './meta.js';
import { isSubmissionText, parseSgmlHeader } from './sgml.js';

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

/** A company's filings as the download cache under `downloads` holds its submissions JSON (any host). */
function cachedRecent(cik: string, downloads: string | undefined): Record<string, string[]> | undefined {
  if (!downloads) return undefined;
  const dir = join(downloads, 'edgar');
  if (!existsSync(dir)) return undefined;
  for (const host of readdirSync(dir)) {
    const file = join(dir, host, 'submissions', `CIK${cik.padStart(10, '0')}.json`);
    if (!existsSync(file)) continue;
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { filings: { recent: Record<string, string[]> } }).filings.recent;
    } catch {
      // an unreadable cache file tells nothing
    }
  }
  return undefined;
}

/** The row of a filing in the cached submissions JSON: by accession, or (a document saved without
 * its accession) by form and period of report. */
function fromCachedSubmissions(
  cik: string,
  key: { accession?: string; form?: string; period?: string },
  downloads: string | undefined,
): Partial<FilingHints> {
  const r = cachedRecent(cik, downloads);
  if (!r?.accessionNumber) return {};
  let i = key.accession ? r.accessionNumber.indexOf(key.accession) : -1;
  if (i < 0 && !key.accession && key.form && key.period) {
    const matches = r.accessionNumber.map((_, k) => k).filter((k) => r.form?.[k] === key.form && r.reportDate?.[k] === key.period);
    if (matches.length === 1) i = matches[0]!;
  }
  if (i < 0) return {};
  return {
    accession: r.accessionNumber[i],
    filingDate: r.filingDate?.[i],
    reportDate: r.reportDate?.[i] || undefined,
    form: r.form?.[i],
    primaryDocument: r.primaryDocument?.[i] || undefined,
  };
}

/** What the files beside a primary document, and the download cache, tell about its filing; `dei`: the
 * document's cover facts, from the parse its ingest reads. */
export function sidecarHints(path: string, dei: DeiFacts, downloads: string | undefined): Partial<FilingHints> {
  const accession = accessionIn(path);
  if (!accession) return dei.cik ? fromCachedSubmissions(dei.cik, { form: dei.form, period: dei.periodEnd }, downloads) : {};
  const dir = dirname(path);
  const hints: Partial<FilingHints> = { accession, primaryDocument: basename(path) };
  const txt = join(dir, `${accession}.txt`);
  if (existsSync(txt)) {
    const h = parseSgmlHeader(readFileSync(txt, 'latin1').slice(0, 40_000));
    return { ...hints, filingDate: h.filingDate, reportDate: h.period, form: h.form, fiscalYearEnd: h.filers[0]?.fiscalYearEnd };
  }
  const index = join(dir, `${accession}-index.html`);
  if (existsSync(index)) return { ...hints, ...fromIndexPage(readFileSync(index, 'utf8')) };
  return dei.cik ? { ...hints, ...fromCachedSubmissions(dei.cik, { accession }, downloads) } : hints;
}

export interface EdgarFileOptions {
  /** The root of the download cache (corpus pull's, $XDG_CACHE_HOME/filings), whose submissions JSON
   * tells a document's filing; none: not looked in. */
  downloads?: string;
  /** The filing date (YYYY-MM-DD) for a primary document whose filing date nothing else gives. */
  filed?: string;
  /** Told what stays unknown of a filing that is added all the same. */
  warn?: (message: string) => void;
}

export function prepareEdgarFile(
  path: string,
  bytes: Buffer,
  constituents: Map<string, Constituent>,
  o: EdgarFileOptions = {},
): PreparedFiling {
  const text = decodeEdgar(bytes);
  const hints: FilingHints = { sourceFile: basename(path) };
  const self = isSubmissionText(text) && /<SEC-HEADER>|<SEC-DOCUMENT>/.test(text.slice(0, 3000));
  if (self) return prepareEdgarText(text, hints, constituents);
  // Parsed once: the cover facts that find the filing and the ingest read the same parse.
  const parsed = parseHtmlDocument(text);
  const sidecar = sidecarHints(path, deiFacts(parsed.raw), o.downloads);
  Object.assign(hints, Object.fromEntries(Object.entries(sidecar).filter(([, v]) => v !== undefined)));
  if (!hints.filingDate) {
    if (!o.filed) {
      throw new MetadataError(
        'no filing date: the document does not print it, and no complete submission or -index.html page beside it nor the download cache gives it; ' +
          'give it with --filed YYYY-MM-DD (the "Filing Date" of the filing on EDGAR), or add the complete submission .txt',
      );
    }
    hints.filingDate = o.filed;
  }
  // No accession to be had: the filing goes in under an id made of its cover facts (meta.ts).
  if (!hints.accession) hints.local = true;
  const prepared = prepareParsedHtml(parsed, hints, constituents);
  if (hints.local) {
    o.warn?.(
      `no accession number (not in the file name, and the download cache does not list the filing): added ` +
        `as ${prepared.meta.accession}, without links to EDGAR; ` +
        'a "corpus pull" of the same filing adds it again under its accession (remove this one then)',
    );
  }
  return prepared;
}
