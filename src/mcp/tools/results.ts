// What the tools return: text for a model to read by default, or the contract's JSON on request
// (also as structuredContent, with the same JSON as text for clients that read only text).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

export const RESPONSE_FORMATS = ['text', 'json'] as const;
export const ResponseFormatSchema = z.enum(RESPONSE_FORMATS).optional();

export function jsonResult(value: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}
