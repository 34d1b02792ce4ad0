// "Normalized characters" of the query, as this project defines them (the contract does not):
// Unicode NFKC, control and format characters (C0, C1, zero-width, BOM) and lone surrogates (which
// are no character at all: "\ud800" alone is not text) removed, every run of
// whitespace collapsed to one space, leading and trailing space trimmed. Length is counted in Unicode
// code points of that result, so an emoji is one character and "ﬁ" (one ligature) becomes "fi" (two).

// Cc, Cf and Cs (lone surrogates), less the whitespace controls, which the collapse below turns into spaces.
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Cs}]/gu;

export function normalizeQuery(query: string): string {
  return query.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

export function normalizedLength(query: string): number {
  let n = 0;
  for (const _ of normalizeQuery(query)) n++;
  return n;
}
