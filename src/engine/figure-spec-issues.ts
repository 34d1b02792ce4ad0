// A figure spec (`filings figures`) checked against the index and the lexicon before any work. A module
// of its own, loaded when a spec is asked: its schema is not built by every query.
import type { ValidationIssue } from '../contract/errors.js';
import { FigureSpecSchema } from '../contract/figure-schemas.js';
import { GICS_SECTORS, GICS_SUB_INDUSTRIES, gicsName } from '../contract/gics.js';
import { closestNames } from '../contract/suggest.js';
import type { FigureSpec } from '../contract/types.js';
import { closestMeasures, MEASURES } from './lexicon/measures.js';

/** What is wrong with a figure spec: its shape, a ticker the index has never heard of, a measure the
 * lexicon does not hold, each with the closest names. */
export function specIssues(spec: FigureSpec, known: ReadonlySet<string>): ValidationIssue[] {
  const shape = FigureSpecSchema.safeParse(spec);
  if (!shape.success)
    return shape.error.issues.map((i) => ({
      code: 'FIGURE_SPEC_INVALID' as const,
      loc: ['spec', ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      message: i.message,
    }));
  const tickers =
    known.size === 0
      ? []
      : spec.tickers.flatMap((t, i) =>
          known.has(t)
            ? []
            : [
                {
                  code: 'FILTER_VALUE_UNKNOWN' as const,
                  loc: ['spec', 'tickers', i],
                  message: `"${t}" is not a ticker of this index (closest: ${closestNames(t, known).join(', ')})`,
                },
              ],
        );
  const keys = new Set(MEASURES.map((m) => m.key));
  const measures = spec.measures.flatMap((m, i) =>
    keys.has(m)
      ? []
      : [
          {
            code: 'MEASURE_UNKNOWN' as const,
            loc: ['spec', 'measures', i],
            message: `"${m}" is no measure of the lexicon (closest: ${closestMeasures(m).join(', ')}; filings figures --list-measures lists them)`,
          },
        ],
  );
  return [...tickers, ...measures, ...setIssues(spec)];
}

/** A set's name that is no GICS sector or sub-industry, with the closest. */
function setIssues(spec: FigureSpec): ValidationIssue[] {
  const set = spec.set;
  if (!set?.name || set.kind === 'index') return [];
  const names: readonly string[] = set.kind === 'sector' ? GICS_SECTORS : GICS_SUB_INDUSTRIES;
  if (gicsName(set.kind, set.name) !== undefined) return [];
  const what = set.kind === 'sector' ? 'GICS sector' : 'GICS sub-industry';
  return [
    {
      code: 'FILTER_VALUE_UNKNOWN' as const,
      loc: ['spec', 'set', 'name'],
      message: `"${set.name}" is no ${what} (closest: ${closestNames(set.name, new Set(names)).join(', ')})`,
    },
  ];
}
