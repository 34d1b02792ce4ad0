// A part named with its initials in parentheses: "Global Merchant and Network Services (GMNS)",
// "PepsiCo Beverages North America (PBNA)", "People & Places Solutions (P&PS)". The initials are another
// name of the same part (a table may print only them), never a second part or a word a row must carry.

export interface PartInitials {
  /** The initials as written ("GMNS", "P&PS"). */
  initials: string;
  /** The name's words before them, lower case ("global", "merchant", "network", "services"). */
  words: string[];
  /** [start, end) of the parenthesis. */
  span: [number, number];
}

const PAREN = /\(\s*([A-Z][A-Z&.-]{1,11})\s*\)/g;
// The words of a name: capitalised words, and the glue inside one ("and", "&", "of", "the", "for").
const NAME_WORD = /^(?:[A-Z][\w'’.-]*|and|&|of|the|for)$/;
const GLUE = /^(?:and|&|of|the|for)$/;
// The most words a name runs back over.
const MAX_NAME_WORDS = 8;

/** The initials of a name's capitalised words, each part of a hyphenated or dotted one its own
 * ("Frito-Lay": FL, "U.S.": US). */
const initialsOf = (ws: string[]) =>
  ws
    .filter((w) => !GLUE.test(w))
    .flatMap((w) => w.split(/[-.]/))
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** Each parenthesis of `question` holding the initials of the capitalised words just before it. */
export function partInitials(question: string): PartInitials[] {
  const out: PartInitials[] = [];
  for (const m of question.matchAll(PAREN)) {
    const letters = m[1]!.replace(/[^A-Z]/g, '');
    if (letters.length < 2) continue;
    const before = question.slice(0, m.index).trimEnd().split(/\s+/);
    const name: string[] = [];
    for (let k = before.length - 1; k >= 0 && name.length < MAX_NAME_WORDS; k--) {
      const w = before[k]!.replace(/['’]s$/, '');
      if (!NAME_WORD.test(w)) break;
      name.unshift(w);
    }
    // The initials are those of the name's last words ("... Beverages North America (BNA)") or of all.
    const initials = initialsOf(name);
    if (!initials.endsWith(letters)) continue;
    const words = name.filter((w) => !GLUE.test(w)).map((w) => w.toLowerCase());
    out.push({ initials: m[1]!, words, span: [m.index!, m.index! + m[0].length] });
  }
  return out;
}
