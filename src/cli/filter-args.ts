// `--filter FIELD=VALUE` arguments to a metadata_filters object. Field names may be aliases (ticker,
// year, fye, form, sector, sub-industry, item, filed); values keep their commas ("Technology Hardware,
// Storage & Peripherals"). The values are left as typed: validation canonicalizes them, so the CLI
// and the server report the same codes.
import { filterFieldByAlias } from '../contract/fields.js';
import { UsageError } from './errors.js';

type Op = 'eq' | 'neq' | 'gte' | 'lte';
const OPS: Record<string, Op> = { '=': 'eq', '!=': 'neq', '>=': 'gte', '<=': 'lte' };

interface Collected {
  eq: string[];
  neq: string[];
  gte?: string;
  lte?: string;
}

export function parseFilterArgs(args: readonly string[]): Record<string, unknown> {
  const byField = new Map<string, Collected>();
  for (const arg of args) {
    const m = /^\s*([A-Za-z_][\w-]*)\s*(!=|>=|<=|=)(.*)$/s.exec(arg);
    if (!m) {
      throw new UsageError(`--filter "${arg}" is not FIELD=VALUE (also FIELD!=VALUE, FIELD>=VALUE, FIELD<=VALUE)`);
    }
    const [, name, opText, rawValue] = m;
    const field = filterFieldByAlias(name!)?.name ?? name!;
    const value = rawValue!.trim();
    const op = OPS[opText!]!;
    const c = byField.get(field) ?? { eq: [], neq: [] };
    if (op === 'eq') c.eq.push(value);
    else if (op === 'neq') c.neq.push(value);
    else {
      if (c[op] !== undefined) throw new UsageError(`--filter gives ${field} ${opText} twice`);
      c[op] = value;
    }
    byField.set(field, c);
  }
  const out: Record<string, unknown> = {};
  for (const [field, c] of byField) {
    if (c.neq.length > 1) throw new UsageError(`--filter gives ${field} != more than once; the contract allows one neq value per field`);
    const onlyEq = c.neq.length === 0 && c.gte === undefined && c.lte === undefined;
    if (onlyEq) {
      out[field] = c.eq.length === 1 ? c.eq[0] : c.eq;
      continue;
    }
    const ops: Record<string, unknown> = {};
    if (c.eq.length === 1) ops.eq = c.eq[0];
    if (c.eq.length > 1) ops.in = c.eq;
    if (c.neq.length === 1) ops.neq = c.neq[0];
    if (c.gte !== undefined) ops.gte = c.gte;
    if (c.lte !== undefined) ops.lte = c.lte;
    out[field] = ops;
  }
  return out;
}
