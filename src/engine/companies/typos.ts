// Company names typed one or two letters off (link.ts reads a question's words as companies): a long
// name one or two edits off, a name of five letters or more with a letter doubled or undoubled
// ("Jabill"), a ticker in capitals with its last letter doubled or two letters swapped ("AAPLL").
import { editDistance } from '../text/words.js';
import { NAME_STOP_WORDS } from '../text/vocabulary.js';
import { ABBREVIATIONS, CONFUSABLE, FINANCE_WORDS, isWord } from './link-words.js';
import { fuzzyLimit, type Token } from './normalize.js';

/** The companies whose distinctive name `tok` misspells, nearest first: several when they are equally
 * near. One or two edits off a long name (fuzzyLimit); a letter doubled or undoubled off a name of
 * five letters or more ("Jabill" for Jabil). */
export function typoOf(tok: Token, distinctive: Map<string, string>): string[] {
  const w = tok.norm;
  // A capitalised possessive is a name even when it spells a word ("Synopsis's" for Synopsys).
  const named = tok.alt !== undefined && /^[A-Z][a-z]/.test(tok.raw) && tok.start > 0;
  if (w.length < 5 || !/^[a-z]+$/.test(w) || NAME_STOP_WORDS.has(w) || (!named && (CONFUSABLE.has(w) || isWord(w)))) return [];
  const found: { ticker: string; d: number }[] = [];
  for (const [name, ticker] of distinctive) {
    const max = Math.max(fuzzyLimit(name), name.length >= 5 ? 1 : 0);
    if (Math.abs(name.length - w.length) > max || name[0] !== w[0]) continue;
    const d = editDistance(w, name, max);
    // (A word of five letters is a name's only by a letter doubled: "being" is no Boeing.)
    if (d > max || ((d > fuzzyLimit(name) || w.length < 6) && !doubling(w, name))) continue;
    if (!found.some((f) => f.ticker === ticker)) found.push({ ticker, d });
  }
  const best = Math.min(...found.map((f) => f.d));
  return found.filter((f) => f.d === best).map((f) => f.ticker);
}

/** The tickers a token in capitals misspells by a letter doubled ("AAPLL", "MSSFT") or two letters
 * swapped ("APAL"): four letters or more, no word and no ticker itself. */
export function tickerTypos(tok: Token, tickers: Map<string, string>): string[] {
  const w = tok.norm;
  if (tok.raw !== tok.raw.toUpperCase() || !/^[a-z]{4,6}$/.test(w) || tickers.has(w) || isWord(w)) return [];
  if (NAME_STOP_WORDS.has(w) || FINANCE_WORDS.has(w) || ABBREVIATIONS.has(w)) return [];
  const near = new Set<string>();
  for (let k = 0; k < w.length; k++) {
    const fewer = w.slice(0, k) + w.slice(k + 1);
    // (A key held down doubles the last letter; a letter doubled inside a short word is an
    // abbreviation's own: "CMMS" is no CMS.)
    const doubled = w[k] === w[k + 1] && (k === w.length - 2 || w.length >= 5);
    if (doubled && fewer.length >= 3 && tickers.has(fewer)) near.add(tickers.get(fewer)!);
    const swapped = w.slice(0, k) + (w[k + 1] ?? '') + w[k] + w.slice(k + 2);
    if (k < w.length - 1 && swapped !== w && tickers.has(swapped)) near.add(tickers.get(swapped)!);
  }
  return [...near];
}

/** `typed` is `name` with one letter doubled, or with a doubled letter written once. */
function doubling(typed: string, name: string): boolean {
  const [long, short] = typed.length > name.length ? [typed, name] : [name, typed];
  if (long.length !== short.length + 1) return false;
  for (let k = 0; k < long.length; k++) if (long[k] === long[k + 1] && long.slice(0, k) + long.slice(k + 1) === short) return true;
  return false;
}

/** The other companies a typo is as near, when there are. */
export const others = (near: string[]) => (near.length > 1 ? { others: near.slice(1) } : {});
