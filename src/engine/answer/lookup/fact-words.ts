// A fact's names as words to compare with the question's (text/name-words.ts): a concept's local name
// in words, and where a name is said in the question as a run of its words, written apart or together.

/** "OperatingLeaseLiabilityNoncurrent" -> "Operating Lease Liability Noncurrent"; "Level2" -> "Level 2";
 * with `glue`, run-together glue words apart ("CommercialPaperandBonds", "Debt4000Due2030"). */
export function camelWords(local: string, glue = false): string {
  return (glue ? local.replace(/([a-z])(and|with|due|for|of|from)(?=[A-Z0-9])/g, '$1 $2 ') : local)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2');
}

/**
 * Where `name` is said in `q` as a run of words, its words written apart or together ("MedTech" for
 * "Med Tech", "non-current" for "noncurrent"): the indexes of `q` it covers, or undefined.
 */
export function runOf(q: string[], name: string[], from = 0): number[] | undefined {
  const whole = name.join('');
  if (!whole) return undefined;
  for (let i = from; i < q.length; i++) {
    if (!whole.startsWith(q[i]!)) continue;
    let acc = '';
    for (let j = i; j < q.length && acc.length < whole.length; j++) {
      acc += q[j]!;
      if (acc === whole) return Array.from({ length: j - i + 1 }, (_, k) => i + k);
      if (!whole.startsWith(acc)) break;
    }
  }
  return undefined;
}
