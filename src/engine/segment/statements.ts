// Statements: the retrievable units of a section, in document order. Prose lines become sentences,
// short lines outside tables become headings, table blocks become tables of the table model, each with a
// caption statement and one statement per row (its printed text; its label and cells are in the model).
import type { StatementDraft } from '../filing/prepared.js';
import { classifyLine, isYearsOnly, type ClassifiedLine } from './lines.js';
import { splitSentences } from './sentences.js';
import { buildTables, isTableBlock, type TableDraft } from './tables.js';
import { MAX_RUN_LINES, tooLongRun } from '../limits.js';

const TABLE_END = /^(?:see (?:the )?accompanying notes|the accompanying notes|see notes to)/i;
// Lines between a table's introducing sentence and its unit line (quarter names over years, one a line).
const MAX_INTRO_LINES = 12;
const UNIT_LINE = /^\(?(?:in |dollars in |amounts in |\$ in )?(?:millions|thousands|billions)\b.{0,80}\)?$/i;

export interface SectionStatements {
  statements: StatementDraft[];
  tables: TableDraft[];
}

export interface SplitContext {
  fiscalYear: number;
  periodYear: number;
  /** The period of report's end, YYYY-MM-DD. */
  periodEnd?: string;
  /** Infer lost year headers from the fiscal year (10-K). */
  inferYears: boolean;
  /** The section's title, the first step of each table's heading path. */
  sectionTitle: string;
}

const PERIOD_HEADING =
  /^(?:for the )?(?:fiscal )?(?:years?|quarters?|(?:three|six|nine|twelve) months|periods?) ended\b|^(?:as of|at) [A-Z][a-z]+ \d/i;

/** Splits `text` (a section body starting at `base` in the filing) into statements. */
export function splitStatements(text: string, base: number, ctx: SplitContext): SectionStatements {
  const statements: StatementDraft[] = [];
  const tables: TableDraft[] = [];
  let block: ClassifiedLine[] = [];
  // Whether the block holds a data line (a row of figures, not a line of years).
  let blockData = false;
  let lastHeading = '';
  let periodHeading = '';
  const emitBlock = () => {
    if (block.length === 0) return;
    if (isTableBlock(block)) {
      // A period line set as a heading ("For the fiscal years ended October 31,") follows the title it
      // is under ("Intelligent Edge"), which stays in the path.
      const headingPath = [ctx.sectionTitle, ...(lastHeading ? [lastHeading] : []), ...(periodHeading ? [periodHeading] : [])];
      const built = buildTables(block, {
        fiscalYear: ctx.fiscalYear,
        periodYear: ctx.periodYear,
        periodEnd: ctx.periodEnd,
        inferYears: ctx.inferYears,
        headingPath,
      });
      for (const l of built.lead) statements.push({ kind: 'heading', text: l.text, offset: l.offset });
      for (const d of built.tables) {
        const t = tables.length;
        tables.push(d);
        if (d.model.caption) statements.push({ kind: 'caption', text: d.model.caption, offset: d.captionOffset, table: t });
        for (const [i, line] of d.lines.entries()) statements.push({ kind: 'row', text: line.text, offset: line.offset, table: t, row: i });
      }
    } else {
      for (const l of block) {
        const kind = l.kind === 'short' ? 'heading' : 'sentence';
        if (kind === 'heading' && l.text.length <= 120) {
          if (PERIOD_HEADING.test(l.text.trim())) periodHeading = l.text;
          else {
            lastHeading = l.text;
            periodHeading = '';
          }
        }
        statements.push({ kind, text: l.text, offset: l.offset, ...(kind === 'sentence' ? { opens: true as const } : {}) });
      }
    }
    block = [];
    blockData = false;
  };
  // Each line classified as it is read: only the open block's lines are held.
  for (let pos = 0; pos <= text.length; ) {
    const nl = text.indexOf('\n', pos);
    const raw = text.slice(pos, nl < 0 ? text.length : nl);
    const l = classifyLine(raw, base + pos + (raw.length - raw.trimStart().length));
    pos = nl < 0 ? text.length + 1 : nl + 1;
    if (l.kind === 'blank') continue;
    // A page footer or "See accompanying notes" ends a table; a unit line after rows starts the next one
    // (consecutive financial statements are otherwise one run of non-prose lines).
    if (l.kind === 'noise') {
      emitBlock();
      continue;
    }
    if (l.kind === 'prose' || TABLE_END.test(l.text)) {
      emitBlock();
      for (const [i, s] of splitSentences(l.text).entries())
        statements.push({ kind: 'sentence', text: s.text, offset: l.offset + s.offset, ...(i === 0 ? { opens: true as const } : {}) });
      continue;
    }
    if (l.kind === 'short' && UNIT_LINE.test(l.text) && blockData) {
      // Carry the caption lines written since the last data line into the new table. (A line of years
      // is the header of the table the unit line is in, not a row of the one before.)
      const header = (c: ClassifiedLine) => c.kind === 'short' || isYearsOnly(c);
      let k = block.length;
      while (k > 0 && block.length - k < 3 && header(block[k - 1]!)) k--;
      // (From the sentence introducing the table, however many header lines follow it: "Summarized
      // quarterly data for fiscal 2020 and fiscal 2019 follows:" / "First Quarter" / ... / "Fiscal Year".)
      let j = k;
      while (j > 0 && block.length - j < MAX_INTRO_LINES && header(block[j - 1]!)) j--;
      const intro = block.slice(j, k).findLastIndex((c) => /:\s*$/.test(c.text));
      if (intro >= 0) k = j + intro;
      const carried = block.splice(k);
      emitBlock();
      block = carried;
    }
    block.push(l);
    if ((l.kind === 'row' || l.kind === 'values') && !isYearsOnly(l)) blockData = true;
    if (block.length > MAX_RUN_LINES) throw tooLongRun(block[0]!.text);
  }
  emitBlock();
  return { statements, tables };
}
