// The rows of a line item, read straight from the primary statements of the filings in scope: the
// income statement's "Total net sales", the cash flow statement's "Purchases of property and
// equipment". Faster and surer than searching the labels' words through the whole filing, so that the
// statement rows an analyst's metric is computed from always reach the candidates.
import type { IndexHandle } from '../index/open.js';
import type { FilingRow, IndexedTable } from '../index/types.js';
import { labelScore } from '../lexicon/match.js';
import { LINE_ITEM, type LineItemKey } from '../lexicon/line-items.js';
import type { Hit } from './search.js';
import { byText } from '../text/compare.js';
import { RETRIEVAL_TUNING } from './tuning.js';

const R = RETRIEVAL_TUNING.statementRows;

/** Filings whose statements are read for one question: beyond this, the scope is a sector or the whole
 * index, and the line items are left to the search. */
export const MAX_STATEMENT_FILINGS = R.filings;
const CACHE = R.cached;

export class StatementRows {
  private readonly cache = new Map<number, IndexedTable[]>();
  private readonly tags = new Map<number, string>();

  constructor(private readonly index: IndexHandle) {}

  private tablesOf(filingId: number): IndexedTable[] {
    let t = this.cache.get(filingId);
    if (!t) {
      t = this.index.statementTables(filingId);
      if (this.cache.size >= CACHE) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(filingId, t);
    }
    return t;
  }

  private tag(sectionId: number): string {
    let t = this.tags.get(sectionId);
    if (t === undefined) this.tags.set(sectionId, (t = this.index.section(sectionId)?.item_tag ?? ''));
    return t;
  }

  /** Rows reading as `item` in the statements of `filings` (newest first), best label first; the
   * item's own statement before the others. Undefined when the filings are too many to read. */
  rows(item: LineItemKey, filings: FilingRow[]): Hit[] | undefined {
    if (filings.length > MAX_STATEMENT_FILINGS) return undefined;
    const def = LINE_ITEM.get(item)!;
    const found: { hit: Hit; rank: number }[] = [];
    const ordered = [...filings].sort((a, b) => byText(b.sec_fiscal_year, a.sec_fiscal_year));
    ordered.forEach((f, fi) => {
      for (const t of this.tablesOf(f.id)) {
        const own = t.model.statement === def.statement || def.statement === 'equity';
        t.model.rows.forEach((r, i) => {
          const s = labelScore(def, r.label);
          if (s === 0 || r.cells.length === 0) return;
          const row = t.rowStatements[i]!;
          const rank = s * (own ? R.ownStatement : 1) - fi * R.perOlderFiling;
          found.push({
            rank,
            hit: {
              row,
              bm25: 0,
              coverage: 1,
              score: rank,
              itemTag: this.tag(t.sectionId),
              statement: t.model.statement,
              caption: t.model.caption,
            },
          });
        });
      }
    });
    return found.sort((a, b) => b.rank - a.rank).map((x) => x.hit);
  }
}
