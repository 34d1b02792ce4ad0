// A text whose runs of blanks are read as one. The question reader blanks the words its parts took
// (offsets kept), leaving runs of hundreds of spaces in a long question; a pattern with `\s+` beside
// `.+?` tries every split of such a run, which is quadratic or worse in its length. Reading the text with
// each run squeezed to one blank matches the same words, and the offsets map back.

export interface Squeezed {
  /** The text, each run of two or more whitespace characters kept as its first. */
  text: string;
  /** The offset in the original of a squeezed offset (the end of the text maps to the original's end). */
  back(at: number): number;
  /** The squeezed offset of an original one (inside a run: the run's blank, or the character after it). */
  to(at: number): number;
}

export function squeeze(original: string): Squeezed {
  const at: number[] = [];
  let text = '';
  for (let i = 0; i < original.length; i++) {
    const c = original[i]!;
    if (i > 0 && /\s/.test(c) && /\s/.test(original[i - 1]!)) continue;
    at.push(i);
    text += c;
  }
  at.push(original.length);
  return {
    text,
    back: (k) => at[k]!,
    to: (o) => {
      let lo = 0;
      let hi = at.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at[mid]! < o) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    },
  };
}
