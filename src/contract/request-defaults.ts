// The request defaults a configuration gives (the CLI's settings table: a row names the ResearchRequest
// field it defaults), applied alike by `filings query` and by `filings mcp`'s tools: a field the request
// sets is kept, one it lacks is the default's, inside `include` and `retrieval` too.
import type { Mode, ResearchRequest } from './types.js';

/** The mode always (the CLI's own default when nothing sets one), the rest when something sets it. */
export type RequestDefaults = { mode: Mode } & Omit<Partial<ResearchRequest>, 'mode'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `body` with each field of `defaults` it lacks, nested objects merged field by field. */
export function withRequestDefaults(body: Record<string, unknown>, defaults: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const [k, v] of Object.entries(defaults)) {
    if (v === undefined) continue;
    if (out[k] === undefined) out[k] = isObject(v) ? { ...v } : v;
    else if (isObject(v) && isObject(out[k])) out[k] = withRequestDefaults(out[k] as Record<string, unknown>, v);
  }
  return out;
}

/** Sets `path` of `target` to `value`, making the objects on the way. */
export function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const k of path.slice(0, -1)) {
    if (!isObject(at[k])) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
}
