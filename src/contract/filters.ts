// Validation and canonicalization of `metadata_filters`, driven by the field registry (fields.ts).
// Every violation is collected; nothing stops at the first.
import type { ValidationIssue } from './errors.js';
import { EXPRESSION_ROOTS, filterField, filterFieldByAlias, FIELD_NAMES, OPERATORS, type FilterField, type Operator } from './fields.js';
import { LIMITS } from './limits.js';
import type { CanonicalFilters } from './types.js';
import { shown } from './shown.js';

type Loc = (string | number)[];
const BASE: Loc = ['body', 'metadata_filters'];

/** A JSON object (not null, not an array). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of a canonical filter in its scalar or array form; [] for an operator object. */
export const filterValues = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []);

export interface FilterCheck {
  /** The filters with canonical values, in the request's forms (scalar, array, operator object). */
  filters: CanonicalFilters;
  issues: ValidationIssue[];
  conditions: number;
  values: number;
}

/** Checks a `metadata_filters` object (already known to be a plain object). */
export function checkFilters(input: Record<string, unknown>): FilterCheck {
  const issues: ValidationIssue[] = [];
  const filters: CanonicalFilters = {};
  let conditions = 0;
  let values = 0;

  for (const [key, raw] of Object.entries(input)) {
    const loc = [...BASE, key];
    if ((EXPRESSION_ROOTS as readonly string[]).includes(key)) {
      issues.push({
        code: 'FILTER_EXPRESSION_UNSUPPORTED',
        loc,
        message: `boolean expression root "${key}" is not supported; give each field its own condition (scalar = eq, array = in, or an operator object)`,
      });
      conditions++;
      continue;
    }
    const field = filterField(key);
    if (!field) {
      const alias = filterFieldByAlias(key);
      issues.push({
        code: 'FILTER_FIELD_UNKNOWN',
        loc,
        message: `unknown filter field "${key}"${alias ? `; did you mean "${alias.name}"?` : ''} (fields: ${FIELD_NAMES.join(', ')})`,
      });
      conditions++;
      continue;
    }
    const r = checkField(field, raw, loc, issues);
    conditions += r.conditions;
    values += r.values;
    if (r.value !== undefined) filters[key] = r.value;
  }

  if (conditions > LIMITS.max_filter_conditions) {
    issues.push({
      code: 'FILTER_TOO_MANY_CONDITIONS',
      loc: BASE,
      message: `${conditions} filter conditions; at most ${LIMITS.max_filter_conditions} are allowed`,
    });
  }
  if (values > LIMITS.max_filter_values_total) {
    issues.push({
      code: 'FILTER_TOO_MANY_VALUES_TOTAL',
      loc: BASE,
      message: `${values} filter values in all; at most ${LIMITS.max_filter_values_total} are allowed`,
    });
  }
  return { filters, issues, conditions, values };
}

type Value = CanonicalFilters[string];

function checkField(
  field: FilterField,
  raw: unknown,
  loc: Loc,
  issues: ValidationIssue[],
): { value?: Value; conditions: number; values: number } {
  if (typeof raw === 'string') {
    const v = checkString(field, raw, loc, issues);
    return { value: v, conditions: 1, values: 1 };
  }
  if (Array.isArray(raw)) {
    const list = checkList(field, 'in', raw, loc, issues);
    return { value: list, conditions: 1, values: raw.length };
  }
  if (isPlainObject(raw)) return checkOperators(field, raw, loc, issues);
  issues.push({
    code: 'FILTER_VALUE_TYPE_INVALID',
    loc,
    message: `${field.name} takes a string, an array of strings, or an operator object (${field.operators.join(', ')}); got ${describe(raw)}`,
  });
  return { conditions: 1, values: 1 };
}

