// Words as a fact's names and a question are compared: lower case, "U.S." one word, glue words
// dropped, plurals made singular by a light rule (not Porter's: "non" + "current" must still spell
// "noncurrent", "Med" + "Tech" "MedTech"), so that a name is found in the question as a run of its
// words, written apart or together.

// Glue words: "cash and cash equivalents" is "cash & cash equivalents".
const GLUE = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'to',
  'in',
  'for',
  'at',
  'on',
  'by',
  'from',
  'with',
  'as',
  'its',
  'their',
  'our',
  's',
]);

/** "liabilities" -> "liability", "taxes" -> "tax", "services" -> "service"; "U.S." and "gross" kept. */
export function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(w) || w.length <= 3) return w;
  if (/(?:x|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

/** The words of a text as compared: "Other income/(expense), net" -> other, income, expense, net. */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bu\.s\.?(?:a\.?)?(?![a-z])/g, 'us')
    .replace(/'s\b/g, '')
    .replace(/\bunited states(?: of america)?\b/g, 'us')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !GLUE.has(w))
    .map(singular);
}

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
