// list_metadata_filters: GET /metadata-filters of the contract, as a tool: the filter fields, their
// operators, formats and bounds, and (include_values) the values the backend holds with their counts.
import * as z from 'zod';
import { FilterFieldInfoSchema } from '../../contract/schemas.js';
import type { MetadataFiltersResponse } from '../../contract/types.js';
import { jsonResult, ResponseFormatSchema, textResult } from './results.js';
import { defineTool } from './tool.js';

const DESCRIPTION = [
  'List the metadata-filter fields query_filings accepts in metadata_filters (filing date, fiscal year, ' +
    'fiscal year end, form type, GICS sector and sub-industry, item tag, ticker), with their operators, value ' +
    'formats and bounds; with include_values, the values the index holds and how many filings have each.',
  'Use it before filtering, to spell a value the way the index does (tickers such as BRK.B, fiscal years ' +
    'such as FY-2023, items such as 10K-Item-1A for risk factors or 10K-Item-7 for MD&A), or to see which ' +
    'companies, years and sectors are covered. Filters apply only in modes research and agentic_research.',
].join('\n\n');

const FORMS =
  'A filter is a scalar (eq), an array (in), or an operator object such as {"neq": "10-Q"} or {"gte": "2023-01-01", "lte": "2023-12-31"}.';

function filtersText(r: MetadataFiltersResponse): string {
  const lines = [`Metadata filters (domain ${r.domain}); modes research and agentic_research only. ${FORMS}`, ''];
  for (const f of r.fields) {
    const bounds = f.bounds ? `; in the index from ${f.bounds.min ?? '?'} to ${f.bounds.max ?? '?'}` : '';
    lines.push(`- ${f.name} (${f.display_name}): ${f.format}; operators ${f.operators.join(', ')}${bounds}`);
    if (f.values)
      lines.push(
        `  values (filings): ${f.values.map((v) => (v.count === undefined ? v.value : `${v.value} (${v.count})`)).join(', ') || 'none'}`,
      );
  }
  lines.push(
    '',
    `Limits: ${Object.entries(r.limits)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}

export const listMetadataFilters = defineTool({
  name: 'list_metadata_filters',
  title: 'List metadata-filter fields and values',
  description: DESCRIPTION,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  schema: () =>
    z.strictObject({
      field: FilterFieldInfoSchema.shape.name.optional().meta({ description: 'Only this field.' }),
      include_values: z
        .boolean()
        .optional()
        .meta({ description: 'Include the values of each field the index holds, with the number of filings of each.' }),
      response_format: ResponseFormatSchema.meta({
        description: 'text (default): one line a field. json: the GET /metadata-filters answer.',
      }),
    }),
  async run({ field, include_values, response_format }, { ctx, signal }) {
    const answer = await (await ctx.backend()).listMetadataFilters({ field, includeValues: include_values, signal });
    return response_format === 'json' ? jsonResult(answer) : textResult(filtersText(answer));
  },
  // The contract places the field among the query parameters of GET /metadata-filters.
  argumentLoc: (loc) => (loc[0] === 'query' ? ['arguments', ...loc.slice(1)] : loc),
});
