// The filing's metadata from what the caller knows (the submissions JSON of a pull, the SGML header of
// a complete submission) checked against the document's own dei cover facts. Dates come from XBRL
// contexts and the caller, never from the cover's display strings alone ("September&#160;28"). The
// nominal fiscal year end is the filing's own (its SGML header, or its dei:CurrentFiscalYearEndDate),
// never today's submissions JSON, which only knows the company's current year end. Pure.
import { canonicalFormType } from '../../contract/canonical.js';
import type { Constituent } from '../filing/constituents.js';
import { fiscalYearEndLabel, fiscalYearLabel, nominalFiscalYearEnd } from '../filing/fiscal.js';
import type { FilingMeta } from '../filing/metadata.js';
import type { RawDocument } from './types.js';
import { MONTHS } from '../text/vocabulary.js';

/** What is known of a filing besides its document. */
export interface FilingHints {
  accession?: string;
  cik?: string;
  company?: string;
  form?: string;
  /** YYYY-MM-DD */
  filingDate?: string;
  /** YYYY-MM-DD: the period of report (submissions JSON reportDate, SGML CONFORMED PERIOD OF REPORT). */
  reportDate?: string;
  /** MMDD, as the filing's SGML header states it. */
  fiscalYearEnd?: string;
  sic?: string;
  stateOfInc?: string;
  primaryDocument?: string;
  /** The constituent the caller pulled this filing for (a former CIK's filings keep their ticker). */
  constituent?: Constituent;
  /** The accession is an id of ours (a document saved without it): the filing gets no EDGAR links. */
  local?: boolean;
  /** A 10-K's annual report exhibit (EX-13) as its filing index lists it: the address, and the
   * document itself when it could be fetched (its text is indexed as Items 7 and 8). */
  annualReport?: { url: string; text?: string };
  sourceFile: string;
}

export class MetadataError extends Error {}

/** dei:CurrentFiscalYearEndDate as printed ("--09-27", "September 28", "11/29", "MAY 31") -> MMDD. */
export function parseFiscalYearEnd(text: string): string | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  let m = /^--(\d{2})-(\d{2})$/.exec(t);
  if (m) return `${m[1]}${m[2]}`;
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(t);
  if (m) return `${m[1]!.padStart(2, '0')}${m[2]!.padStart(2, '0')}`;
  m = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})$/i.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    if (month > 0) return `${String(month).padStart(2, '0')}${m[2]!.padStart(2, '0')}`;
  }
  return undefined;
}

const plainCik = (c: string) => c.replace(/^0+/, '');

export interface DeiFacts {
  cik?: string;
  /** Every registrant's CIK on the cover (several in a multi-registrant filing). */
  ciks?: string[];
  form?: string;
  company?: string;
  /** End of the document's reporting period, from the context of dei:DocumentType. */
  periodEnd?: string;
  fiscalYearEnd?: string;
}

export function deiFacts(raw: RawDocument): DeiFacts {
  const get = (n: string) => raw.dei.get(`dei:${n}`);
  const type = get('DocumentType');
  const ctx = type ? raw.contexts.get(type.contextRef) : undefined;
  const fye = get('CurrentFiscalYearEndDate');
  const out: DeiFacts = {};
  const cik = get('EntityCentralIndexKey')?.text;
  if (cik && /^\d+$/.test(cik)) out.cik = plainCik(cik);
  if (raw.ciks.length > 0) out.ciks = [...new Set(raw.ciks)];
  if (type?.text) out.form = type.text.trim().toUpperCase();
  const name = get('EntityRegistrantName')?.text;
  if (name) out.company = name;
  if (ctx?.end) out.periodEnd = ctx.end;
  const f = fye ? parseFiscalYearEnd(fye.text) : undefined;
  if (f) out.fiscalYearEnd = f;
  return out;
}

const dayDiff = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

export const EDGAR_WWW = 'https://www.sec.gov';

/** An id for a filing whose accession cannot be known (a document saved by hand): made of its CIK,
 * form and period, so adding the same document again replaces it. */
