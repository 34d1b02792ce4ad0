// The contract's request and response schemas: the one source of the TypeScript types (types.ts),
// the validation of requests (validate.ts), the OpenAPI document (openapi.ts) and the CLI's choices.
// The request's own are in request-schemas.ts (validation builds only those) and exported here too.
// Descriptions and ids are registered on each schema (`register`), not on a copy of it (`.meta()`).
import * as z from 'zod';
import { EFFORTS, EVIDENCE_FORMATS, EVENT_TYPES, MODES } from './enums.js';
import { FILTER_FIELDS, OPERATORS } from './fields.js';
import { FigureGapSchema, FigureRecordSchema, GridPayloadSchema } from './figure-schemas.js';
import { EffortSchema, ModeSchema } from './request-schemas.js';

export { EFFORTS, EVIDENCE_FORMATS, EVENT_TYPES, MODES };

export {
  EffortSchema,
  EvidenceFormatSchema,
  IncludeOptionsSchema,
  MetadataFiltersSchema,
  ModeSchema,
  ResearchRequestSchema,
  RetrievalControlsSchema,
} from './request-schemas.js';

// ---- responses ---------------------------------------------------------------------------------

export const NoticePayloadSchema = z.object({ code: z.string(), message: z.string() }).register(z.globalRegistry, { id: 'NoticePayload' });

export const AgentContextPayloadSchema = z
  .object({
    content_type: z.literal('text/markdown'),
    text: z.string(),
    source_fields: z.array(z.string()).optional(),
  })
  .register(z.globalRegistry, { id: 'AgentContextPayload' });

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
  .register(z.globalRegistry, { id: 'ResponseSummary' });

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
  .register(z.globalRegistry, { id: 'RetrievalPlanPayload' });

const CountSchema = z.object({ value: z.string(), count: z.int() });

export const DistributionEntrySchema = z.object({
  display_name: z.string(),
  values: z.array(CountSchema).optional(),
  value: z.union([z.string(), z.number()]).optional(),
});
export const MetadataDistributionSchema = z
  .record(z.string(), DistributionEntrySchema)
  .register(z.globalRegistry, { id: 'MetadataDistribution' });

export const AnswerPayloadSchema = z.object({ text: z.string() }).register(z.globalRegistry, { id: 'AnswerPayload' });

export const AnalysisPayloadSchema = z
  .looseObject({
    text: z.string(),
    coverage: z.record(z.string(), z.array(CountSchema)).optional(),
    agreement: z.array(z.looseObject({ claim: z.string(), sources: z.array(z.string()) })).optional(),
    changes: z.array(z.looseObject({ kind: z.string(), claim: z.string() })).optional(),
    /** What was asked and not found: filter values and plan steps without evidence, and every figure
     * asked and not stated (kind `figure`, with its reason code: figure-schemas.ts). */
    gaps: z.array(z.union([FigureGapSchema, z.looseObject({ kind: z.string(), message: z.string() })])).optional(),
    /** Every figure the answer states, as a record (figure-schemas.ts). */
    figures: z.array(FigureRecordSchema).optional(),
    /** A question over several companies, years or measures: its cells. */
    grid: GridPayloadSchema.optional(),
  })
  .register(z.globalRegistry, { id: 'AnalysisPayload' });

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
  .register(z.globalRegistry, { id: 'ResearchResponse' });

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
  .register(z.globalRegistry, { id: 'ErrorResponse' });

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
  .register(z.globalRegistry, { id: 'MetadataFiltersResponse' });

// ---- SSE events ------------------------------------------------------------------------------

export const RetrievalStartedSchema = z.object({ request_id: z.string(), mode: ModeSchema, effort: EffortSchema });
export const RetrievalCompletedSchema = z.object({ request_id: z.string(), evidence_count: z.int() });
export const DeltaSchema = z.object({ delta: z.string() });
