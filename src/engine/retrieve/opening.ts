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

/** The opening sentences of Item 1 of each asked company's latest annual report in scope. */
export function overviewHits(index: IndexHandle, sections: (filingId: number) => SectionRow[], scope: Scope): Hit[] {
  const out: Hit[] = [];
  for (const ticker of filterValues(scope.applied.sec_ticker).slice(0, 2)) {
    const annual = scope.filings
      .filter((f) => f.sec_ticker === ticker && f.sec_form_type.startsWith('10-K'))
      .sort((a, b) => byText(b.sec_fiscal_year, a.sec_fiscal_year))[0];
    const item1 = annual ? sections(annual.id).find((s) => s.item_tag === '10K-Item-1') : undefined;
    if (!item1) continue;
    const opening = index
      .statementRange(item1.first_statement, Math.min(item1.last_statement, item1.first_statement + 80))
      .filter((st) => st.kind === 'sentence' && st.text.length >= 80 && !/^(?:item|part)\b/i.test(st.text))
      .slice(0, 6);
    for (const [i, row] of opening.entries())
      out.push({ row, bm25: 0, coverage: 1, score: 1e6 - i, itemTag: item1.item_tag, statement: null, caption: null });
  }
  return out;
}