export const localId = (cik: string, form: string, period: string) =>
  `local-${cik.padStart(10, '0')}-${form.replace(/[^\w.-]/g, '')}-${period}`;

/** The filing's metadata row; throws MetadataError when the document contradicts the hints or a
 * required field is unknown. */
export function htmlFilingMeta(h: FilingHints, dei: DeiFacts, constituents: Map<string, Constituent>): FilingMeta {
  const cik = h.cik ? plainCik(h.cik) : dei.cik;
  if (!cik) throw new MetadataError('no CIK: the document has no dei:EntityCentralIndexKey and none was given');
  // A multi-registrant filing (Southern Co. and its subsidiaries) names every registrant on its cover.
  if (h.cik && dei.cik && !(dei.ciks ?? [dei.cik]).includes(plainCik(h.cik))) {
    throw new MetadataError(`the document is CIK ${dei.cik}'s, not CIK ${plainCik(h.cik)}'s (dei:EntityCentralIndexKey)`);
  }
  const formRaw = h.form ?? dei.form;
  if (!formRaw) throw new MetadataError('no form type: the document has no dei:DocumentType and none was given');
  const canon = canonicalFormType(formRaw);
  const form = canon.ok ? canon.value : formRaw.trim().toUpperCase();
  if (h.form && dei.form && dei.form.replace(/\/A$/, '') !== form.replace(/\/A$/, '')) {
    throw new MetadataError(`the document says it is a ${dei.form} (dei:DocumentType), not a ${form}`);
  }
  const period = h.reportDate || dei.periodEnd;
  if (!period) throw new MetadataError('no period of report: none was given and the document has no dei context for it');
  if (h.reportDate && dei.periodEnd && !form.startsWith('8-K') && dayDiff(h.reportDate, dei.periodEnd) > 10) {
    throw new MetadataError(`the document's period ends ${dei.periodEnd} (dei context), not ${h.reportDate}`);
  }
  const howTo =
    'add the complete submission .txt instead, put it or the -index.html page beside the document, or use "filings corpus pull"';
  const accession = h.accession ?? (h.local ? localId(cik, form, period) : undefined);
  if (!accession) throw new MetadataError(`no accession number in the file or folder name, and the document does not print it: ${howTo}`);
  if (!h.filingDate) throw new MetadataError(`no filing date: the document does not print it; ${howTo}`);
  // The filing's own nominal year end; a 10-K's own period end when nothing states one.
  const nominal = h.fiscalYearEnd || dei.fiscalYearEnd || (form.startsWith('10-K') ? period.slice(5).replace('-', '') : undefined);
  const c = h.constituent ?? constituents.get(cik);
  const accNoDash = accession.replace(/-/g, '');
  const folder = `${EDGAR_WWW}/Archives/edgar/data/${cik}/${accNoDash}`;
  return {
    accession,
    cik,
    company: h.company ?? dei.company ?? '',
    security_name: c?.security ?? null,
    sec_ticker: c?.symbol ? c.symbol.toUpperCase() : null,
    sec_form_type: form,
    sec_fiscal_year: fiscalYearLabel(form, period, nominal),
    sec_fiscal_year_end: fiscalYearEndLabel(form, period, nominal),
    nominal_fiscal_year_end: nominalFiscalYearEnd(nominal),
    // Read from the document by ingest.ts.
    fiscal_name_offset: null,
    period_of_report: period,
    report_filing_date: h.filingDate,
    sec_gics_sector: c?.sector || null,
    sec_gics_sub_industry: c?.subIndustry || null,
    sic: h.sic ?? null,
    state_of_inc: h.stateOfInc ?? null,
    filing_html_index: h.local ? null : `${folder}/${accession}-index.html`,
    htm_filing_link: h.primaryDocument && !h.local ? `${folder}/${h.primaryDocument}` : null,
    complete_text_filing_link: h.local ? null : `${folder}/${accession}.txt`,
    source_file: h.sourceFile,
  };
}
