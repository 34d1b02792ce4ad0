// A word of the question one or two letters off a word the reading knows is read as that word: "What
// was Apple's revnue" asks revenue, "tyson chiken sales" the Chicken segment's. A word is misspelt
// when neither the reading's vocabulary (the lexicon's names, the words questions ask with) nor any
// filing of the index has it; it is read as the reading's word nearest it, else as the index's word
// one letter off that the filings use most. Capitalised words are names and are left as written. The
// work is bounded by SPELLING_LIMITS: words of plausible length, a few distinct words a question, each
// corrected once however often it is written, and a budget of look-ups in the index.
import { LINE_ITEMS } from '../lexicon/line-items.js';
import { SPELLING_LIMITS } from '../limits.js';
import { METRICS } from '../lexicon/metrics.js';
import { GROWTH_WORDS, STOP_WORDS } from '../text/vocabulary.js';
import { stem, typoDistance } from '../text/words.js';
import { isFigureWord, isFiller, isVerb } from './vocabulary.js';

/** What the index knows of words (index/vocabulary.ts), by stem. */
export interface SpellingSource {
  /** Statements that print the word (as the full-text index reads words), counted up to 3. */
  count(word: string): number;
  /** Statements holding a stem. */
  docs(term: string): number;
  /** The words the filings print for a stem. */
  surfaces(term: string): string[];
}

export interface Correction {
  /** As the question wrote it, and as it is read. */
  from: string;
  to: string;
}

/** A correction from the index must be a word in this many statements. */
const MIN_DOCS = 20;
/** Words shorter than this are left alone: too many neighbours. */
const MIN_LENGTH = 4;

let known: Set<string> | undefined;
/** The reading's own words: the lexicon's names and the words questions ask with. */
function readingWords(): Set<string> {
  if (known) return known;
  const phrases = [
    ...LINE_ITEMS.flatMap((l) => [l.name, ...l.ask, ...l.labels]),
    ...METRICS.flatMap((m) => [m.name, ...m.ask]),
    'segment segments division divisions region regions acquisition acquisitions brands products headquarters employees',
    'customers stores warehouses facilities plants locations countries backlog subscribers members quarter fiscal annual',
    'percentage percent growth increase decrease change difference ratio average compare higher lower highest lowest',
  ];
  known = new Set(phrases.flatMap((p) => p.toLowerCase().match(/[a-z]+/g) ?? []));
  for (const w of [...STOP_WORDS, ...GROWTH_WORDS]) known.add(w);
  return known;
}

let stopStems: Set<string> | undefined;
const STOP_STEMS = () => (stopStems ??= new Set([...STOP_WORDS].map(stem)));

const variants = (w: string): string[] => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    if (i < w.length) out.add(w.slice(0, i) + w.slice(i + 1));
    if (i < w.length - 1) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
    for (const c of letters) {
      if (i < w.length) out.add(w.slice(0, i) + c + w.slice(i + 1));
      out.add(w.slice(0, i) + c + w.slice(i));
    }
  }
  out.delete(w);
  return [...out];
};

/** What one question's correction has left of SPELLING_LIMITS. */
interface Budget {
  words: number;
  indexTerms: number;
}

/** The word a misspelt `word` (lower case) was meant as, or undefined when it is no misspelling (or the
 * question's budget is spent). */
function meant(word: string, source: SpellingSource, budget: Budget): string | undefined {
  const vocabulary = readingWords();
  if (vocabulary.has(word) || isFiller(word) || isVerb(word) || isFigureWord(word)) return undefined;
  if (budget.words === 0) return undefined;
  budget.words--;
  // A word some filings print is no misspelling (a rare word of a small index still is one); a word one
  // or two print may be the filings' own slip ("servces"), read as the reading's word beside it.
  const printed = source.count(word);
  if (printed >= 3) return undefined;
  // The reading's word nearest it (one edit, two for a long word), the commoner on a tie.
  const max = word.length >= 8 ? 2 : 1;
  let best: { w: string; d: number; docs: number } | undefined;
  for (const w of vocabulary) {
    // (Never to a word that asks nothing: "squre" is no misspelt "sure".)
    if (w.length < MIN_LENGTH || STOP_WORDS.has(w)) continue;
    const d = typoDistance(word, w, max);
    if (d > max) continue;
    const docs = source.docs(stem(w));
    if (!best || d < best.d || (d === best.d && docs > best.docs)) best = { w, d, docs };
  }
  if (best) return best.w;
  if (printed > 0) return undefined;
  // Else the index's commonest term one edit off the word, or off its stem ("transacton": transaction,
  // whose stem "transact" is two edits off the word's).
  // (Never to a word that asks nothing: "lessee" is no misspelt "less".)
  const terms = [...new Set([...variants(stem(word)), ...variants(word).map(stem)])].filter((t) => !STOP_STEMS().has(t));
  if (terms.length > budget.indexTerms) return undefined;
  budget.indexTerms -= terms.length;
  let top: { term: string; docs: number } | undefined;
  for (const term of terms) {
    const docs = source.docs(term);
    if (docs >= MIN_DOCS && (!top || docs > top.docs)) top = { term, docs };
  }
  // The word the filings print for it nearest the word, as near as the stems are ("lessee" is no "less").
  const near = (top ? source.surfaces(top.term) : [])
    .map((w) => ({ w, d: typoDistance(word, w, max) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d);
  return near[0]?.w;
}

/** The question with its misspelt words read as meant, and what was corrected; `isName` says which
 * words are names (a ticker written in lower case: "avgo"), which are left as written. */
export function correctSpelling(
  question: string,
  source: SpellingSource,
  isName: (word: string) => boolean = () => false,
): { text: string; corrections: Correction[] } {
  const corrections: Correction[] = [];
  const budget: Budget = { words: SPELLING_LIMITS.words, indexTerms: SPELLING_LIMITS.indexTerms };
  // Each word is read once, however often the question writes it.
  const read = new Map<string, string | undefined>();
  const text = question.replace(/[A-Za-z][a-z]+(?:'[a-z]+)?/g, (w, at: number) => {
    // Names are capitalised (the question's first word aside); short words have too many neighbours,
    // and a run of letters longer than any word is no misspelling of one.
    if (w.length < MIN_LENGTH || w.length > SPELLING_LIMITS.wordLetters || (/^[A-Z]/.test(w) && at > 0) || /'/.test(w)) return w;
    const lower = w.toLowerCase();
    if (isName(lower)) return w;
    if (!read.has(lower)) read.set(lower, meant(lower, source, budget));
    const to = read.get(lower);
    if (!to || to === lower) return w;
    corrections.push({ from: w, to });
    return /^[A-Z]/.test(w) ? to[0]!.toUpperCase() + to.slice(1) : to;
  });
  return { text, corrections };
}
