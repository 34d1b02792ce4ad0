// list_filings: what the local index holds, one filing a line, narrowed by the same metadata_filters
// a query takes (validated and canonicalized by the contract). Offered only over the local index.
import * as z from 'zod';
import { checkFilters, isPlainObject } from '../../contract/filters.js';
import { MetadataFiltersSchema } from '../../contract/schemas.js';
import type { IndexedFiling } from '../context.js';
import { filingMatches } from './filing-match.js';
import { jsonResult, ResponseFormatSchema, textResult } from './results.js';
import { argumentLoc } from './query-filings.js';
import { defineTool } from './tool.js';

const DESCRIPTION = [
  'List the filings the local index holds: ticker, company, form, fiscal year, period end, filing date and ' +
    'accession, one filing a line, with a count of companies and fiscal years.',
  'Use it to learn what can be answered before asking (which companies, forms and years are covered), or ' +
    'when query_filings finds little, to check whether the filing exists at all. metadata_filters narrows the ' +
    'list with the same fields and value forms as query_filings (for example {"sec_ticker": "KO"} or ' +
    '{"sec_fiscal_year": ["FY-2022", "FY-2023"], "sec_form_type": "10-K"}).',
].join('\n\n');

export const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

const byTickerThenDate = (a: IndexedFiling, b: IndexedFiling) =>
  (a.sec_ticker ?? a.company).localeCompare(b.sec_ticker ?? b.company) || a.report_filing_date.localeCompare(b.report_filing_date);

function filingsText(shown: IndexedFiling[], total: number, all: number): string {
  const companies = new Set(shown.map((f) => f.sec_ticker ?? f.company));
  const years = [...new Set(shown.map((f) => f.sec_fiscal_year))].sort();
  const more = shown.length < total ? `; the first ${shown.length} are shown (raise limit or narrow metadata_filters)` : '';
  const head =
    total === 0
      ? `No filing of the ${all} in the index matches.`
      : `${total} of the ${all} filings in the index match${more}. ` +
        `Shown: ${companies.size} companies, fiscal years ${years[0]} to ${years.at(-1)}.`;
  const rows = shown.map((f) =>
    [f.sec_ticker ?? '-', f.company, f.sec_form_type, f.sec_fiscal_year, f.period_of_report, f.report_filing_date, f.accession].join(' | '),
  );
  return [head, ...(rows.length ? ['', 'ticker | company | form | fiscal year | period end | filed | accession', ...rows] : [])].join('\n');
}

export const listFilings = defineTool({
  name: 'list_filings',
  title: 'List the filings in the local index',
  description: DESCRIPTION,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  available: (ctx) => ctx.listFilings !== undefined,
  schema: () =>
    z.strictObject({
      metadata_filters: MetadataFiltersSchema.optional(),
      limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).meta({ description: 'At most this many filings.' }),
      response_format: ResponseFormatSchema.meta({
        description: 'text (default): one filing a line. json: {total, filings: [...]} with item tags and EDGAR addresses.',
      }),
    }),
  check: (raw) =>
    isPlainObject(raw.metadata_filters) ? checkFilters(raw.metadata_filters).issues.map((i) => ({ ...i, loc: argumentLoc(i.loc) })) : [],
  async run({ metadata_filters, limit, response_format }, { ctx }) {
    const filters = metadata_filters ? checkFilters(metadata_filters).filters : {};
    const all = await ctx.listFilings!();
    const matching = all.filter((f) => filingMatches(f, filters)).sort(byTickerThenDate);
    const shown = matching.slice(0, limit);
    return response_format === 'json'
      ? jsonResult({ total: matching.length, filings: shown })
      : textResult(filingsText(shown, matching.length, all.length));
  },
});
