// HTML / inline-XBRL ingest, the entry point: an EDGAR primary document (.htm) or a complete
// submission (.txt) to the prepared filing the index writer stores (filing/prepared.ts). Pure and
// synchronous: bytes and what the caller knows in, PreparedFiling out.
import type { Constituent } from '../filing/constituents.js';
import type { PreparedFiling } from '../filing/prepared.js';
import { fiscalNameOffset } from '../filing/fiscal-names.js';
import { readHtml } from './document.js';
import { parseDocument } from './dom.js';
import { deiFacts, EDGAR_WWW, htmlFilingMeta, type FilingHints } from './meta.js';
import { appendDocument, parsePlainText } from './plain.js';
import { sectionize } from './sections.js';
import { isHtmlText, isSubmissionText, parseSgmlDocuments, parseSgmlHeader, unwrapDocument, type SgmlDocument } from './sgml.js';
import type { RawDocument } from './types.js';
import { annualReportHeading, annualReportStart } from './annual-report.js';

export { MetadataError, type FilingHints } from './meta.js';

const mmdd = (nominal: string | null) => (nominal ? { m: Number(nominal.slice(0, 2)), d: Number(nominal.slice(3, 5)) } : undefined);

function prepareRaw(raw: RawDocument, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling {
  const meta = htmlFilingMeta(hints, deiFacts(raw), constituents);
  const annual = meta.sec_form_type.startsWith('10-K') ? hints.annualReport : undefined;
  // The annual report exhibit's text after the 10-K's own (its dei facts stay the 10-K's).
  if (annual?.text) appendDocument(raw, parseAny(annual.text), annualReportHeading(annual.url));
  const doc = readHtml(raw, { formType: meta.sec_form_type, nominal: mmdd(meta.nominal_fiscal_year_end) });
  const from = annual?.text ? annualReportStart(doc, annual.url) : undefined;
  const { sections, tables } = sectionize(doc, meta.sec_form_type, annual && { url: annual.url, from });
  const focus = raw.dei.get('dei:DocumentFiscalYearFocus')?.text;
  meta.fiscal_name_offset = fiscalNameOffset(doc.content, meta.sec_fiscal_year_end, Number(meta.sec_fiscal_year.slice(3)), focus);
  return { meta, content_chars: doc.content.length, sections, tables, facts: doc.facts };
}

function parseAny(text: string): RawDocument {
  const body = unwrapDocument(text);
  return isHtmlText(body) ? parseDocument(body) : parsePlainText(body);
}

/** A primary document parsed: its blocks and facts, and the <TYPE> of a leading SGML wrapper (old
 * Archives files), the form when none is given. */
export interface ParsedDocument {
  raw: RawDocument;
  wrappedForm?: string;
}

/** Parses a primary document once: what its cover says (deiFacts) and its ingest read the same parse. */
export function parseHtmlDocument(html: string): ParsedDocument {
  const wrappedForm = /^\s*<DOCUMENT>/i.test(html.slice(0, 200)) ? parseSgmlDocuments(html.slice(0, 2000))[0]?.type : undefined;
  return { raw: parseAny(html), ...(wrappedForm ? { wrappedForm } : {}) };
}

/** A parsed primary document to the prepared filing. */
export function prepareParsedHtml(parsed: ParsedDocument, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling {
  const { raw, wrappedForm } = parsed;
  return prepareRaw(raw, wrappedForm && !hints.form ? { ...hints, form: wrappedForm } : hints, constituents);
}

/** A primary document (.htm/.html, inline XBRL or not). A leading SGML wrapper is removed. */
export function prepareHtmlFiling(html: string, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling {
  return prepareParsedHtml(parseHtmlDocument(html), hints, constituents);
}

/** The primary document of a submission: the first of the filing's own form type, else the first. */
export function primaryOf(docs: SgmlDocument[], form: string | undefined): SgmlDocument | undefined {
  return docs.find((d) => form && d.type.toUpperCase() === form.toUpperCase()) ?? docs[0];
}

/**
 * A complete submission (.txt): metadata from its SGML header (hints given win), the primary document
 * ingested, and for an 8-K its press-release exhibits (EX-99) appended, where its figures are.
 */
export function prepareSubmissionFiling(text: string, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling {
  const header = parseSgmlHeader(text);
  const docs = parseSgmlDocuments(text);
  const primary = primaryOf(docs, hints.form ?? header.form);
  if (!primary) throw new Error('no <DOCUMENT> in the submission');
  const wanted = hints.cik?.replace(/^0+/, '');
  const filer = header.filers.find((f) => f.cik === wanted) ?? header.filers.find((f) => constituents.has(f.cik)) ?? header.filers[0];
  const raw = parseAny(primary.text);
  const form = hints.form ?? header.form ?? '';
  if (form.startsWith('8-K')) {
    for (const d of docs) {
      if (!/^EX-99/i.test(d.type)) continue;
      appendDocument(raw, parseAny(d.text), `Exhibit ${d.type.replace(/^EX-/i, '')}${d.description ? `: ${d.description}` : ''}`);
    }
  }
  // A 10-K's annual report exhibit (EX-13) is in the submission: its text goes in as Items 7 and 8.
  const ex13 = form.startsWith('10-K') ? docs.find((d) => /^EX-13(?:\.\d+)?$/i.test(d.type) && d.filename) : undefined;
  const folder = `${EDGAR_WWW}/Archives/edgar/data/${filer?.cik ?? ''}/${(header.accession ?? '').replace(/-/g, '')}`;
  const merged: FilingHints = {
    ...(ex13 ? { annualReport: { url: `${folder}/${ex13.filename}`, text: ex13.text } } : {}),
    accession: header.accession,
    cik: filer?.cik,
    company: filer?.company,
    form: header.form,
    filingDate: header.filingDate,
    reportDate: header.period,
    fiscalYearEnd: filer?.fiscalYearEnd,
    sic: filer?.sic,
    stateOfInc: filer?.stateOfInc,
    primaryDocument: primary.filename,
    ...Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined)),
    sourceFile: hints.sourceFile,
  };
  return prepareRaw(raw, merged, constituents);
}

/** Either kind, told apart by content. */
export function prepareEdgarText(text: string, hints: FilingHints, constituents: Map<string, Constituent>): PreparedFiling {
  if (isSubmissionText(text) && /<SEC-HEADER>|<SEC-DOCUMENT>/.test(text.slice(0, 3000)))
    return prepareSubmissionFiling(text, hints, constituents);
  return prepareHtmlFiling(text, hints, constituents);
}
