// The account of a question's words: every word is used by a part of the reading (company, period,
// measure, ...), or is a known filler, or is unread. Parts claim the words they use by their place in
// the text, so a word used twice is still one word and a word no part used is found at the end.
import type { Role, WordUse } from './reading.js';

const WORD = /[A-Za-z0-9$%][A-Za-z0-9&'’.\-/]*[A-Za-z0-9&%]|[A-Za-z0-9$%]/g;

export class Account {
  readonly words: WordUse[];

  constructor(readonly text: string) {
    this.words = [...text.matchAll(WORD)].map((m) => ({
      word: m[0].replace(/['’]s$/i, '').replace(/[.]+$/, ''),
      text: m[0],
      start: m.index!,
      end: m.index! + m[0].length,
    }));
  }

  /** Claims the unclaimed words overlapping [start, end) for `role`; returns how many it claimed. */
  claimRange(start: number, end: number, role: Role): number {
    let n = 0;
    // The words are in order and apart: from the first that ends after `start` (a long question's
    // parts claim hundreds of ranges, each of a few words).
    for (let i = this.firstEndingAfter(start); i < this.words.length; i++) {
      const w = this.words[i]!;
      if (w.start >= end) break;
      if (w.role || w.end <= start) continue;
      w.role = role;
      n++;
    }
    return n;
  }

  /** The index of the first word ending after `at`. */
  private firstEndingAfter(at: number): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid]!.end <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Claims the first occurrence of `phrase` (any case), as whole words, whose words are not all claimed
   * yet; `within` is the text to find it in when a part read a masked copy (same length, offsets kept).
   * "Cooper" is not claimed inside "CooperSurgical". */
  claimText(phrase: string, role: Role, from = 0, within = this.text): boolean {
    const p = phrase.trim();
    if (!p) return false;
    const lower = within.toLowerCase();
    const needle = p.toLowerCase();
    const inWord = (i: number) => /[a-z0-9]/.test(lower[i] ?? '');
    for (let at = lower.indexOf(needle, from); at >= 0; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if ((inWord(at) && inWord(at - 1)) || (inWord(end - 1) && inWord(end))) continue;
      if (this.claimRange(at, end, role) > 0) return true;
    }
    return false;
  }

  /** Claims every match of a global pattern; returns the matches. */
  claimMatches(re: RegExp, role: Role): RegExpMatchArray[] {
    const out = [...this.text.matchAll(re)];
    for (const m of out) this.claimRange(m.index!, m.index! + m[0].length, role);
    return out;
  }

  /** The words no part has claimed. */
  unclaimed(): WordUse[] {
    return this.words.filter((w) => !w.role);
  }

  /** The text with the claimed words blanked out (offsets kept), for the parts that read what is left. */
  remaining(): string {
    const chars = this.text.split('');
    for (const w of this.words) if (w.role) for (let i = w.start; i < w.end; i++) chars[i] = ' ';
    return chars.join('');
  }
}

/** The company's name and the possessive after it. */
export function claimCompany(acc: Account, text: string): void {
  acc.claimText(text, 'company');
  // "Deere & Company", "Apple Inc.", "Raymond James Financial, Inc.": the legal name's tail too.
  const at = acc.text.toLowerCase().indexOf(text.toLowerCase());
  if (at < 0) return;
  const amp = /&\s*$/.test(text) ? '&?' : '&';
  const tail = new RegExp(
    `^(?:['’]s)?\\s*(?:${amp}\\s*(?:Co\\.?|Company)|,?\\s*(?:Inc\\.?|Incorporated|Corp\\.?|Corporation|Co\\.|Ltd\\.?|plc|Companies))(?=\\W|$)(?:['’]s)?`,
    'i',
  ).exec(acc.text.slice(at + text.length));
  if (tail) acc.claimRange(at + text.length, at + text.length + tail[0].length, 'company');
}

/** The question with the words of the given roles blanked out (offsets kept). */
export function maskClaimed(question: string, acc: Account, roles: string[]): string {
  // (The text may already have blanks where the account has words: offsets are the same.)
  const chars = question.split('');
  for (const w of acc.words) if (w.role && roles.includes(w.role)) for (let i = w.start; i < w.end; i++) chars[i] = ' ';
  return chars.join('');
}
