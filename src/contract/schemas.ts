// The contract's request and response schemas: the one source of the TypeScript types (types.ts),
// the validation of requests (validate.ts), the OpenAPI document (openapi.ts) and the CLI's choices.
import * as z from 'zod';
import { FILTER_FIELDS, OPERATORS } from './fields.js';
import { LIMITS } from './limits.js';

import { EFFORTS, EVIDENCE_FORMATS, EVENT_TYPES, MODES } from './enums.js';

export { EFFORTS, EVIDENCE_FORMATS, EVENT_TYPES, MODES };

export const ModeSchema = z.enum(MODES).meta({
  description:
    'basic: plain retrieval, no filters. research: filters accepted and inferred from the question. ' +
    'agentic_research: research plus a retrieval plan of sub-queries.',
});
export const EffortSchema = z.enum(EFFORTS).meta({ description: 'Breadth of retrieval.' });
export const EvidenceFormatSchema = z.enum(EVIDENCE_FORMATS).meta({
  description: 'rendered: registry, chains and a source-key footer. xml: the same without the footer.',
});

export const IncludeOptionsSchema = z
  .strictObject({
    evidence: z.boolean().optional().meta({ description: 'Return `evidence` (default true).' }),
    evidence_instructions: z
      .boolean()
      .optional()
      .meta({ description: 'Return `evidence_instructions` (default true when evidence is included).' }),
    agent_context: z.boolean().optional().meta({ description: 'Return `agent_context` (default false).' }),
    evidence_format: EvidenceFormatSchema.optional(),
    metadata_distribution: z.boolean().optional().meta({ description: 'Return `metadata_distribution`.' }),
    metadata_dashboard: z.boolean().optional().meta({ description: 'Return `metadata_dashboard`.' }),
    summary: z.boolean().optional().meta({ description: 'Return `summary` (default true).' }),
    answer: z.boolean().optional().meta({ description: 'Return a generated `answer` grounded in the evidence.' }),
    analysis: z
      .boolean()
      .optional()
      .meta({ description: 'Return a generated `analysis` (research and agentic_research).' }),
  })
  .meta({ id: 'IncludeOptions' });

export const RetrievalControlsSchema = z
  .strictObject({
    max_evidence: z
      .int()
      .min(LIMITS.min_max_evidence)
      .nullable()
      .optional()
      .meta({ description: 'Cap on the number of evidence chains.' }),
  })
  .meta({ id: 'RetrievalControls' });

/** Shape-level schema of metadata_filters: an object. Its entries are checked by filters.ts against
 * the field registry (the codes FILTER_* need more than a schema can say); the OpenAPI document
 * replaces this with the registry-generated schema (openapi.ts). */
export const MetadataFiltersSchema = z.record(z.string(), z.unknown()).meta({ id: 'MetadataFilters' });

export const ResearchRequestSchema = z
  .strictObject({
    query: z.string().meta({
      description: `The question. At most ${LIMITS.max_query_chars} normalized characters (NFKC, controls removed, whitespace collapsed, trimmed).`,
    }),
    mode: ModeSchema.optional(),
    effort: EffortSchema.optional(),
    metadata_filters: MetadataFiltersSchema.nullable().optional(),
    include: IncludeOptionsSchema.optional(),
    retrieval: RetrievalControlsSchema.nullable().optional(),
    stream: z.boolean().optional().meta({ description: 'Reply with Server-Sent Events.' }),
  })
  .meta({ id: 'ResearchRequest' });

// ---- responses ---------------------------------------------------------------------------------

export const NoticePayloadSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'NoticePayload' });

export const AgentContextPayloadSchema = z
  .object({
    content_type: z.literal('text/markdown'),
    text: z.string(),
    source_fields: z.array(z.string()).optional(),
  })
  .meta({ id: 'AgentContextPayload' });

/** Canonical filters, in the three forms of a request: scalar (eq), array (in), operator object. */
const CanonicalFilterValueSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.partialRecord(z.enum(OPERATORS), z.union([z.string(), z.array(z.string())])),
]);
export const CanonicalFiltersSchema = z.record(z.string(), CanonicalFilterValueSchema);

