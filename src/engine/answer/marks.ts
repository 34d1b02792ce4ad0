// The mark a model's answer carries after a figure that does not check against its evidence, and the
// sentences of an answer: the engine checks a model's answer a sentence at a time and marks it; the
// command line's --verified-only leaves out the sentences that carry the mark. Both split the same way.

/** Written right after a figure the evidence does not support ("$1,612 million [unverified]"). */
export const UNVERIFIED = '[unverified]';

// A sentence ends at . ! ? (after closing quotes, brackets or a citation) and the space after it, not
// after an initial ("U.S.") or a common abbreviation; a line break ends one too.
const ABBREVIATION = [
  '[A-Z]|Inc|Co|Corp|Ltd|No|Nos|Mr|Ms|Mrs|Dr|St|Jr|Sr|vs|etc|approx',
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec',
].join('|');
const END = new RegExp(String.raw`(?<!\b(?:${ABBREVIATION}))[.!?]["”’)\]]*(?:\s*\[[^\]\n]{1,40}\][.!?]?)?[ \t]+|\n+`, 'g');

/** The text cut into sentences, each with the space after it: joined, they are the text. The last piece
 * may be a sentence not yet ended (a stream's tail). */
export function sentencePieces(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const m of text.matchAll(END)) {
    const end = m.index! + m[0].length;
    out.push(text.slice(at, end));
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The text without its sentences that carry the mark, and how many were left out. */
export function dropUnverified(text: string): { text: string; dropped: number } {
  const pieces = sentencePieces(text);
  const kept = pieces.filter((p) => !p.includes(UNVERIFIED));
  return { text: kept.join('').trimEnd(), dropped: pieces.length - kept.length };
}
