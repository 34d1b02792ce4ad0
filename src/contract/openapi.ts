// The OpenAPI 3.1 document, generated from the zod schemas (schemas.ts) and the field registry.
import * as z from 'zod';
import { ERROR_CODES } from './errors.js';
import { FILTER_FIELDS, EXPRESSION_ROOTS } from './fields.js';
import { API_VERSION, CONTRACT_VERSION, DEFAULT_DOMAIN, LIMITS } from './limits.js';
import { EVENT_TYPES, MetadataFiltersSchema } from './schemas.js';

/** JSON Schema of metadata_filters from the registry: per field, the three value forms. */
export function metadataFiltersJsonSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of FILTER_FIELDS) {
    const scalar = { type: 'string', maxLength: LIMITS.max_filter_string_chars, description: f.format, examples: [f.example] };
    const forms: unknown[] = [{ ...scalar, description: `eq: ${f.format}` }];
    if (f.operators.includes('in')) {
      forms.push({ type: 'array', items: scalar, minItems: 1, maxItems: LIMITS.max_values_per_condition, description: 'in' });
    }
    const ops: Record<string, unknown> = {};
    for (const op of f.operators) ops[op] = op === 'in' ? { type: 'array', items: scalar, minItems: 1 } : scalar;
    forms.push({ type: 'object', properties: ops, additionalProperties: false, minProperties: 1, description: 'operator object' });
    properties[f.name] = { title: f.display_name, oneOf: forms };
  }
  return {
    type: 'object',
    description:
      `Field name to filter. Unknown fields: FILTER_FIELD_UNKNOWN; expression roots (${EXPRESSION_ROOTS.join(', ')}): ` +
      `FILTER_EXPRESSION_UNSUPPORTED. At most ${LIMITS.max_filter_conditions} conditions, ` +
      `${LIMITS.max_filter_values_total} values in all. Rejected in basic mode (FILTER_MODE_UNSUPPORTED).`,
    properties,
    additionalProperties: false,
  };
}

function componentSchemas(): Record<string, unknown> {
  const out = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    override: (ctx) => {
      if (ctx.zodSchema === MetadataFiltersSchema) {
        for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[k];
        Object.assign(ctx.jsonSchema, metadataFiltersJsonSchema());
      }
    },
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const s of Object.values(out.schemas)) {
    delete s.$schema;
    delete s.id;
    delete s.$id;
  }
  return out.schemas;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('ErrorResponse') } },
});

export function openApiDocument(serverUrls: string[] = []): Record<string, unknown> {
  const errors = {
    '401': errorResponse('Missing or rejected X-API-Key (code UNAUTHORIZED).'),
    '404': errorResponse('Unknown domain (code DOMAIN_UNKNOWN).'),
    '429': errorResponse('Rate limited (code RATE_LIMITED); see Retry-After.'),
    '500': errorResponse('Internal server error.'),
    '503': errorResponse('Service unavailable (code INDEX_UNAVAILABLE while the index is missing, replaced or damaged); see Retry-After.'),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Filing Evidence Query Service',
      version: CONTRACT_VERSION,
      description:
        'Natural-language queries over SEC filing evidence (10-K, 10-Q, 8-K) of S&P 500 companies. ' +
        `Error codes: ${Object.keys(ERROR_CODES).join(', ')}.`,
    },
    servers: [
      ...serverUrls.map((url) => ({ url })),
      { url: `https://api-beta.ai-baseline.xyz/${API_VERSION}/${DEFAULT_DOMAIN}`, description: 'public beta deployment' },
    ],
    security: [{ ApiKeyAuth: [] }],
    paths: {
      '/query': {
        post: {
          operationId: 'runResearchQuery',
          summary: 'Run one query against filing evidence',
          requestBody: {
            required: true,
            description: `ResearchRequest; raw body at most ${LIMITS.max_body_bytes} bytes.`,
            content: { 'application/json': { schema: ref('ResearchRequest') } },
          },
          responses: {
            '200': {
              description: `ResearchResponse, or with stream=true Server-Sent Events: ${EVENT_TYPES.join(', ')}.`,
              content: {
                'application/json': { schema: ref('ResearchResponse') },
                'text/event-stream': { schema: { type: 'string' } },
              },
            },
            '405': errorResponse('Wrong method (code METHOD_NOT_ALLOWED); see Allow.'),
            '413': errorResponse('Raw body over 65,536 bytes (code REQUEST_TOO_LARGE).'),
            '415': errorResponse('A body that is not JSON (code UNSUPPORTED_MEDIA_TYPE).'),
            '422': errorResponse('Validation error: detail.errors lists each problem with code, loc and message.'),
            ...errors,
          },
        },
      },
      '/metadata-filters': {
        get: {
          operationId: 'listMetadataFilters',
          summary: 'List metadata-filter fields, operators, bounds, limits and optionally values',
          parameters: [
            { name: 'include_values', in: 'query', schema: { type: 'boolean' }, description: 'Include categorical values.' },
            { name: 'field', in: 'query', schema: { type: 'string' }, description: 'Restrict to one field; unknown field: 422.' },
          ],
          responses: {
            '200': { description: 'Fields and limits', content: { 'application/json': { schema: ref('MetadataFiltersResponse') } } },
            '422': errorResponse('Unknown field (code FILTER_FIELD_UNKNOWN).'),
            ...errors,
          },
        },
      },
    },
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: componentSchemas(),
    },
  };
}
