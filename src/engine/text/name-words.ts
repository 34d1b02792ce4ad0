// Words as a fact's names and a question are compared: lower case, "U.S." one word, glue words
// dropped, plurals made singular by a light rule (not Porter's: "non" + "current" must still spell
// "noncurrent", "Med" + "Tech" "MedTech"), so that a name is found in the question as a run of its
// words, written apart or together. The question's are read once, into the Reading (question/read.ts);
// a fact's names where they are compared (answer/lookup/).

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