export const ResponseSummarySchema = z
  .object({
    domain: z.string(),
    mode: ModeSchema,
    effort: EffortSchema,
    submitted_metadata_filters: CanonicalFiltersSchema.optional(),
    applied_metadata_filters: CanonicalFiltersSchema.optional(),
    evidence_count: z.int(),
    warnings: z.array(z.string()).optional(),
  })
  .meta({ id: 'ResponseSummary' });

export const RetrievalPlanPayloadSchema = z
  .object({
    queries: z.array(
      z.object({
        query: z.string(),
        label: z.string().optional(),
        applied_metadata_filters: CanonicalFiltersSchema.optional(),
      }),
    ),
  })
  .meta({ id: 'RetrievalPlanPayload' });

const CountSchema = z.object({ value: z.string(), count: z.int() });

export const DistributionEntrySchema = z.object({
  display_name: z.string(),
  values: z.array(CountSchema).optional(),
  value: z.union([z.string(), z.number()]).optional(),
});
export const MetadataDistributionSchema = z
  .record(z.string(), DistributionEntrySchema)
  .meta({ id: 'MetadataDistribution' });

export const AnswerPayloadSchema = z.object({ text: z.string() }).meta({ id: 'AnswerPayload' });

export const AnalysisPayloadSchema = z
  .looseObject({
    text: z.string(),
    coverage: z.record(z.string(), z.array(CountSchema)).optional(),
    agreement: z.array(z.looseObject({ claim: z.string(), sources: z.array(z.string()) })).optional(),
    changes: z.array(z.looseObject({ kind: z.string(), claim: z.string() })).optional(),
    gaps: z.array(z.looseObject({ kind: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'AnalysisPayload' });

export const ResearchResponseSchema = z
  .object({
    request_id: z.string(),
    notices: z.array(NoticePayloadSchema).optional(),
    metadata_distribution: MetadataDistributionSchema.optional(),
    metadata_dashboard: z.string().optional(),
    evidence: z.string().optional(),
    evidence_instructions: z.string().optional(),
    agent_context: AgentContextPayloadSchema.optional(),
    summary: ResponseSummarySchema.optional(),
    retrieval_plan: RetrievalPlanPayloadSchema.optional(),
    answer: AnswerPayloadSchema.optional(),
    analysis: AnalysisPayloadSchema.optional(),
  })
  .meta({ id: 'ResearchResponse' });

export const ValidationIssueSchema = z.object({
  code: z.string(),
  loc: z.array(z.union([z.string(), z.int()])),
  message: z.string(),
});

export const ErrorResponseSchema = z
  .object({
    status_code: z.int(),
    message: z.string(),
    detail: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });

// ---- GET /metadata-filters -------------------------------------------------------------------

export const FilterFieldInfoSchema = z.object({
  name: z.enum(FILTER_FIELDS.map((f) => f.name) as [string, ...string[]]),
  display_name: z.string(),
  value_type: z.enum(['date', 'string']),
  format: z.string(),
  operators: z.array(z.enum(OPERATORS)),
  bounds: z.object({ min: z.string().optional(), max: z.string().optional() }).optional(),
  values: z.array(z.object({ value: z.string(), count: z.int().optional() })).optional(),
});

export const MetadataFiltersResponseSchema = z
  .object({
    domain: z.string(),
    fields: z.array(FilterFieldInfoSchema),
    limits: z.record(z.string(), z.number()),
  })
  .meta({ id: 'MetadataFiltersResponse' });

// ---- SSE events ------------------------------------------------------------------------------

export const RetrievalStartedSchema = z.object({ request_id: z.string(), mode: ModeSchema, effort: EffortSchema });
export const RetrievalCompletedSchema = z.object({ request_id: z.string(), evidence_count: z.int() });
export const DeltaSchema = z.object({ delta: z.string() });
