// Statements: the retrievable units of a section, in document order. Prose lines become sentences,
// short lines outside tables become headings, table blocks become a caption statement and one statement
// per row (kept whole, with the table's caption, column years and unit as its context).
import { classifyLine, type ClassifiedLine } from './lines.js';
import { splitSentences } from './sentences.js';
import { buildTable, isTableBlock, tableContext, type TableDraft } from './tables.js';

const TABLE_END = /^(?:see (?:the )?accompanying notes|the accompanying notes|see notes to)/i;
const UNIT_LINE = /^\(?(?:in |dollars in |amounts in |\$ in )?(?:millions|thousands|billions)\b.{0,80}\)?$/i;

export type StatementKind = 'heading' | 'sentence' | 'caption' | 'row' | 'header';

export interface StatementDraft {
  kind: StatementKind;
  text: string;
  /** Offset in the filing's content. */
  offset: number;
  /** Index into the section's `tables`, for caption/row/header statements. */
  table?: number;
  /** Row number within its table (0-based, caption excluded). */
  row?: number;
  /** Caption, years and unit of the row's table. */
  context?: string;
}

export interface SectionStatements {
  statements: StatementDraft[];
  tables: TableDraft[];
}

/** Splits `text` (a section body starting at `base` in the filing) into statements. */
export function splitStatements(text: string, base: number, fiscalYear: number | null): SectionStatements {
  const statements: StatementDraft[] = [];
  const tables: TableDraft[] = [];
  const lines: ClassifiedLine[] = [];
  let pos = 0;
  for (const raw of text.split('\n')) {
    lines.push(classifyLine(raw, base + pos + (raw.length - raw.trimStart().length)));
    pos += raw.length + 1;
  }
  let block: ClassifiedLine[] = [];
  const emitBlock = () => {
    if (block.length === 0) return;
    if (isTableBlock(block)) {
      const { lead, table } = buildTable(block, fiscalYear);
      for (const l of lead) statements.push({ kind: 'heading', text: l.text, offset: l.offset });
      const t = tables.length;
      tables.push(table);
      const context = tableContext(table);
      if (table.caption) statements.push({ kind: 'caption', text: table.caption, offset: table.captionOffset, table: t, context });
      table.rows.forEach((r, i) => statements.push({ kind: r.kind, text: r.text, offset: r.offset, table: t, row: i, context }));
    } else {
      for (const l of block) statements.push({ kind: l.kind === 'short' ? 'heading' : 'sentence', text: l.text, offset: l.offset });
    }
    block = [];
  };
  for (const l of lines) {
    if (l.kind === 'blank') continue;
    // A page footer or "See accompanying notes" ends a table; a unit line after rows starts the next one
    // (consecutive financial statements are otherwise one run of non-prose lines).
    if (l.kind === 'noise') {
      emitBlock();
      continue;
    }
    if (l.kind === 'prose' || TABLE_END.test(l.text)) {
      emitBlock();
      for (const s of splitSentences(l.text)) statements.push({ kind: 'sentence', text: s.text, offset: l.offset + s.offset });
      continue;
    }
    if (l.kind === 'short' && UNIT_LINE.test(l.text) && block.some((b) => b.kind === 'row' || b.kind === 'values')) {
      // Carry the caption lines written since the last data line into the new table.
      let k = block.length;
      while (k > 0 && block.length - k < 3 && block[k - 1]!.kind === 'short') k--;
      const carried = block.splice(k);
      emitBlock();
      block = carried;
    }
    block.push(l);
  }
  emitBlock();
  return { statements, tables };
}
