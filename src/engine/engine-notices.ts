// Notices of a request's reading and retrieval that the scope does not make: names that are no company
// read (a typo as near two companies), what basic mode did not infer, a scope searched in part.
import type { NoticePayload } from '../contract/types.js';
import type { Reading } from './question/reading.js';
import type { Coverage } from './retrieve/search.js';

/** A name typed as near two companies' names as each other: none is read, the question must say which. */
export function ambiguousNotices(r: Reading): NoticePayload[] {
  return (r.ambiguousCompanies ?? []).map((a) => ({
    code: 'COMPANY_AMBIGUOUS',
    message: `"${a.text}" is as near ${a.tickers.join(' as ')}: no company is read for it; name one (by its name or ticker)`,
  }));
}

/** Basic mode infers nothing; when the question names a company or a year that research mode would
 * have used as a filter, say so (the service's default mode is basic, so a plain client lands here). */
export function basicNotices(r: Reading): NoticePayload[] {
  const named = r.named;
  const what = [...named.links.map((l) => `${l.text} -> ${l.ticker}`), ...(named.sec_fiscal_year ?? [])];
  if (what.length === 0) return [];
  return [
    {
      code: 'BASIC_MODE_NO_FILTERS',
      message:
        `basic mode searches every filing and infers no filters; the question names ` +
        `${what.join(', ')}: ask with "mode": "research" to scope the search to them`,
    },
  ];
}

/** A scope too broad to search whole (search-plan.ts) was searched newest fiscal year first. */
export function narrowedNotice(c: Coverage): NoticePayload {
  return {
    code: 'SEARCH_NARROWED',
    message:
      `the scope holds ${c.scopeFilings} filings, more than one search reads: searched the ` +
      `${c.searchedFilings} of fiscal years ${c.years.join(', ')}, the newest; add a company, sector or ` +
      `year filter to search the others`,
  };
}
