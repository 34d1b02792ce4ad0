// Words of a text, as retrieval, evidence and answers all compare them: lower case, curly quotes
// straightened, a possessive 's dropped; Porter stems (FTS5's porter tokenizer stems the same way, so
// what the index matched and what the code compares agree). Defined once, used everywhere.
import { stemmer } from 'stemmer';

const WORD = /[a-z0-9][a-z0-9&'.-]*[a-z0-9&]|[a-z0-9]/g;

export function words(text: string): string[] {
  return (text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) ?? []).map((w) => w.replace(/'s$/, '').replace(/'$/, ''));
}

const stems = new Map<string, string>();

/** The Porter stem of a lower-case word (cached: the same few thousand words recur). */
export function stem(w: string): string {
  let s = stems.get(w);
  if (s === undefined) {
    s = /^[a-z]+$/.test(w) ? stemmer(w) : w.replace(/'s$/, '');
    if (stems.size < 50_000) stems.set(w, s);
  }
  return s;
}

/** Stems of the words of a text. */
export function stemsOf(text: string): string[] {
  return words(text).map(stem);
}

export function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Levenshtein distance, giving up (returning max + 1) once it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Edits between two words, a swap of two neighbouring letters counting as one ("opertaing" is one
 * from "operating"): the optimal string alignment distance, or `max + 1` once past `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.MAX_SAFE_INTEGER;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}
