// Does a filing say something like this claim? Its most distinctive words searched in the filing's
// statements, and the best matches compared by word overlap. Used to tell what changed between years.
import type { IndexHandle } from '../index/open.js';
import { jaccard, words } from '../text/words.js';
import { quote } from './query-terms.js';
import type { Searcher } from './search.js';
import { STOP_WORDS } from '../text/vocabulary.js';
import { RETRIEVAL_TUNING } from './tuning.js';

const S = RETRIEVAL_TUNING.similar;
const content = (text: string) => new Set(words(text).filter((w) => w.length > S.minWordChars && !STOP_WORDS.has(w) && !/\d/.test(w)));

export class SimilarStatements {
  constructor(
    private readonly index: IndexHandle,
    private readonly searcher: Searcher,
  ) {}

  saysSomethingLike(filingId: number, claim: string, threshold = S.alike): boolean {
    const f = this.index.filing(filingId);
    if (!f) return false;
    const mine = content(claim);
    if (mine.size === 0) return false;
    const key = [...mine].sort((a, b) => b.length - a.length).slice(0, S.keyWords);
    const alike = (expr: string) =>
      this.searcher.textsInFiling(expr, f.first_statement, f.last_statement, S.texts).some((t) => jaccard(mine, content(t)) >= threshold);
    // A statement alike shares most of the claim's words, nearly always its longest few: those together
    // find it from their rarest word's rows. Any of the key words, ranked (every statement holding one
    // scored), only when they do not.
    if (key.length > S.allOf && alike(key.slice(0, S.allOf).map(quote).join(' AND '))) return true;
    return alike(key.map(quote).join(' OR '));
  }
}
