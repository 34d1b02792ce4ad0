// A figure spec (`filings figures`) checked against the index and the lexicon before any work. A module
// of its own, loaded when a spec is asked: its schema is not built by every query.
import type { ValidationIssue } from '../contract/errors.js';
import { FigureSpecSchema } from '../contract/figure-schemas.js';
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
  return [...tickers, ...measures];
}
