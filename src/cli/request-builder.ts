// Arguments in, request out: the ResearchRequest body `filings query` sends, from its options. Pure
// except for the injected reader of @files and standard input.
import { isPlainObject } from '../contract/filters.js';
import { type RequestDefaults, withRequestDefaults } from '../contract/request-defaults.js';
import { UsageError } from './errors.js';
import { parseFilterArgs } from './filter-args.js';

export interface QueryFlags {
  mode?: string;
  effort?: string;
  filter?: string[];
  filtersJson?: string;
  maxEvidence?: string;
  evidenceFormat?: string;
  request?: string;
  answer?: boolean;
  analysis?: boolean;
  agentContext?: boolean;
  distribution?: boolean;
  dashboard?: boolean;
  /** false only when --no-evidence was given; 'brief' or 'full' is how --evidence shows it */
  evidence?: boolean | string;
  instructions?: boolean;
  summary?: boolean;
  stream?: boolean;
  /** Ask for the analysis for the answer's figure records (not in basic mode, which gives none). */
  records?: boolean;
}

export interface BuildInput {
  /** The question, already read from arguments or standard input; undefined to keep --request's. */
  question?: string;
  flags: QueryFlags;
  /** The settings' request defaults (Settings.request, which `filings mcp` applies too). */
  defaults: RequestDefaults;
  /** Whether to ask for a stream when the flags do not say (stdout is a TTY). */
  streamByDefault: boolean;
  /** Reads `@file` or `-` (standard input). */
  readSource: (spec: string) => string;
}

/** JSON given inline, as `@file`, or `-` for standard input. */
export function readJsonArg(spec: string, what: string, readSource: (spec: string) => string): unknown {
  const text = spec === '-' || spec.startsWith('@') ? readSource(spec) : spec;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON: ${(e as Error).message}`);
  }
}

/** A number when the text is an integer, else the text itself, so validation reports int_type. */
function intOrText(text: string): number | string {
  return /^[+-]?\d+$/.test(text.trim()) ? Number(text) : text;
}

export function buildRequest(input: BuildInput): Record<string, unknown> {
  const { flags, defaults } = input;
  let body: Record<string, unknown> = {};
  if (flags.request !== undefined) {
    const base = readJsonArg(flags.request, '--request', input.readSource);
    if (!isPlainObject(base)) throw new UsageError('--request must be a JSON object (a ResearchRequest body)');
    body = { ...base };
  }
  if (input.question !== undefined) body.query = input.question;
  if (body.query === undefined) throw new UsageError('no question given: pass it as arguments, on standard input, or in --request');

  if (flags.mode !== undefined) body.mode = flags.mode;
  if (flags.effort !== undefined) body.effort = flags.effort;
  // What neither the flags above nor --request set, the settings give; the flags below override them.
  body = withRequestDefaults(body, defaults);

  if (flags.filtersJson !== undefined || (flags.filter?.length ?? 0) > 0) {
    let filters: Record<string, unknown> = isPlainObject(body.metadata_filters) ? { ...body.metadata_filters } : {};
    if (flags.filtersJson !== undefined) {
      const j = readJsonArg(flags.filtersJson, '--filters-json', input.readSource);
      if (!isPlainObject(j)) throw new UsageError('--filters-json must be a JSON object mapping field names to filters');
      filters = { ...filters, ...j };
    }
    filters = { ...filters, ...parseFilterArgs(flags.filter ?? []) };
    body.metadata_filters = filters;
  }

  const include: Record<string, unknown> = isPlainObject(body.include) ? { ...body.include } : {};
  if (flags.evidenceFormat !== undefined) include.evidence_format = flags.evidenceFormat;
  if (flags.answer) include.answer = true;
  if (flags.analysis) include.analysis = true;
  // The answer's figures as records (in the analysis, which basic mode does not give).
  if (flags.records && body.mode !== 'basic') include.analysis = true;
  if (flags.agentContext) include.agent_context = true;
  if (flags.distribution) include.metadata_distribution = true;
  if (flags.dashboard) include.metadata_dashboard = true;
  if (flags.evidence === false) include.evidence = false;
  if (flags.instructions === false) include.evidence_instructions = false;
  if (flags.summary === false) include.summary = false;
  if (Object.keys(include).length > 0) body.include = include;

  if (flags.maxEvidence !== undefined) {
    const retrieval = isPlainObject(body.retrieval) ? { ...body.retrieval } : {};
    retrieval.max_evidence = intOrText(flags.maxEvidence);
    body.retrieval = retrieval;
  }

  const stream = flags.stream ?? (body.stream === undefined && input.streamByDefault ? true : undefined);
  if (stream !== undefined) body.stream = stream;
  return body;
}
