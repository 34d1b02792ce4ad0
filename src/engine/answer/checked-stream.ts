// A model's answer checked as it streams (check-figures.ts), a sentence at a time.
import type { FigureChecker, ReadSentence } from './check-figures.js';
import { sentencePieces } from './marks.js';
import { ANSWER_TUNING } from './tuning.js';

const LOOKAHEAD = ANSWER_TUNING.check.lookahead;

/** A model's answer as it streams: the words before a sentence's first figure pass on at once (no mark
 * can go there: a mark follows a figure); the rest once the sentence has ended and its figures check,
 * or once the sentences after it that may give their inputs have been read; the tail when the stream
 * ends. The sentences pass on in order. */
export class CheckedStream {
  /** The sentence being written, and how much of it has been passed on. */
  private pending = '';
  private sent = 0;
  /** Sentences read whose figures do not check yet, with how much of each has been passed on. */
  private readonly held: { read: ReadSentence; sent: number; after: number }[] = [];
  private text = '';

  constructor(
    private readonly checker: FigureChecker,
    private readonly emit: (delta: string) => void,
  ) {}

  push(delta: string): void {
    const pieces = sentencePieces(this.pending + delta);
    this.pending = pieces.pop() ?? '';
    for (const p of pieces) this.close(p);
    if (this.held.length > 0) return;
    const digit = this.pending.search(/[$(]?\d/);
    const safe = digit < 0 ? this.pending.length : digit;
    if (safe > this.sent) {
      this.emit(this.pending.slice(this.sent, safe));
      this.sent = safe;
    }
  }

  /** The whole answer, checked, once the model has finished. */
  end(): string {
    if (this.pending) this.close(this.pending);
    this.pending = '';
    this.release(true);
    return this.text;
  }

  private close(sentence: string): void {
    for (const h of this.held) h.after++;
    this.held.push({ read: this.checker.read(sentence), sent: this.sent, after: 0 });
    this.sent = 0;
    this.release(false);
  }

  /** Passes on the held sentences, in order, that check now or have waited long enough. */
  private release(all: boolean): void {
    while (this.held.length > 0) {
      const h = this.held[0]!;
      if (!all && h.after < LOOKAHEAD && !this.checker.settled(h.read)) return;
      this.held.shift();
      const checked = this.checker.settle(h.read);
      this.text += checked;
      if (checked.length > h.sent) this.emit(checked.slice(h.sent));
    }
  }
}
