// One line of stdin, judged as JSON-RPC 2.0 before the SDK sees it. The SDK's stdio transport throws
// on a line it cannot parse (not JSON, a batch, `params` that is no object, an id of another type)
// and sends nothing, so the client waits forever; and a request whose params its method's schema
// refuses (tools/call without a name) comes back as -32603, an internal error. Here each such line
// gets the answer JSON-RPC 2.0 gives it: -32700 (not JSON) and -32600 (not a request) with id null
// when no id can be read, else with the request's id; -32602 for params its method refuses.
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

type Id = string | number | null;

export interface ErrorReply {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

/** A line is a message for the SDK, or an answer (none for a notification or a response) and a note
 * for the log. */
export type Judged = { message: JSONRPCMessage } | { reply?: ErrorReply | ErrorReply[]; note: string };

/** The requests this server answers, with the schema of each: a request that fails its method's
 * schema is refused here with -32602 (the SDK would say -32603). Other methods go on to the SDK,
 * which answers -32601 for the ones it does not know. */
const REQUEST_SCHEMAS: Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: Issue[] } } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
};

interface Issue {
  path: PropertyKey[];
  message: string;
}

const error = (id: Id, code: number, message: string): ErrorReply => ({ jsonrpc: '2.0', id, error: { code, message } });

const refusal = (id: Id, code: number, message: string): Judged => ({ reply: error(id, code, message), note: message });
const invalid = (id: Id, why: string): Judged => refusal(id, ErrorCode.InvalidRequest, `Invalid Request: ${why}`);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where the first problem is and what it is, on one line: "params.name: expected string". */
function describe(issues: Issue[]): string {
  const i = issues[0];
  if (!i) return 'does not match the method';
  const where = i.path.map(String).join('.');
  return `${where ? `${where}: ` : ''}${i.message.split('\n')[0]}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
}

/** One parsed value that is not a batch. */
function judgeOne(v: unknown): Judged {
  if (!isObject(v)) return invalid(null, 'a message is a JSON object');
  // A response of the client's (to a ping of ours) is never answered, whatever is wrong with it.
  if (!('method' in v) && ('result' in v || 'error' in v)) {
    const parsed = JSONRPCMessageSchema.safeParse(v);
    return parsed.success ? { message: parsed.data } : { note: `a response that is not JSON-RPC: ${describe(parsed.error.issues)}` };
  }
  const hasId = 'id' in v;
  // An id of another type cannot be echoed: the answer's id is null, as when there is none.
  const id = hasId && (typeof v.id === 'string' || Number.isSafeInteger(v.id)) ? (v.id as string | number) : null;
  if (v.jsonrpc !== '2.0') return invalid(id, '"jsonrpc" must be "2.0"');
  if (hasId && id === null) return invalid(null, '"id" must be a string or an integer');
  if (!('method' in v)) return invalid(id, 'no "method"');
  if (typeof v.method !== 'string') return invalid(id, '"method" must be a string');
  if ('params' in v && !isObject(v.params)) {
    return hasId
      ? refusal(id, ErrorCode.InvalidParams, `Invalid params: the params of ${v.method} must be an object`)
      : invalid(null, '"params" must be an object');
  }
  if (hasId) {
    const checked = REQUEST_SCHEMAS[v.method]?.safeParse(v);
    if (checked && !checked.success) {
      const issues = (checked.error?.issues ?? []).map((i) => ({ ...i, path: i.path[0] === 'params' ? i.path.slice(1) : i.path }));
      return refusal(id, ErrorCode.InvalidParams, `Invalid params of ${v.method}: ${describe(issues)}`);
    }
  }
  const parsed = JSONRPCMessageSchema.safeParse(v);
  return parsed.success ? { message: parsed.data } : invalid(id, describe(parsed.error.issues));
}

/** Judges one line of input (without its newline). */
export function judgeLine(line: string): Judged | undefined {
  if (line.trim() === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { reply: error(null, ErrorCode.ParseError, `Parse error: ${why}`), note: `not JSON: ${why}` };
  }
  if (!Array.isArray(v)) return judgeOne(v);
  // MCP has no batches (since protocol 2025-06-18): each request of one gets its own refusal, in one
  // array as JSON-RPC answers a batch; an empty batch is one error.
  if (v.length === 0) return { reply: error(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch'), note: 'empty batch' };
  const replies = v.flatMap((m): ErrorReply[] => {
    const one = judgeOne(m);
    if (!('message' in one)) return one.reply && !Array.isArray(one.reply) ? [one.reply] : [];
    const msg = one.message;
    return 'method' in msg && 'id' in msg
      ? [error(msg.id, ErrorCode.InvalidRequest, 'Invalid Request: batches are not supported (MCP); send one message a line')]
      : [];
  });
  return { reply: replies.length > 0 ? replies : undefined, note: `a batch of ${v.length}` };
}
