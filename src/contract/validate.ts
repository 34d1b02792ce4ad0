// Validation of a ResearchRequest: every rule of the contract, every violation reported at once, the
// same codes and messages in the CLI (before sending), the engine and the server.
import type * as z from 'zod';
import { validationError, type ServiceError, type ValidationIssue, type ErrorCode } from './errors.js';
import { checkFilters, hasFilters, isPlainObject } from './filters.js';
import { LIMITS } from './limits.js';
import { normalizeQuery } from './normalize.js';
import { ResearchRequestSchema } from './request-schemas.js';
import { shown } from './shown.js';
import type { CanonicalFilters, Effort, EvidenceFormat, Mode, ResearchRequest } from './types.js';

/** A request that passed validation, with every default resolved. */
export interface ValidRequest {
  /** The body as sent (filters as sent). */
  request: ResearchRequest;
  /** The normalized query. */
  query: string;
  mode: Mode;
  effort: Effort;
  /** Canonical caller filters, or undefined when none were given (omitted, null or {}). */
  filters?: CanonicalFilters;
  include: {
    evidence: boolean;
    evidence_instructions: boolean;
    agent_context: boolean;
    evidence_format: EvidenceFormat;
    metadata_distribution: boolean;
    metadata_dashboard: boolean;
    summary: boolean;
    answer: boolean;
    analysis: boolean;
  };
  maxEvidence: number | null;
  stream: boolean;
}

export type Validation = { ok: true; value: ValidRequest } | { ok: false; error: ServiceError; issues: ValidationIssue[] };

/** Validates raw bytes as the server receives them: size, JSON, then the body. */
export function validateRawBody(raw: string | Uint8Array): Validation {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw, 'utf8') : raw.byteLength;
  if (bytes > LIMITS.max_body_bytes) return tooLarge(bytes);
  let body: unknown;
  try {
    body = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
  } catch (e) {
    return fail([{ code: 'json_invalid', loc: ['body'], message: `the body is not valid JSON: ${(e as Error).message}` }]);
  }
  return validateRequest(body);
}

export function tooLarge(bytes: number): Validation {
  return fail([
    {
      code: 'REQUEST_TOO_LARGE',
      loc: ['body'],
      message: `the body is ${bytes} bytes; at most ${LIMITS.max_body_bytes} are allowed`,
    },
  ]);
}

