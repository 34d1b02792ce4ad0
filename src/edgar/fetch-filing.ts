// One planned filing from EDGAR to a prepared filing: its index page (the documents' sizes, a 10-K's
// annual report exhibit), the exhibit when there is one, then the primary document, each checked
// (validate.ts) before it is kept in the cache, the primary document only once it is also ingested.
// An exhibit that cannot be had leaves a warning, and the 10-K is indexed without it.
import { decodeEdgar, prepareEdgarText, type Constituent, type PreparedFiling } from '../engine/corpus-ingest.js';
import type { EdgarCache } from './cache.js';
import { EdgarBlockedError, EdgarMissingError } from './errors.js';
import { annualReportExhibits, parseFilingIndex, type IndexedDocument } from './filing-index.js';
import { urls, type EdgarHosts } from './hosts.js';
import type { PlannedFiling } from './plan.js';
import { checkDocument } from './validate.js';

export interface FetchContext {
  cache: EdgarCache;
  hosts: EdgarHosts;
  constituents: Map<string, Constituent>;
}

export interface FetchedFiling {
  filing: PreparedFiling;
  fromCache: boolean;
  /** What could not be had, the filing indexed without it (an annual report exhibit). */
  warnings: string[];
}

/** EDGAR's own address of a document, whatever host served it (the index cites EDGAR). */
const edgarAddress = (url: string, hosts: EdgarHosts) => url.replace(hosts.www, 'https://www.sec.gov');

const reasonOf = (e: unknown) =>
  e instanceof EdgarMissingError ? `missing on EDGAR (HTTP ${e.status})` : e instanceof Error ? e.message : String(e);

/** Failures that stop the run (the block page) or the filing (Ctrl-C) rather than leave a warning. */
function fatal(e: unknown, signal: AbortSignal | undefined): boolean {
  return e instanceof EdgarBlockedError || !!signal?.aborted;
}

/** The filing's index page, or undefined when it cannot be had (the document is then checked without it). */
async function filingIndex(f: PlannedFiling, ctx: FetchContext, signal?: AbortSignal): Promise<IndexedDocument[] | undefined> {
  try {
    return (
      await ctx.cache.get(urls.filingIndex(ctx.hosts, f.cik, f.accession), 'document', signal, (b) => parseFilingIndex(decodeEdgar(b)))
    ).value;
  } catch (e) {
    if (fatal(e, signal)) throw e;
    return undefined;
  }
}

export async function fetchFiling(f: PlannedFiling, ctx: FetchContext, signal?: AbortSignal): Promise<FetchedFiling> {
  const warnings: string[] = [];
  // A complete submission (.txt) describes and checks itself; a primary document is checked against
  // the filing's index.
  const primary = !f.url.endsWith('.txt');
  const docs = primary ? await filingIndex(f, ctx, signal) : undefined;
  let annualReport: { url: string; text?: string } | undefined;
  const exhibit = f.form.startsWith('10-K') && docs ? annualReportExhibits(docs)[0] : undefined;
  if (exhibit) {
    const url = urls.document(ctx.hosts, f.cik, f.accession, exhibit.file);
    annualReport = { url: edgarAddress(url, ctx.hosts) };
    try {
      annualReport.text = (
        await ctx.cache.get(url, 'document', signal, (body) => {
          const text = decodeEdgar(body);
          checkDocument(body, text, { url, size: exhibit.size, exhibit: true });
          return text;
        })
      ).value;
    } catch (e) {
      if (fatal(e, signal)) throw e;
      warnings.push(
        `the annual report exhibit (${exhibit.type}, Items 7 and 8 incorporated by reference) was not indexed: ${reasonOf(e)}; ${annualReport.url}`,
      );
    }
  }
  const c = ctx.constituents.get(f.cik) ?? [...ctx.constituents.values()].find((x) => x.symbol.toUpperCase() === f.ticker.toUpperCase());
  const listed = docs?.find((d) => d.file === f.primaryDocument);
  const got = await ctx.cache.get(f.url, 'document', signal, (body) => {
    const text = decodeEdgar(body);
    checkDocument(body, text, { url: f.url, form: f.form, accession: f.accession, size: listed?.size, inlineXbrl: f.inlineXbrl });
    return prepareEdgarText(
      text,
      {
        accession: f.accession,
        cik: f.cik,
        form: f.form,
        filingDate: f.filingDate,
        reportDate: f.reportDate,
        fiscalYearEnd: f.fiscalYearEnd,
        primaryDocument: f.primaryDocument || undefined,
        sourceFile: edgarAddress(f.url, ctx.hosts),
        ...(c ? { constituent: c } : {}),
        ...(annualReport ? { annualReport } : {}),
      },
      ctx.constituents,
    );
  });
  return { filing: got.value, fromCache: got.fromCache, warnings };
}
