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

type Node = Record<string, unknown>;

/** `node` without `description` and `examples`, at every depth. */
function bare(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== 'description' && k !== 'examples')
      .map(([k, v]) => [k, bare(v)]),
  );
}

/** Each field's forms after the first (array: in; operator object) without the repeated format. */
function compactFilters(filters: Node): Node {
  for (const field of Object.values(filters.properties as Record<string, { oneOf: Node[] }>)) {
    for (const form of field.oneOf.slice(1)) {
      if (form.items) form.items = bare(form.items);
      if (form.properties) form.properties = bare(form.properties);
    }
  }
  return filters;
}

export function toInputSchema(schema: z.ZodObject): ObjectJsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    override: (ctx) => {
      if (ctx.zodSchema !== MetadataFiltersSchema) return;
      for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[k];
      Object.assign(ctx.jsonSchema, compactFilters(metadataFiltersJsonSchema()));
    },
  }) as Record<string, unknown>;
  const { $defs, $schema: _, ...rest } = json;
  return inline(rest, ($defs ?? {}) as Record<string, unknown>) as ObjectJsonSchema;
}
