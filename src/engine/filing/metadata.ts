// The filing's metadata row: the eight filter fields plus names and EDGAR addresses. Pure.
import { canonicalFormType } from '../../contract/canonical.js';
import type { Constituent } from './constituents.js';
import { fiscalYearEndLabel, fiscalYearLabel, nominalFiscalYearEnd } from './fiscal.js';
import type { RawFiling } from './raw.js';

/** The metadata of a filing as ingest derives it: the eight filter fields, names, EDGAR addresses. */
export interface FilingMeta {
  accession: string;
  cik: string;
  /** EDGAR's conformed name, e.g. "3M CO". */
  company: string;
  /** The constituents' name, e.g. "3M", "Coca-Cola Company (The)"; null when the CIK is not listed. */
  security_name: string | null;
  sec_ticker: string | null;
  sec_form_type: string;
  sec_fiscal_year: string;
  sec_fiscal_year_end: string;
  nominal_fiscal_year_end: string | null;
  /** The company's own fiscal-year naming against `sec_fiscal_year`, as the filing states it: -1 when
   * it names the year ended January 28, 2023 "fiscal 2022" (FY-2023 here); null when it does not say. */
  fiscal_name_offset: number | null;
  period_of_report: string;
  report_filing_date: string;
  sec_gics_sector: string | null;
  sec_gics_sub_industry: string | null;
  sic: string | null;
  state_of_inc: string | null;
  filing_html_index: string | null;
  htm_filing_link: string | null;
  complete_text_filing_link: string | null;
  source_file: string;
}

export function filingMeta(raw: RawFiling, accession: string, sourceFile: string, c: Constituent | undefined): FilingMeta {
  const form = canonicalFormType(raw.filing_type);
  const formType = form.ok ? form.value : raw.filing_type.trim().toUpperCase();
  return {
    accession,
    cik: raw.cik,
    company: raw.company,
    security_name: c?.security ?? null,
    sec_ticker: c?.symbol ? c.symbol.toUpperCase() : null,
    sec_form_type: formType,
    sec_fiscal_year: fiscalYearLabel(formType, raw.period_of_report, raw.fiscal_year_end),
    sec_fiscal_year_end: fiscalYearEndLabel(formType, raw.period_of_report, raw.fiscal_year_end),
    nominal_fiscal_year_end: nominalFiscalYearEnd(raw.fiscal_year_end),
    // Read from the text by prepare.ts.
    fiscal_name_offset: null,
    period_of_report: raw.period_of_report,
    report_filing_date: raw.filing_date,
    sec_gics_sector: c?.sector || null,
    sec_gics_sub_industry: c?.subIndustry || null,
    sic: raw.sic ?? null,
    state_of_inc: raw.state_of_inc ?? null,
    filing_html_index: raw.filing_html_index ?? null,
    htm_filing_link: raw.htm_filing_link ?? null,
    complete_text_filing_link: raw.complete_text_filing_link ?? null,
    source_file: sourceFile,
  };
}
