// The contract's request schemas, apart from the responses' (schemas.ts) so that validating a request
// builds only these: a cold `filings query` validates its request and no response. Descriptions are
// registered on the schema itself (`register`): `.meta()` would build a copy of each to carry them.
import * as z from 'zod';
import { EFFORTS, EVIDENCE_FORMATS, MODES } from './enums.js';
import { LIMITS } from './limits.js';

export const ModeSchema = z.enum(MODES).register(z.globalRegistry, {
  description:
    'basic: plain retrieval, no filters. research: filters accepted and inferred from the question. ' +
    'agentic_research: research plus a retrieval plan of sub-queries.',
});
export const EffortSchema = z.enum(EFFORTS).register(z.globalRegistry, { description: 'Breadth of retrieval.' });
export const EvidenceFormatSchema = z.enum(EVIDENCE_FORMATS).register(z.globalRegistry, {
  description: 'rendered: registry, chains and a source-key footer. xml: the same without the footer.',
});

export const IncludeOptionsSchema = z
  .strictObject({
    evidence: z.boolean().optional().register(z.globalRegistry, { description: 'Return `evidence` (default true).' }),
    evidence_instructions: z
      .boolean()
      .optional()
      .register(z.globalRegistry, { description: 'Return `evidence_instructions` (default true when evidence is included).' }),
    agent_context: z.boolean().optional().register(z.globalRegistry, { description: 'Return `agent_context` (default false).' }),
    evidence_format: EvidenceFormatSchema.optional(),
    metadata_distribution: z.boolean().optional().register(z.globalRegistry, { description: 'Return `metadata_distribution`.' }),
    metadata_dashboard: z.boolean().optional().register(z.globalRegistry, { description: 'Return `metadata_dashboard`.' }),
    summary: z.boolean().optional().register(z.globalRegistry, { description: 'Return `summary` (default true).' }),
    answer: z.boolean().optional().register(z.globalRegistry, { description: 'Return a generated `answer` grounded in the evidence.' }),
    analysis: z
      .boolean()
      .optional()
      .register(z.globalRegistry, { description: 'Return a generated `analysis` (research and agentic_research).' }),
  })
  .register(z.globalRegistry, { id: 'IncludeOptions' });

export const RetrievalControlsSchema = z
  .strictObject({
    max_evidence: z
      .int()
      .min(LIMITS.min_max_evidence)
      .nullable()
      .optional()
      .register(z.globalRegistry, { description: 'Cap on the number of evidence chains.' }),
  })
  .register(z.globalRegistry, { id: 'RetrievalControls' });

/** Shape-level schema of metadata_filters: an object. Its entries are checked by filters.ts against
 * the field registry (the codes FILTER_* need more than a schema can say); the OpenAPI document
 * replaces this with the registry-generated schema (openapi.ts). */
export const MetadataFiltersSchema = z.record(z.string(), z.unknown()).register(z.globalRegistry, { id: 'MetadataFilters' });

export const ResearchRequestSchema = z
  .strictObject({
    query: z.string().register(z.globalRegistry, {
      description: `The question. At most ${LIMITS.max_query_chars} normalized characters (NFKC, controls removed, whitespace collapsed, trimmed).`,
    }),
    mode: ModeSchema.optional(),
    effort: EffortSchema.optional(),
    metadata_filters: MetadataFiltersSchema.nullable().optional(),
    include: IncludeOptionsSchema.optional(),
    retrieval: RetrievalControlsSchema.nullable().optional(),
    stream: z.boolean().optional().register(z.globalRegistry, { description: 'Reply with Server-Sent Events.' }),
  })
  .register(z.globalRegistry, { id: 'ResearchRequest' });
