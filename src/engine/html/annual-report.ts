// Items incorporated by reference from the annual report to security holders (Exhibit 13): IBM's and
// the banks' 10-Ks leave Items 7 and 8 a line long ("Refer to pages 46 through 121 of IBM's 2024
// Annual Report"), and the figures are in the exhibit. Appended to the 10-K's text, the exhibit is cut
// into its management discussion (Item 7) and its financial statements (Item 8, from the auditor's or
// management's report, or the first primary statement, on), each indexed under the 10-K's item after
// the item's own pointer. Pure.
import { itemTitle } from '../../contract/item-tags.js';
import type { PreparedSection, StatementDraft } from '../filing/prepared.js';
import type { HtmlText } from './document.js';

/** The heading line the exhibit is appended under (plain.ts appendDocument). */
export const annualReportHeading = (url: string) => `Exhibit 13: Annual Report to Security Holders (${url})`;

const STATEMENTS_START =
  /^(?:report of independent registered public accounting firm|report of management|management'?s report on internal control)/i;
const PRIMARY = new Set(['income', 'balance', 'cash_flow']);

/** Where the exhibit's text starts: the offset of its heading line, or undefined when absent. */
export function annualReportStart(doc: HtmlText, url: string): number | undefined {
  const heading = annualReportHeading(url);
  for (let i = doc.pieces.length - 1; i >= 0; i--) {
    const p = doc.pieces[i]!;
    if (p.kind === 'text' && p.text === heading) return p.offset;
  }
  return undefined;
}

/** Index of the first statement of the financial-statements part (0: all of it; length: none). */
function statementsPart(statements: StatementDraft[], doc: HtmlText): number {
  const k = statements.findIndex(
    (s) =>
      ((s.kind === 'heading' || s.kind === 'sentence') && STATEMENTS_START.test(s.text)) ||
      (s.kind === 'caption' && PRIMARY.has(doc.tables[s.table!]?.statement ?? '')),
  );
  return k < 0 ? statements.length : k;
}

/**
 * Moves the statements of the exhibit (from text offset `from` on, at the end of the document) out of
 * the section that holds them into the 10-K's Items 7 and 8, after each item's pointer; an item the
 * 10-K lacks is added. `tableSection` (table -> section ordinal) follows the tables that move.
 */
export function foldAnnualReport(sections: PreparedSection[], doc: HtmlText, tableSection: Map<number, number>, from: number): void {
  const host = sections.find((s) => s.statements.some((st) => st.offset >= from));
  if (!host) return;
  const exhibit = host.statements.filter((st) => st.offset >= from);
  host.statements = host.statements.filter((st) => st.offset < from);
  host.end_char = Math.min(host.end_char, from);
  // The heading line the exhibit was appended under is not part of it.
  const body = exhibit.filter((st) => !(st.offset === from && st.kind === 'heading'));
  const k = statementsPart(body, doc);
  const parts: [string, StatementDraft[]][] = [
    ['10K-Item-7', body.slice(0, k)],
    ['10K-Item-8', body.slice(k)],
  ];
  for (const [tag, moved] of parts) {
    if (moved.length === 0) continue;
    const title = `${itemTitle(tag) ?? tag} (from the annual report, Exhibit 13)`;
    const start = moved[0]!.offset;
    const end = tag === '10K-Item-7' && k < body.length ? body[k]!.offset : doc.content.length;
    let target = sections.find((s) => s.item_tag === tag);
    if (!target) {
      target = { ordinal: sections.length, item_tag: tag, title, heading: '', start_char: start, end_char: end, statements: [] };
      sections.push(target);
    }
    target.title = title;
    target.statements = [...target.statements, ...moved];
    target.start_char = start;
    target.end_char = end;
    for (const st of moved) if (st.table !== undefined) tableSection.set(st.table, target.ordinal);
  }
  // Empty once the exhibit left it (it held nothing else): dropped, the others renumbered.
  if (host.statements.length === 0) {
    const gone = host.ordinal;
    sections.splice(sections.indexOf(host), 1);
    for (const [i, s] of sections.entries()) s.ordinal = i;
    for (const [t, ord] of tableSection) if (ord > gone) tableSection.set(t, ord - 1);
  }
}
