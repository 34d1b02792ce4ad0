// A tool's input schema as JSON Schema, generated from its zod schema (built from the contract's):
// the same generator and the same registry-generated metadata_filters schema as the OpenAPI document,
// with every $ref inlined, since not every MCP client resolves references.
import * as z from 'zod';
import { metadataFiltersJsonSchema } from '../contract/openapi.js';
import { MetadataFiltersSchema } from '../contract/schemas.js';

export interface ObjectJsonSchema {
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

/** Replaces each {"$ref": "#/$defs/X"} by X itself (our schemas hold no cycles). */
function inline(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, defs));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const { $ref: _, ...rest } = node as Record<string, unknown>;
    return { ...(inline(defs[ref.slice('#/$defs/'.length)], defs) as object), ...rest };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, defs)]));
}

export function toInputSchema(schema: z.ZodObject): ObjectJsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    override: (ctx) => {
      if (ctx.zodSchema !== MetadataFiltersSchema) return;
      for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[k];
      Object.assign(ctx.jsonSchema, metadataFiltersJsonSchema());
    },
  }) as Record<string, unknown>;
  const { $defs, $schema: _, ...rest } = json;
  return inline(rest, ($defs ?? {}) as Record<string, unknown>) as ObjectJsonSchema;
}
