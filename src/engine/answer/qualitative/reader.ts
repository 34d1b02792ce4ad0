// What the qualitative answers read of a filing: its sections and their statements, in document order.
import type { IndexHandle } from '../../index/open.js';
import type { FilingRow, SectionRow, StatementRow } from '../../index/types.js';

export interface FilingReader {
  sections(filingId: number): SectionRow[];
  /** Statements of the inclusive id range, in document order. */
  statements(first: number, last: number): StatementRow[];
}

export function indexReader(index: IndexHandle, sections: (filingId: number) => SectionRow[]): FilingReader {
  return { sections, statements: (first, last) => index.statementRange(first, last) };
}

/** The statements of a filing's sections with one of `tags` (every section when `tags` is empty), in
 * document order; at most `limit` of each section. */
export function sectionStatements(reader: FilingReader, filing: FilingRow, tags: string[], limit = Infinity): StatementRow[] {
  const out: StatementRow[] = [];
  for (const s of reader.sections(filing.id)) {
    if (tags.length > 0 && !tags.includes(s.item_tag)) continue;
    out.push(...reader.statements(s.first_statement, Math.min(s.last_statement, s.first_statement + limit - 1)));
  }
  return out;
}
