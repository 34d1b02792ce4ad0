// TypeScript types, inferred from the schemas: never written by hand.
import type * as z from 'zod';
import type * as F from './figure-schemas.js';
import type * as S from './schemas.js';

export type Mode = z.infer<typeof S.ModeSchema>;
export type Effort = z.infer<typeof S.EffortSchema>;
export type EvidenceFormat = z.infer<typeof S.EvidenceFormatSchema>;
export type IncludeOptions = z.infer<typeof S.IncludeOptionsSchema>;
export type RetrievalControls = z.infer<typeof S.RetrievalControlsSchema>;
export type ResearchRequest = z.infer<typeof S.ResearchRequestSchema>;
export type NoticePayload = z.infer<typeof S.NoticePayloadSchema>;
export type AgentContextPayload = z.infer<typeof S.AgentContextPayloadSchema>;
export type CanonicalFilters = z.infer<typeof S.CanonicalFiltersSchema>;
export type ResponseSummary = z.infer<typeof S.ResponseSummarySchema>;
export type RetrievalPlanPayload = z.infer<typeof S.RetrievalPlanPayloadSchema>;
export type MetadataDistribution = z.infer<typeof S.MetadataDistributionSchema>;
export type AnswerPayload = z.infer<typeof S.AnswerPayloadSchema>;
export type AnalysisPayload = z.infer<typeof S.AnalysisPayloadSchema>;
export type ResearchResponse = z.infer<typeof S.ResearchResponseSchema>;
export type FilterFieldInfo = z.infer<typeof S.FilterFieldInfoSchema>;
export type MetadataFiltersResponse = z.infer<typeof S.MetadataFiltersResponseSchema>;
export type FigureRecord = z.infer<typeof F.FigureRecordSchema>;
export type FigureSource = z.infer<typeof F.FigureSourceSchema>;
export type FigureGrid = z.infer<typeof F.GridPayloadSchema>;
export type FigureSpec = z.infer<typeof F.FigureSpecSchema>;
export type FigureGap = z.infer<typeof F.FigureGapSchema>;
export type FigureCandidate = z.infer<typeof F.FigureCandidateSchema>;
export type GapReason = (typeof F.GAP_REASONS)[number];
export type CellStatus = (typeof F.CELL_STATUSES)[number];
export type FigureUnit = (typeof F.FIGURE_UNITS)[number];
export type FiscalPeriod = (typeof F.FISCAL_PERIODS)[number];
export type EventType = (typeof S.EVENT_TYPES)[number];

export type BackendEvent =
  | { event: 'retrieval.started'; data: z.infer<typeof S.RetrievalStartedSchema> }
  | { event: 'retrieval.completed'; data: z.infer<typeof S.RetrievalCompletedSchema> }
  | { event: 'answer.delta'; data: z.infer<typeof S.DeltaSchema> }
  | { event: 'analysis.delta'; data: z.infer<typeof S.DeltaSchema> }
  | { event: 'final'; data: ResearchResponse }
  | { event: 'error'; data: import('./errors.js').ErrorResponse };
