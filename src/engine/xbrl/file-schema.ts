// The shape of EDGAR's company facts file as its API documents it, checked whole before anything of it
// is kept: {cik, entityName, facts: {<taxonomy>: {<concept>: {label, description, units: {<unit>:
// [{start?, end, val, accn, fy, fp, form, filed, frame?}]}}}}}. `fy`, `fp`, `label` and `description`
// may be null (EDGAR leaves them so for some filings and concepts); fields EDGAR may add are ignored.
// A value must be finite and within its unit's range (fact-ranges.ts), a period's start on or before
// its end. The first problem is the reason, with where it is: taxonomy, concept, unit, fact.
import * as z from 'zod';
import { factValueProblem } from './ranges.js';

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** A day of the calendar YYYY-MM-DD, checked without a Date (a file has 75,000 dates; raw.ts's
 * isCalendarDate makes one a date, twice the time of the whole check). */
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : MONTH_DAYS[month - 1]!);
}

// Each schema's error is what was expected: the message says it with what was found.
const date = z.string({ error: 'a date YYYY-MM-DD' }).refine(isDay, { error: 'a date YYYY-MM-DD', abort: true });

const PointSchema = z
  .object(
    {
      start: date.optional(),
      end: date,
      val: z.number({ error: 'a finite number' }),
      accn: z.string({ error: 'an accession number' }).regex(ACCESSION, { error: 'an accession number ##########-##-######' }),
      fy: z.int({ error: 'a year or null' }).nullable().optional(),
      fp: z.string({ error: 'a fiscal period or null' }).nullable().optional(),
      form: z.string({ error: 'a form type' }).min(1, { error: 'a form type' }),
      filed: date,
      frame: z.string({ error: 'a frame name' }).optional(),
    },
    { error: 'an object {start?, end, val, accn, fy, fp, form, filed, frame?}' },
  )
  .refine((p) => p.start === undefined || p.start <= p.end, { error: 'a start on or before the end', path: ['start'] });

const UnitsSchema = z
  .record(z.string().min(1), z.array(PointSchema, { error: 'a list of facts' }), { error: 'an object of units, each a list of facts' })
  .superRefine((units, ctx) => {
    for (const [unit, points] of Object.entries(units)) {
      points.forEach((p, i) => {
        const problem = factValueProblem(p.val, unit);
        if (problem) ctx.addIssue({ code: 'custom', path: [unit, i, 'val'], message: `value ${problem}`, params: { whole: true } });
      });
    }
  });

const ConceptSchema = z.object(
  {
    label: z.string({ error: 'a label or null' }).nullable().optional(),
    description: z.string({ error: 'a description or null' }).nullable().optional(),
    units: UnitsSchema,
  },
  { error: 'an object {label, description, units}' },
);

const FactsSchema = z.record(
  z.string().min(1, { error: 'a taxonomy name' }),
  z.record(z.string().min(1, { error: 'a concept name' }), ConceptSchema, { error: 'an object of concepts' }),
  { error: 'an object of taxonomies' },
);

export type FactsTree = z.infer<typeof FactsSchema>;
export type FactPoint = z.infer<typeof PointSchema>;

/** How a JSON value reads in a message: "an array", "null", "the string "x"", "the number 5". */
function described(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const text = JSON.stringify(v) ?? String(v);
  return `the ${typeof v} ${text.length > 40 ? `${text.slice(0, 40)}...` : text}`;
}

/** Where a path into `facts` is: 'taxonomy "us-gaap"', 'us-gaap:Revenues in USD, fact 12, "val"'. */
function placeOf(path: PropertyKey[]): string {
  const [taxonomy, concept, units, unit, index, field] = path.map(String);
  if (concept === undefined) return `taxonomy "${taxonomy}"`;
  const name = `concept ${taxonomy}:${concept}`;
  if (units === undefined) return name;
  if (units !== 'units') return `${name}, "${units}"`;
  if (unit === undefined) return `${name}, its units`;
  if (index === undefined) return `${name} in ${unit}`;
  return `${name} in ${unit}, fact ${Number(index) + 1}${field === undefined ? '' : `, "${field}"`}`;
}

const valueAt = (root: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), root);

/** The facts tree checked whole; throws an Error naming the first problem and where it is. */
export function checkedFacts(facts: unknown): FactsTree {
  const r = FactsSchema.safeParse(facts);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const more = r.error.issues.length > 1 ? ` (and ${r.error.issues.length - 1} more problem(s))` : '';
  const said =
    issue.code === 'custom' && (issue as { params?: { whole?: boolean } }).params?.whole
      ? issue.message
      : `expected ${issue.message}, got ${described(valueAt(facts, issue.path))}`;
  return fail(`${placeOf(issue.path)}: ${said}${more}`);
}

function fail(reason: string): never {
  throw new Error(`not a company facts file: ${reason}`);
}
