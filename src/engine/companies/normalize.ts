// Tokens of company names and of questions, compared the same way: lower case, accents off, a
// possessive dropped ("Starbuck's", "McDonald's"), "&" kept inside short names (J&J, P&G, AT&T, S&P)
// and read as "and" elsewhere, hyphens, dots and commas splitting words ("Wal-Mart", "J.P. Morgan").

export interface Token {
  /** Normalized form. */
  norm: string;
  /** Also worth trying: the word with its possessive s kept ("starbuck's" -> "starbucks"). */
  alt?: string;
  /** As written, and where. */
  raw: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z0-9\u00C0-\u024F]+(?:[&'’][A-Za-z0-9]+)*(?:&[A-Za-z]+)?|&/g;

// ASCII needs nothing: normalize() is costly, its first call most (ICU's data loads).
const deaccent = (s: string) => (/[^\x00-\x7f]/.test(s) ? s.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : s);

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of deaccent(text).matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index!;
    if (raw === '&') {
      out.push({ norm: 'and', raw, start, end: start + 1 });
      continue;
    }
    let norm = raw.toLowerCase().replace(/’/g, "'");
    let alt: string | undefined;
    if (/'s$/.test(norm)) {
      alt = norm.replace(/'s$/, 's');
      norm = norm.slice(0, -2);
    } else if (/s'$/.test(norm)) norm = norm.slice(0, -1);
    norm = norm.replace(/'/g, '');
    // "&" stays inside short names only: "j&j", "at&t"; "R&D" is not a name but keeps its shape too.
    if (norm.includes('&') && !/^[a-z0-9]{1,3}&[a-z0-9]{1,3}$/.test(norm)) {
      const parts = norm.split('&');
      let pos = start;
      parts.forEach((p, i) => {
        if (i > 0) out.push({ norm: 'and', raw: '&', start: pos, end: pos + 1 });
        if (p) out.push({ norm: p, raw: raw.slice(pos - start, pos - start + p.length), start: pos, end: pos + p.length });
        pos += p.length + 1;
      });
      continue;
    }
    out.push({ norm, raw, start, end: start + raw.length, ...(alt ? { alt } : {}) });
  }
  return out;
}

const SUFFIX = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'companies',
  'plc',
  'ltd',
  'limited',
  'holdings',
  'holding',
  'group',
  'nv',
  'sa',
  'lp',
  'llc',
  'ag',
  'se',
  'de',
  'new',
  'class',
  'cl',
  'the',
  'trust',
]);

/** Initials written with dots as one word: "T.E. Connectivity" as "te connectivity", "A.E.S." as
 * "aes" (a run of single letters each followed by a dot, a space allowed after it). */
export function mergeInitials(tokens: Token[], text: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    while (
      j + 1 < tokens.length &&
      /^[a-z]$/.test(tokens[j]!.norm) &&
      /^[a-z]$/.test(tokens[j + 1]!.norm) &&
      /^\.\s?$/.test(text.slice(tokens[j]!.end, tokens[j + 1]!.start))
    )
      j++;
    if (j > i && text[tokens[j]!.end] === '.') {
      const run = tokens.slice(i, j + 1);
      out.push({
        norm: run.map((t) => t.norm).join(''),
        raw: text.slice(run[0]!.start, run[j - i]!.end),
        start: run[0]!.start,
        end: run[j - i]!.end,
      });
      i = j + 1;
    } else out.push(tokens[i++]!);
  }
  return out;
}

/** A company name's tokens without its legal suffixes ("The Coca-Cola Company" -> coca cola). */
export function nameTokens(name: string): string[] {
  const t = tokenize(name.replace(/\((?:the|class [a-z]|new)\)/gi, ' ')).map((x) => x.norm);
  while (t.length > 1 && SUFFIX.has(t[t.length - 1]!)) t.pop();
  while (t.length > 1 && t[0] === 'the') t.shift();
  return t;
}

/** Edits a typo may make in a word of this length: none below 6 letters, one up to 8, two from 9. */
export function fuzzyLimit(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 6 ? 1 : 0;
}
