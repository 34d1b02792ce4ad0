// Names the companies' tables print: whether "Foods and Sundries" is one row's label, so that a
// question's list "Foods and Sundries and Fresh Foods" is read as two names, not three. The question
// reader asks through a callback (it reads no index); this answers from the row statements.
import { decodeRow } from '../index/row-codec.js';
import type { FilingRow } from '../index/types.js';
import { quote } from './query-terms.js';
import type { Searcher } from './search.js';
import { RETRIEVAL_TUNING } from './tuning.js';

/** Row labels of the filings holding `phrase` (its words in order), cleaned of footnote marks. */
const ROWS_PER_FILING = RETRIEVAL_TUNING.rowNamesPerFiling;

export function rowNamesWith(searcher: Searcher, filings: FilingRow[], phrase: string): string[] {
  const words = phrase.toLowerCase().match(/[a-z0-9&]+/g) ?? [];
  if (words.length === 0) return [];
  const expr = quote(words.join(' '));
  const out = new Set<string>();
  for (const f of filings) {
    for (const st of searcher.statementsInRange(expr, f.first_statement, f.last_statement, ROWS_PER_FILING)) {
      if (st.kind !== 'row' || !st.row) continue;
      const label = decodeRow(st.row)
        .label.replace(/\(\d\)|\*+$/g, '')
        .trim();
      if (label) out.add(label);
    }
  }
  return [...out];
}
