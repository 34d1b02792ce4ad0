// INTERIM, until the schema-3 index writer lands: the schema-2 writer takes tables as flat drafts
// (caption, column years, unit word, row texts) and statements with a context line, so the table
// model is flattened here. With schema 3 the writer takes PreparedFiling (tables, rows, facts) as it
// is, and this file goes.
import type { PreparedFiling as Schema2Filing } from '../corpus/prepare.js';
import type { PreparedFiling } from '../corpus/prepared.js';
import { tableContext, type TableDraft } from '../segment/tables.js';
import { rowText } from './document.js';

const SCALE_WORD: Record<number, string> = { 1e3: 'thousands', 1e6: 'millions', 1e9: 'billions' };

export function toSchema2(p: PreparedFiling): Schema2Filing {
  const tables = p.tables.map((t) => {
    const draft: TableDraft = {
      caption: t.caption,
      captionOffset: 0,
      headers: t.columns.map((c) => (c.period ? String(c.period.fiscalYear) : c.label)),
      headersInferred: false,
      unit: t.unit ? (SCALE_WORD[t.unit.scale] ?? null) : null,
      rows: t.rows.map((r) => ({ text: rowText(r), offset: 0, kind: r.kind === 'header' ? 'header' : 'row' })),
    };
    return { ...draft, section: t.section };
  });
  const contexts = tables.map((t) => tableContext(t));
  return {
    meta: p.meta,
    content_chars: p.content_chars,
    tables,
    sections: p.sections.map((s) => ({
      ...s,
      statements: s.statements.map((st) => (st.table === undefined ? st : { ...st, context: contexts[st.table] ?? '' })),
    })),
  };
}

