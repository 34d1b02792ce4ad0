// "Did you mean": the names closest to a mistyped one, by edit distance (case ignored), for messages
// that refuse a value (an unknown ticker, sub-industry).

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

/** The `n` names closest to `input`: fewest edits first, then those sharing its first letter, then
 * alphabetical. */
export function closestNames(input: string, names: Iterable<string>, n = 3): string[] {
  const key = input.trim().toLowerCase();
  return [...new Set(names)]
    .map((name) => ({ name, d: distance(key, name.toLowerCase()), same: name[0]?.toLowerCase() === key[0] ? 0 : 1 }))
    .sort((x, y) => x.d - y.d || x.same - y.same || x.name.localeCompare(y.name))
    .slice(0, n)
    .map((x) => x.name);
}
