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
    const texts = this.searcher.textsInFiling(key.map(quote).join(' OR '), f.first_statement, f.last_statement, S.texts);
    return texts.some((t) => jaccard(mine, content(t)) >= threshold);
  }
}
