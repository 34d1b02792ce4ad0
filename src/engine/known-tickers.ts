// Caller filters naming a ticker the index has never heard of. The contract can check only a
// ticker's form; the index knows the constituents, so "ZZZZ" is refused with the closest tickers
// instead of running a query that can match nothing.
import type { ValidationIssue } from '../contract/errors.js';
import { closestNames } from '../contract/suggest.js';
import { FigureSpecSchema } from '../contract/figure-schemas.js';
import type { CanonicalFilters, FigureSpec } from '../contract/types.js';
import { closestMeasures, MEASURES } from './lexicon/measures.js';

type Loc = (string | number)[];

/** Every ticker value of the sec_ticker filter, with where it sits in the request. */
function tickerValues(filter: unknown, loc: Loc): { value: string; loc: Loc }[] {
  if (typeof filter === 'string') return [{ value: filter, loc }];
  if (Array.isArray(filter)) return filter.flatMap((v, i) => tickerValues(v, [...loc, i]));
  if (filter && typeof filter === 'object') return Object.entries(filter).flatMap(([op, v]) => tickerValues(v, [...loc, op]));
  return [];
}

/** Issues for the tickers of `filters` that are not among `known` (none when the index knows no
 * ticker at all: built without a constituents file). */
export function unknownTickerIssues(filters: CanonicalFilters | undefined, known: ReadonlySet<string>): ValidationIssue[] {
  if (known.size === 0 || !filters?.sec_ticker) return [];
  return tickerValues(filters.sec_ticker, ['body', 'metadata_filters', 'sec_ticker'])
    .filter((t) => !known.has(t.value))
    .map((t) => ({
      code: 'FILTER_VALUE_UNKNOWN' as const,
      loc: t.loc,
      message: `sec_ticker: "${t.value}" is not a ticker of this index (closest: ${closestNames(t.value, known).join(', ')})`,
    }));
}

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
