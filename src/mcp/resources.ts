// Resources: the metadata-filter fields (GET /metadata-filters) as JSON, and each field with the values
// the backend holds. A client can attach them to a conversation instead of calling a tool.
import { ErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { FILTER_FIELDS, filterField } from '../contract/fields.js';
import type { McpContext } from './context.js';
import { errorResponse, protocolError } from './errors.js';

const ROOT = 'filings://metadata-filters';
/** The protocol's code for an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;

export function listResources(): Resource[] {
  return [
    {
      uri: ROOT,
      name: 'metadata-filters',
      title: 'Metadata-filter fields',
      description: 'The fields query_filings accepts in metadata_filters: operators, formats, bounds in the index, and the limits.',
      mimeType: 'application/json',
    },
    ...FILTER_FIELDS.map((f) => ({
      uri: `${ROOT}/${f.name}`,
      name: `metadata-filters/${f.name}`,
      title: `Filter field ${f.name} (${f.display_name}) with its values`,
      description: `${f.display_name}: ${f.format}; the values the index holds, with the number of filings of each.`,
      mimeType: 'application/json',
    })),
  ];
}

export async function readResource(uri: string, ctx: McpContext, signal: AbortSignal): Promise<ReadResourceResult> {
  const field = uri.startsWith(`${ROOT}/`) ? uri.slice(ROOT.length + 1) : undefined;
  if (uri !== ROOT && !(field && filterField(field))) throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  try {
    const answer = await (await ctx.backend()).listMetadataFilters({ field, includeValues: field !== undefined, signal });
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(answer) }] };
  } catch (e) {
    // No result carries an error for a resource: a protocol error with the contract's ErrorResponse as data.
    const body = errorResponse(e);
    throw protocolError(ErrorCode.InternalError, `${body.detail.code}: ${body.message}`, body);
  }
}
