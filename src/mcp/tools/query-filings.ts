// query_filings: one ResearchRequest against the backend. The arguments are the contract's request
// fields (max_evidence lifted out of `retrieval`), checked by the contract's own validation; the
// result is agent_context.text by default (evidence made for a model to read), the JSON response on
// request.
import type { ValidationIssue } from '../../contract/errors.js';
import { withRequestDefaults } from '../../contract/request-defaults.js';
import { ResearchRequestSchema, RetrievalControlsSchema } from '../../contract/schemas.js';
import { validateRequest } from '../../contract/validate.js';
import type { McpContext } from '../context.js';
import { jsonResult, ResponseFormatSchema } from './results.js';
import { researchText } from './research-text.js';
import { defineTool } from './tool.js';

const DESCRIPTION = [
  'Search the SEC filings (10-K, 10-Q, 8-K) of S&P 500 companies for evidence that answers a ' +
    'natural-language question, and return that evidence with instructions for using it.',
  'Use it for any question about what a company reported: figures from the financial statements (revenue, ' +
    'capital expenditure, margins, debt), risk factors, MD&A, segments, guidance, legal matters, changes ' +
    'between years. Ask one focused question per call and name the company and the fiscal year in it ("What ' +
    `was 3M's capital expenditure in FY2018?"); for comparisons across companies or years, or broad ` +
    'questions, use mode agentic_research (a plan of sub-queries).',
  'Citing: answer only from the returned evidence and cite its source ids exactly as they appear, in square ' +
    'brackets: [A], or [B, C] for several. Each id is a filing section listed in <source_registry> (company, ' +
    'form, fiscal year, item, EDGAR address). If the evidence does not support an answer, say so rather than ' +
    'guess.',
  'Filters: metadata_filters need mode research or agentic_research (basic rejects them with ' +
    'FILTER_MODE_UNSUPPORTED). research already infers the company, year, form and section from the question, ' +
    'so give filters only to pin something down (sec_ticker "KO", sec_fiscal_year "FY-2022", sec_item_tag ' +
    '"10K-Item-1A"); list_metadata_filters shows the fields and the values the index holds. Bad arguments ' +
    'come back as an error naming each problem, its place and its code.',
].join('\n\n');

/** The ResearchRequest a call asks for: the contract's fields as given, max_evidence in `retrieval`,
 * the configuration's defaults (mode research, as on the command line). */
export function researchRequest(raw: Record<string, unknown>, ctx: McpContext): Record<string, unknown> {
  const { response_format: _, max_evidence, ...body } = raw;
  if (max_evidence !== undefined) body.retrieval = { max_evidence };
  return withRequestDefaults(body, ctx.defaults);
}

/** A problem of the request body, placed among the tool's arguments. */
export function argumentLoc(loc: ValidationIssue['loc']): ValidationIssue['loc'] {
  if (loc[0] !== 'body') return loc;
  if (loc[1] === 'retrieval') return ['arguments', 'max_evidence', ...loc.slice(3)];
  return ['arguments', ...loc.slice(1)];
}

export const queryFilings = defineTool({
  name: 'query_filings',
  title: 'Query SEC filings for evidence',
  description: DESCRIPTION,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  schema: (ctx) =>
    ResearchRequestSchema.pick({ query: true, mode: true, effort: true, metadata_filters: true, include: true }).extend({
      mode: ResearchRequestSchema.shape.mode.unwrap().default(ctx.defaults.mode),
      max_evidence: RetrievalControlsSchema.shape.max_evidence.meta({
        description: 'At most this many evidence chains (retrieval.max_evidence); the default depends on effort (6, 10 or 16).',
      }),
      response_format: ResponseFormatSchema.meta({
        description:
          'text (default): agent_context.text, the evidence instructions, notices, coverage and evidence as markdown, ' +
          'preceded by the answer and analysis when included. json: the whole ResearchResponse.',
      }),
    }),
  check: (raw, ctx) => {
    const checked = validateRequest(researchRequest(raw, ctx));
    return checked.ok ? [] : checked.issues.map((i) => ({ ...i, loc: argumentLoc(i.loc) }));
  },
  argumentLoc,
  async run(args, { ctx, signal, progress }) {
    const { response_format: format = 'text', include = {}, ...rest } = args;
    // Retrieval, then the answer and the analysis when asked for (basic mode writes no analysis).
    const steps = 2 + (include.answer ? 1 : 0) + (include.analysis && rest.mode !== 'basic' ? 1 : 0);
    // An answer's figures come as records (in the analysis, which basic mode does not write).
    const records = include.answer && rest.mode !== 'basic' && !include.analysis;
    const request = researchRequest({ ...rest, include }, ctx);
    const body = {
      ...request,
      include: {
        ...(request.include as object),
        ...(records && { analysis: true }),
        ...(format === 'text' && { agent_context: true }),
      },
      // A service reports progress only over Server-Sent Events; the engine reports it either way.
      ...(progress && { stream: true }),
    };
    const response = await (await ctx.backend()).query(body, { signal, onEvent: progress?.(steps) });
    if (format === 'json') return jsonResult(response);
    // The figures the answer states, as records, for a client that reads structured content.
    const figures = response.analysis?.figures;
    return {
      content: [{ type: 'text', text: researchText(response, !records) }],
      ...(figures?.length ? { structuredContent: { figures, ...(response.analysis?.grid ? { grid: response.analysis.grid } : {}) } } : {}),
    };
  },
});