function checkOperators(
  field: FilterField,
  raw: Record<string, unknown>,
  loc: Loc,
  issues: ValidationIssue[],
): { value?: Value; conditions: number; values: number } {
  const ops = Object.keys(raw);
  if (ops.length === 0) {
    issues.push({ code: 'FILTER_VALUE_TYPE_INVALID', loc, message: `the operator object of ${field.name} is empty` });
    return { conditions: 1, values: 0 };
  }
  const out: Partial<Record<Operator, string | string[]>> = {};
  let values = 0;
  let bad = false;
  for (const op of ops) {
    const opLoc = [...loc, op];
    const v = raw[op];
    if ((EXPRESSION_ROOTS as readonly string[]).includes(op)) {
      issues.push({
        code: 'FILTER_EXPRESSION_UNSUPPORTED',
        loc: opLoc,
        message: `boolean expression "${op}" is not supported inside a filter`,
      });
      bad = true;
      continue;
    }
    if (!(OPERATORS as readonly string[]).includes(op) || !field.operators.includes(op as Operator)) {
      issues.push({
        code: 'FILTER_OPERATOR_UNSUPPORTED',
        loc: opLoc,
        message: `operator "${op}" is not supported for ${field.name} (supported: ${field.operators.join(', ')})`,
      });
      bad = true;
      continue;
    }
    if (op === 'in') {
      if (!Array.isArray(v)) {
        issues.push({ code: 'FILTER_VALUE_TYPE_INVALID', loc: opLoc, message: `"in" takes an array of strings; got ${describe(v)}` });
        bad = true;
        continue;
      }
      values += v.length;
      const list = checkList(field, 'in', v, opLoc, issues);
      if (list) out.in = list;
      else bad = true;
      continue;
    }
    values += 1;
    if (typeof v !== 'string') {
      issues.push({ code: 'FILTER_VALUE_TYPE_INVALID', loc: opLoc, message: `"${op}" takes a string; got ${describe(v)}` });
      bad = true;
      continue;
    }
    const s = checkString(field, v, opLoc, issues);
    if (s === undefined) bad = true;
    else out[op as Operator] = s;
  }
  if (typeof out.gte === 'string' && typeof out.lte === 'string' && out.gte > out.lte) {
    issues.push({ code: 'FILTER_RANGE_INVALID', loc, message: `${field.name}: gte ${out.gte} is after lte ${out.lte}` });
    bad = true;
  }
  // gte and lte together are one condition: a range.
  const conditions = ops.length - (ops.includes('gte') && ops.includes('lte') ? 1 : 0);
  if (bad) return { conditions, values };
  const keys = Object.keys(out);
  // A lone eq or in is written in its short form, as a scalar or an array.
  if (keys.length === 1 && keys[0] === 'eq') return { value: out.eq as string, conditions, values };
  if (keys.length === 1 && keys[0] === 'in') return { value: out.in as string[], conditions, values };
  return { value: out, conditions, values };
}

function checkList(field: FilterField, op: 'in', raw: unknown[], loc: Loc, issues: ValidationIssue[]): string[] | undefined {
  if (!field.operators.includes(op)) {
    issues.push({
      code: 'FILTER_OPERATOR_UNSUPPORTED',
      loc,
      message: `an array means "in", which ${field.name} does not support (supported: ${field.operators.join(', ')})`,
    });
    return undefined;
  }
  if (raw.length === 0) {
    issues.push({ code: 'FILTER_VALUE_TYPE_INVALID', loc, message: `${field.name}: "in" needs at least one value` });
    return undefined;
  }
  if (raw.length > LIMITS.max_values_per_condition) {
    issues.push({
      code: 'FILTER_TOO_MANY_VALUES',
      loc,
      message: `${raw.length} values for ${field.name}; at most ${LIMITS.max_values_per_condition} per condition`,
    });
    return undefined;
  }
  const out: string[] = [];
  let bad = false;
  raw.forEach((item, i) => {
    if (typeof item !== 'string') {
      issues.push({
        code: 'FILTER_VALUE_TYPE_INVALID',
        loc: [...loc, i],
        message: `${field.name} values are strings; got ${describe(item)}`,
      });
      bad = true;
      return;
    }
    const v = checkString(field, item, [...loc, i], issues);
    if (v === undefined) bad = true;
    else if (!out.includes(v)) out.push(v);
  });
  return bad ? undefined : out;
}

function checkString(field: FilterField, raw: string, loc: Loc, issues: ValidationIssue[]): string | undefined {
  if ([...raw].length > LIMITS.max_filter_string_chars) {
    issues.push({
      code: 'FILTER_VALUE_TOO_LONG',
      loc,
      message: `a ${field.name} value is ${[...raw].length} characters; at most ${LIMITS.max_filter_string_chars}`,
    });
    return undefined;
  }
  const c = field.canonicalize(raw);
  if (!c.ok) {
    issues.push({ code: 'FILTER_VALUE_UNKNOWN', loc, message: `${field.name}: ${c.reason}` });
    return undefined;
  }
  return c.value;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number' && !Number.isFinite(v)) return shown(v);
  return typeof v === 'object' ? 'an object' : `${typeof v} ${shown(v)}`;
}

// ---- reading canonical filters back, for the engine ------------------------------------------

/** One field's condition in a form a query planner can use. */
export interface FieldCondition {
  in?: string[];
  notIn?: string[];
  gte?: string;
  lte?: string;
}

/** Canonical filters (as validated) to per-field conditions. */
export function conditionsOf(filters: CanonicalFilters | undefined): Map<string, FieldCondition> {
  const out = new Map<string, FieldCondition>();
  for (const [name, v] of Object.entries(filters ?? {})) {
    const c: FieldCondition = {};
    if (typeof v === 'string') c.in = [v];
    else if (Array.isArray(v)) c.in = [...v];
    else {
      if (typeof v.eq === 'string') c.in = [v.eq];
      if (Array.isArray(v.in)) c.in = c.in ? c.in.filter((x) => (v.in as string[]).includes(x)) : [...v.in];
      if (typeof v.neq === 'string') c.notIn = [v.neq];
      if (typeof v.gte === 'string') c.gte = v.gte;
      if (typeof v.lte === 'string') c.lte = v.lte;
    }
    out.set(name, c);
  }
  return out;
}

/** True when the filter holds any condition at all. */
export function hasFilters(filters: unknown): boolean {
  return isPlainObject(filters) && Object.keys(filters).length > 0;
}
