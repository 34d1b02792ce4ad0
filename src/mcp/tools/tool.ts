// What a tool is: a name, a description for the model, an arguments schema built from the contract's
// schemas (it generates the advertised input schema and validates calls, so the two cannot drift),
// and a run function. Bad arguments are reported with the contract's codes, every problem at once.
import type { CallToolResult, Tool as ToolInfo, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { validationError, type ValidationIssue } from '../../contract/errors.js';
import { issuesFromZod } from '../../contract/validate.js';
import type { McpContext } from '../context.js';
import { errorResponse, toolError } from '../errors.js';
import { toInputSchema } from '../json-schema.js';
import type { ProgressFor, Report } from '../progress.js';

export interface ToolRun {
  ctx: McpContext;
  /** Aborted when the client cancels the call or the server shuts down. */
  signal: AbortSignal;
  /** Progress notifications from backend events, out of a number of steps; undefined when the client
   * asked for none. */
  progress?: ProgressFor;
  /** The same notifications, step by step, for tools whose work is not a query. */
  report?: Report;
}

export interface ToolDef<S extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  annotations?: ToolAnnotations;
  /** The arguments; may depend on the configuration (defaults). */
  schema(ctx: McpContext): S;
  /** Problems the schema cannot see (the contract's rules), from the raw arguments. */
  check?(raw: Record<string, unknown>, ctx: McpContext): ValidationIssue[];
  /** Offered only when this holds (list_filings needs the local index). */
  available?(ctx: McpContext): boolean;
  run(args: z.infer<S>, run: ToolRun): Promise<CallToolResult>;
  /** Where a problem the backend reports lies among the arguments (a request's body -> the tool's arguments). */
  argumentLoc?(loc: ValidationIssue['loc']): ValidationIssue['loc'];
}

/** A tool as the server serves it, its argument type erased behind validation. */
export interface Tool {
  name: string;
  available(ctx: McpContext): boolean;
  info(ctx: McpContext): ToolInfo;
  /** Validates `raw` and runs the tool; every failure comes back as a tool error (isError). */
  call(raw: Record<string, unknown>, run: ToolRun): Promise<CallToolResult>;
}

const key = (i: ValidationIssue) => `${i.code} ${i.loc.join('.')}`;

/** Built once per context (the first tools/list), reused by every call. */
function perContext<T>(make: (ctx: McpContext) => T): (ctx: McpContext) => T {
  const made = new WeakMap<McpContext, T>();
  return (ctx) => {
    if (!made.has(ctx)) made.set(ctx, make(ctx));
    return made.get(ctx)!;
  };
}

export function defineTool<S extends z.ZodObject>(def: ToolDef<S>): Tool {
  const schemaOf = perContext((ctx) => def.schema(ctx));
  const infoOf = perContext<ToolInfo>((ctx) => ({
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: toInputSchema(schemaOf(ctx)),
    ...(def.annotations && { annotations: def.annotations }),
  }));

  async function validated(raw: Record<string, unknown>, run: ToolRun): Promise<CallToolResult> {
    const parsed = schemaOf(run.ctx).safeParse(raw);
    const issues = parsed.success ? [] : issuesFromZod(parsed.error.issues, raw, 'arguments');
    // The schema's and the contract's checks overlap (a bad mode is both): each problem once.
    const seen = new Set(issues.map(key));
    for (const i of def.check?.(raw, run.ctx) ?? [])
      if (!seen.has(key(i))) {
        seen.add(key(i));
        issues.push(i);
      }
    if (!parsed.success || issues.length > 0) throw validationError(issues);
    return def.run(parsed.data, run);
  }

  return {
    name: def.name,
    available: (ctx) => def.available?.(ctx) ?? true,
    info: infoOf,
    async call(raw, run) {
      try {
        return await validated(raw, run);
      } catch (e) {
        const body = errorResponse(e, def.argumentLoc);
        // A bug, not a bad request: its stack goes to the log (stderr), not to the model.
        if (body.detail.code === 'INTERNAL_ERROR')
          run.ctx.log(`${def.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        return toolError(body);
      }
    },
  };
}
