// Writing prepared EDGAR filings into the local index, atomically (a temporary copy renamed over it).
//
// INTERIM until the schema-3 writer lands: the schema-2 writer takes tables as flat drafts (caption,
// column years, unit word, row texts) and statements with a context line, so the table model is
// flattened here. With schema 3 the writer takes PreparedFiling (tables, rows, facts) as it is, and
// toSchema2 goes.
import { existsSync } from 'node:fs';
import type { Constituent } from '../engine/corpus/constituents.js';
import type { PreparedFiling as Schema2Filing } from '../engine/corpus/prepare.js';
import type { PreparedFiling } from '../engine/corpus/prepared.js';
import { rowText } from '../engine/html/document.js';
import { replaceAtomically } from '../engine/index/atomic.js';
import { openIndex } from '../engine/index/open.js';
import { IndexWriter } from '../engine/index/writer.js';
import { tableContext, type TableDraft } from '../engine/segment/tables.js';

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

/** Accessions already in the index (none when there is no index yet). */
export function indexedAccessions(indexPath: string): Set<string> {
  if (!existsSync(indexPath)) return new Set();
  const ix = openIndex(indexPath);
  try {
    return new Set((ix.db.prepare('SELECT accession FROM filings').all() as { accession: string }[]).map((r) => r.accession));
  } finally {
    ix.close();
  }
}

/** Adds filings to the index in one atomic step; returns whether each replaced an older copy. */
export async function writeFilings(indexPath: string, filings: PreparedFiling[], constituents: Map<string, Constituent>): Promise<boolean[]> {
  if (filings.length === 0) return [];
  return replaceAtomically(indexPath, true, (tmp) => {
    const writer = IndexWriter.open(tmp);
    try {
      writer.setCompanies([...constituents.values()]);
      const replaced = filings.map((f) => writer.addFiling(toSchema2(f)));
      writer.close();
      return replaced;
    } catch (e) {
      writer.abort();
      throw e;
    }
  });
}