/** Nesting depth of a parsed JSON value, without recursion; stops counting past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/** Validates a parsed body. Its serialized size is checked too, so the CLI rejects what the server would. */
export function validateRequest(body: unknown): Validation {
  if (jsonDepth(body, LIMITS.max_json_depth) > LIMITS.max_json_depth) {
    return fail([{ code: 'json_invalid', loc: ['body'], message: `the body is nested more than ${LIMITS.max_json_depth} levels deep` }]);
  }
  if (!isPlainObject(body)) {
    return fail([
      {
        code: 'model_type',
        loc: ['body'],
        message: `the body must be a JSON object; got ${Array.isArray(body) ? 'an array' : typeof body}`,
      },
    ]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(body), 'utf8');
  if (bytes > LIMITS.max_body_bytes) return tooLarge(bytes);

  const issues: ValidationIssue[] = [];
  const parsed = ResearchRequestSchema.safeParse(body);
  if (!parsed.success) issues.push(...issuesFromZod(parsed.error.issues, body));

  let query = '';
  if (typeof body.query === 'string') {
    query = normalizeQuery(body.query);
    const length = [...query].length;
    if (length === 0) {
      issues.push({
        code: 'QUERY_EMPTY',
        loc: ['body', 'query'],
        message: 'query is empty after normalization (whitespace and control characters do not count)',
      });
    } else if (length > LIMITS.max_query_chars) {
      issues.push({
        code: 'QUERY_TOO_LONG',
        loc: ['body', 'query'],
        message: `query is ${length} normalized characters; at most ${LIMITS.max_query_chars}`,
      });
    }
  }

  let filters: CanonicalFilters | undefined;
  if (isPlainObject(body.metadata_filters)) {
    const check = checkFilters(body.metadata_filters);
    issues.push(...check.issues);
    if (Object.keys(body.metadata_filters).length > 0) filters = check.filters;
    const mode = body.mode ?? 'basic';
    if (mode === 'basic' && hasFilters(body.metadata_filters)) {
      issues.push({
        code: 'FILTER_MODE_UNSUPPORTED',
        loc: ['body', 'metadata_filters'],
        message: 'basic mode does not accept metadata_filters; set mode to "research" or "agentic_research"',
      });
    }
  }

  if (issues.length > 0 || !parsed.success) return fail(issues);
  const r = parsed.data;
  const inc = r.include ?? {};
  const evidence = inc.evidence ?? true;
  return {
    ok: true,
    value: {
      request: r,
      query,
      mode: r.mode ?? 'basic',
      effort: r.effort ?? 'medium',
      filters,
      include: {
        evidence,
        evidence_instructions: inc.evidence_instructions ?? evidence,
        agent_context: inc.agent_context ?? false,
        evidence_format: inc.evidence_format ?? 'rendered',
        metadata_distribution: inc.metadata_distribution ?? false,
        metadata_dashboard: inc.metadata_dashboard ?? false,
        summary: inc.summary ?? true,
        answer: inc.answer ?? false,
        analysis: inc.analysis ?? false,
      },
      maxEvidence: r.retrieval?.max_evidence ?? null,
      stream: r.stream ?? false,
    },
  };
}

function fail(issues: ValidationIssue[]): Validation {
  return { ok: false, error: validationError(issues), issues };
}

const TYPE_CODES: Record<string, ErrorCode> = {
  string: 'string_type',
  boolean: 'bool_type',
  int: 'int_type',
  number: 'int_type',
  record: 'dict_type',
  object: 'dict_type',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  boolean: 'a boolean (true or false)',
  int: 'an integer',
  number: 'an integer',
  record: 'an object',
  object: 'an object',
};

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let v: unknown = body;
  for (const k of path) v = isPlainObject(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** Zod issues to the contract's issues (pydantic-style codes), `loc` from `root`: 'body' for a request;
 * the MCP server checks its tools' arguments with schemas built from these and reports 'arguments'. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[], value: unknown, root = 'body'): ValidationIssue[] {
  return issues.flatMap((i) => fromZod(i, value, root));
}

function fromZod(issue: z.core.$ZodIssue, body: unknown, root: string): ValidationIssue[] {
  const path = issue.path as (string | number)[];
  const loc = [root, ...path];
  const name = path.join('.') || root;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        code: 'extra_forbidden' as const,
        loc: [...loc, key],
        message:
          key === 'filters' && path.length === 0
            ? 'the legacy key "filters" is not accepted; use "metadata_filters"'
            : `unknown property "${[...path, key].join('.')}"`,
      }));
    case 'invalid_type': {
      const actual = valueAt(body, path);
      if (actual === undefined) return [{ code: 'missing', loc, message: `${name} is required` }];
      const expected = String(issue.expected);
      return [
        {
          code: TYPE_CODES[expected] ?? 'model_type',
          loc,
          message: `${name} must be ${TYPE_WORDS[expected] ?? expected}; got ${shown(actual)}`,
        },
      ];
    }
    case 'invalid_value':
      return [
        {
          code: 'enum',
          loc,
          message: `${name} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}; got ${shown(valueAt(body, path))}`,
        },
      ];
    case 'too_small':
      return [
        { code: 'greater_than_equal', loc, message: `${name} must be >= ${String(issue.minimum)}; got ${shown(valueAt(body, path))}` },
      ];
    case 'too_big':
      return [{ code: 'int_type', loc, message: `${name} is out of range` }];
    default:
      return [{ code: 'model_type', loc, message: `${name}: ${issue.message}` }];
  }
}
