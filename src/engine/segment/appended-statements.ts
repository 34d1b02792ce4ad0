// Financial statements appended after Part IV. Many 10-Ks answer Item 8 with a pointer ("see the
// financial statements beginning on page F-1", "included in Item 15") and print the statements after
// Item 15 or 16. Wherever the primary statements actually are, that part of the filing is Item 8: the
// section holding them is cut at the auditor's report (or the first statement) and the rest tagged
// 10K-Item-8, so an item filter and the answers' preference for Item 8 find them.
import type { PreparedSection, PreparedTable } from '../filing/prepared.js';
import { itemTitle } from '../../contract/item-tags.js';

const ITEM8 = '10K-Item-8';
const APPENDIX_TAGS = new Set([
  '10K-Item-15',
  '10K-Item-16',
  '10K-Item-9',
  '10K-Item-9A',
  '10K-Item-9B',
  '10K-Item-9C',
  '10K-Item-10',
  '10K-Item-11',
  '10K-Item-12',
  '10K-Item-13',
  '10K-Item-14',
]);
const AUDITOR = /^reports? of independent registered public accounting firms?\b/i;
const PRIMARY = new Set(['income', 'balance', 'cash_flow']);

/** Retags the part of a late section that holds the primary statements as Item 8. Returns the
 * sections (renumbered) and updates the tables' section ordinals in place. */
export function tagAppendedStatements(sections: PreparedSection[], tables: PreparedTable[]): PreparedSection[] {
  // Where Item 8 is only a pointer (or was not found), statements printed right after the MD&A are cut
  // from it too, when they sit in the MD&A section's second half (its own summaries come earlier).
  const item8 = sections.filter((s) => s.item_tag === ITEM8).reduce((n, s) => n + s.statements.length, 0);
  const candidates = new Set(APPENDIX_TAGS);
  if (item8 < 20) for (const t of ['10K-Item-7', '10K-Item-7A']) candidates.add(t);
  const out: PreparedSection[] = [];
  /** Old ordinal -> new ordinal of the part that keeps the old tag. */
  const kept = new Map<number, number>();
  /** Table index -> new ordinal, for tables that moved into an Item 8 part. */
  const movedTables = new Map<number, number>();
  for (const s of sections) {
    let k = candidates.has(s.item_tag) ? statementsStart(s, tables) : -1;
    if (k >= 0 && !APPENDIX_TAGS.has(s.item_tag) && k < s.statements.length / 2) k = -1;
    if (k < 0) {
      kept.set(s.ordinal, out.length);
      out.push(s);
      continue;
    }
    const first = s.statements[k]!;
    if (k > 0) {
      kept.set(s.ordinal, out.length);
      out.push({ ...s, statements: s.statements.slice(0, k), end_char: first.offset });
    }
    const tail: PreparedSection = {
      ...s,
      item_tag: ITEM8,
      title: itemTitle(ITEM8) ?? ITEM8,
      heading: first.kind === 'heading' ? first.text : s.heading,
      start_char: k > 0 ? first.offset : s.start_char,
      statements: s.statements.slice(k),
    };
    for (const st of tail.statements) if (st.table !== undefined) movedTables.set(st.table, out.length);
    if (k === 0) kept.set(s.ordinal, out.length);
    out.push(tail);
  }
  for (const [i, s] of out.entries()) s.ordinal = i;
  for (const [i, t] of tables.entries()) t.section = movedTables.get(i) ?? kept.get(t.section) ?? t.section;
  return out;
}

/** Where the statements begin in a section that holds a primary statement: its auditor's report when
 * one comes shortly before, else the first statement's caption or row; -1 when it holds none. */
function statementsStart(s: PreparedSection, tables: PreparedTable[]): number {
  const first = s.statements.findIndex((st) => st.table !== undefined && PRIMARY.has(tables[st.table]!.statement ?? ''));
  if (first < 0) return -1;
  for (let i = first; i >= Math.max(0, first - 400); i--) {
    if (AUDITOR.test(s.statements[i]!.text.trim())) return i;
  }
  // Back to the table's own caption.
  const t = s.statements[first]!.table;
  let k = first;
  while (k > 0 && s.statements[k - 1]!.table === t) k--;
  return k;
}
