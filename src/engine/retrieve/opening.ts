// The opening sentences of the sections a scope holds: what a prose question gets when its words find
// nothing there (every word framing: "What does Netflix's 2017 10-K say?", or absent from the item the
// question named). A scope of a company and an item then still yields that item's own words; without an
// item, the business overview (Item 1) of its annual reports.
import type { IndexHandle } from '../index/open.js';
import type { SectionRow } from '../index/types.js';
import { filterValues } from '../../contract/filters.js';
import { byText } from '../text/compare.js';
import type { Scope } from './scope.js';
import type { Hit } from './search.js';
import { RETRIEVAL_TUNING } from './tuning.js';

const O = RETRIEVAL_TUNING.opening;

export function openingHits(index: IndexHandle, sections: (filingId: number) => SectionRow[], scope: Scope): Hit[] {
  if (scope.ranges === null || scope.filings.length === 0) return [];
  const items = filterValues(scope.applied.sec_item_tag);
  const wanted = (tag: string) => (items.length > 0 ? items.includes(tag) : tag === '10K-Item-1');
  const out: Hit[] = [];
  const filings = [...scope.filings]
    .sort((a, b) => byText(b.sec_fiscal_year, a.sec_fiscal_year) || byText(b.period_of_report, a.period_of_report))
    .slice(0, O.filings);
  for (const f of filings) {
    for (const s of sections(f.id).filter((s) => wanted(s.item_tag))) {
      const opening = index
        .statementRange(s.first_statement, Math.min(s.last_statement, s.first_statement + O.statements))
        .filter((st) => st.kind === 'sentence' && st.text.length >= O.minChars)
        .slice(0, O.perSection);
      for (const [i, row] of opening.entries())
        out.push({ row, bm25: 0, coverage: 0, score: 1 - i / 100, itemTag: s.item_tag, statement: null, caption: null });
    }
  }
  return out;
}
