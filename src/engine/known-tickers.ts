// Caller filters naming a ticker the index has never heard of. The contract can check only a
// ticker's form; the index knows the constituents, so "ZZZZ" is refused with the closest tickers
// instead of running a query that can match nothing.
import type { ValidationIssue } from '../contract/errors.js';
import { closestNames } from '../contract/suggest.js';
import type { CanonicalFilters } from '../contract/types.js';

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
