// From a raw filing to everything the index stores about it: metadata, sections, tables, statements.
// Pure and synchronous, so it can run in a worker thread.
import { itemTitle } from '../../contract/item-tags.js';
import { segmentItems } from '../segment/sections.js';
import { splitStatements, type StatementDraft } from '../segment/statements.js';
import type { TableDraft } from '../segment/tables.js';
import type { SectionRow } from '../index/types.js';
import type { Constituent } from './constituents.js';
import { filingMeta, type FilingMeta } from './metadata.js';
import { accessionOf, type RawFiling } from './raw.js';

/** A section before it has ids: the index row's own fields, and its statements. */
export type PreparedSection = Pick<SectionRow, 'ordinal' | 'item_tag' | 'title' | 'heading' | 'start_char' | 'end_char'> & {
  /** Statements of this section, in order; `table` indexes `tables` of the filing. */
  statements: StatementDraft[];
};

export interface PreparedFiling {
  meta: FilingMeta;
  content_chars: number;
  sections: PreparedSection[];
  tables: (TableDraft & { section: number })[];
}

export function prepareFiling(raw: RawFiling, fileName: string, constituents: Map<string, Constituent>): PreparedFiling {
  const accession = accessionOf(raw, fileName);
  const meta = filingMeta(raw, accession, fileName, constituents.get(raw.cik));
  const fy = Number(meta.sec_fiscal_year.slice(3));
  const text = raw.content;
  const tables: PreparedFiling['tables'] = [];
  const sections: PreparedSection[] = segmentItems(text, meta.sec_form_type).map((s) => {
    const { statements, tables: local } = splitStatements(text.slice(s.bodyStart, s.end), s.bodyStart, meta.sec_form_type.startsWith('10-K') ? fy : null);
    const shift = tables.length;
    for (const t of local) tables.push({ ...t, section: s.ordinal });
    for (const st of statements) if (st.table !== undefined) st.table += shift;
    if (s.heading) statements.unshift({ kind: 'heading', text: s.heading, offset: s.start });
    return {
      ordinal: s.ordinal,
      item_tag: s.itemTag,
      title: itemTitle(s.itemTag) ?? s.itemTag,
      heading: s.heading,
      start_char: s.start,
      end_char: s.end,
      statements,
    };
  });
  return { meta, content_chars: text.length, sections, tables };
}
