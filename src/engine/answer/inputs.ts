// The rows a computation needs and the evidence lacks, fetched from the filings in scope: each a
// table row of a named line item with a value in the needed year's column, preferring the financial
// statements (Item 8). They join the evidence as one chain, so the answer cites only evidence.
import type Database from 'better-sqlite3';
import { columnsForRow, formatRow, parseRow } from '../evidence/rows.js';
import { SourceRegistry } from '../evidence/sources.js';
import type { EvidenceChain } from '../evidence/types.js';
import type { IndexHandle } from '../index/open.js';
import type { StatementRow } from '../index/types.js';
import { phraseQuery } from '../retrieve/query-terms.js';
import type { Need } from './calculate.js';
import { LINES } from './lines.js';

const SQL = `SELECT s.* FROM statements_fts JOIN statements s ON s.id = statements_fts.rowid
  WHERE statements_fts MATCH ? AND statements_fts.rowid BETWEEN ? AND ? AND s.kind = 'row'
  ORDER BY bm25(statements_fts) LIMIT 40`;

export class InputRows {
  private readonly find: Database.Statement;

  constructor(private readonly index: IndexHandle) {
    this.find = index.db.prepare(SQL);
  }

  private rowFor(need: Need, ranges: [number, number][], itemTag: (sectionId: number) => string): { row: StatementRow; text: string; columns: string[]; caption: string; unit: string | null } | undefined {
    const line = LINES[need.line];
    const candidates: StatementRow[] = [];
    for (const phrase of line.search) {
      for (const [a, b] of ranges) candidates.push(...(this.find.all(phraseQuery(phrase), a, b) as StatementRow[]));
    }
    // Financial statements first, then the order FTS ranked them in.
    candidates.sort((x, y) => Number(itemTag(y.section_id) === '10K-Item-8') - Number(itemTag(x.section_id) === '10K-Item-8'));
    for (const row of candidates) {
      const parsed = parseRow(row.text);
      if (!line.label.test(parsed.label.replace(/\s*\(\d\)$/, '')) || row.table_id === null) continue;
      const t = this.index.table(row.table_id);
      if (!t) continue;
      const columns = columnsForRow(JSON.parse(t.table.headers) as string[], t.table.headers_inferred === 1, parsed.values.length);
      if (columns.length !== parsed.values.length || !columns.some((c) => c.includes(need.year))) continue;
      return { row, text: formatRow(row.text, JSON.parse(t.table.headers) as string[], t.table.headers_inferred === 1), columns, caption: t.table.caption, unit: t.table.unit };
    }
    return undefined;
  }

  /** A chain of the rows `needs` asks for, or undefined when none is found. */
  chain(needs: Need[], ranges: [number, number][] | null, existing: EvidenceChain[], itemTag: (sectionId: number) => string): EvidenceChain | undefined {
    if (!ranges || ranges.length === 0 || ranges.length > 8) return undefined;
    const registry = new SourceRegistry(this.index, existing);
    const found = new Map<number, NonNullable<ReturnType<InputRows['rowFor']>>>();
    for (const n of needs) {
      const r = this.rowFor(n, ranges, itemTag);
      if (r) found.set(r.row.id, r);
    }
    if (found.size === 0) return undefined;
    const entries = [...found.values()].map((f) => {
      const section = this.index.section(f.row.section_id);
      const tag = itemTag(f.row.section_id);
      const source = registry.ref({ filingId: f.row.filing_id, itemTag: tag, title: section?.title ?? tag });
      return {
        consensus: f.text,
        confidence: 0.9,
        columns: f.columns,
        unit: f.unit,
        sources: [{ source, statuses: ['reported_fact' as const], context: [f.caption], statementIds: [f.row.id] }],
      };
    });
    return { facet: `inputs of the computation: ${[...new Set(needs.map((n) => n.line))].join(', ')}`, relevance: 6, score: 0, entries };
  }
}
