// Where the figures of a 10-K are when they are not in the index: a 10-K whose Items 7 and 8 are
// incorporated by reference from its annual report (Exhibit 13), and whose exhibit could not be
// indexed with it, keeps the items as pointers (html/sections.ts). An answer that finds no figure for
// such a filing says where the figures are, with the exhibit's address. Pure over the index.
import type { IndexHandle } from '../index/open.js';
import type { FilingRow, SectionRow } from '../index/types.js';

const POINTER_TITLE = /\(incorporated by reference\)$/;
const ADDRESS = /https?:\/\/\S+?\.html?\b/;

export interface AskedFiling {
  ticker: string;
  year: number;
}

/** One sentence per asked 10-K whose financial statements are only a pointer in the index. */
export function incorporatedNotes(
  index: IndexHandle,
  filings: FilingRow[],
  sections: (filingId: number) => SectionRow[],
  asked: AskedFiling[],
): string[] {
  const notes: string[] = [];
  for (const { ticker, year } of asked) {
    const f = filings.find((x) => x.sec_ticker === ticker && x.sec_form_type.startsWith('10-K') && x.sec_fiscal_year === `FY-${year}`);
    const item8 = f && sections(f.id).find((s) => s.item_tag === '10K-Item-8' && POINTER_TITLE.test(s.title));
    if (!f || !item8) continue;
    const said = index
      .statementRange(item8.first_statement, item8.last_statement)
      .map((s) => s.text)
      .join(' ');
    const exhibit = ADDRESS.exec(said)?.[0];
    const where = exhibit
      ? `filed as Exhibit 13 at ${exhibit}`
      : `filed as an exhibit (see the filing's index${f.filing_html_index ? `, ${f.filing_html_index}` : ''})`;
    notes.push(
      `${ticker}'s 10-K for fiscal ${year} incorporates its financial statements (Items 7 and 8) by ` +
        `reference from its annual report to security holders, ${where}; ` +
        'the figures are there, and that exhibit is not in the index.',
    );
  }
  return [...new Set(notes)];
}
