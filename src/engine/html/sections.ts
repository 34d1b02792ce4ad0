// Sections and statements of an HTML filing: the text cut at the item starts, each section's pieces
// read as statements (headings; sentences; a table's caption, header and data rows pointing at the
// table and row). An item answered by a pointer to the annual report becomes a short section that says
// so. Pure.
import { itemTitle } from '../../contract/item-tags.js';
import type { PreparedSection, PreparedTable, StatementDraft } from '../filing/prepared.js';
import { splitSentences } from '../segment/sentences.js';
import { formKind } from '../segment/sections.js';
import { coverTag } from '../segment/titles.js';
import type { HtmlText, Piece } from './document.js';
import { foldAnnualReport } from './annual-report.js';
import { findItems, isPointerItem } from './items.js';

export interface Sectioned {
  sections: PreparedSection[];
  tables: PreparedTable[];
}

/** "Item 7. Management's Discussion ...: Refer to pages 6 through 42 ..." -> the part before the colon. */
function headingOf(p: Piece | undefined): string {
  if (p?.kind !== 'text' || !/^(?:part\s+\w+\W{0,3}\s*)?items?\s+\d/i.test(p.text)) return '';
  const colon = p.text.indexOf(':');
  const cut = colon > 0 && colon < 250 ? colon : p.text.length > 250 ? p.text.search(/\.\s/) + 1 || 250 : p.text.length;
  return p.text.slice(0, cut).trim();
}

function statementsOf(pieces: Piece[], doc: HtmlText): StatementDraft[] {
  const out: StatementDraft[] = [];
  for (const p of pieces) {
    if (p.kind === 'text') {
      if (p.heading) out.push({ kind: 'heading', text: p.text, offset: p.offset });
      else
        for (const [i, s] of splitSentences(p.text).entries())
          out.push({ kind: 'sentence', text: s.text, offset: p.offset + s.offset, ...(i === 0 ? { opens: true as const } : {}) });
      continue;
    }
    const t = doc.tables[p.table!]!;
    if (t.caption) out.push({ kind: 'caption', text: t.caption, offset: p.offset, table: p.table });
    t.rows.forEach((r, i) => {
      const cells = r.cells.filter((c) => c !== null).map((c) => c!.text);
      const text = cells.length ? `${r.label} ${cells.join(' ')}`.trim() : r.label;
      out.push({ kind: r.kind === 'header' ? 'header' : 'row', text, offset: p.rowOffsets![i]!, table: p.table, row: i });
    });
  }
  return out;
}

/** The 10-K's annual report exhibit, when the filing index names one: its address, and where its
 * text starts in the document when it was fetched and appended. */
export interface AnnualReport {
  url: string;
  from?: number;
}

/** What an item incorporated by reference says of itself, by what is known of the exhibit. */
function pointerNote(title: string, annual: AnnualReport | undefined): string {
  if (annual?.from !== undefined)
    return (
      `${title}: incorporated by reference from the annual report to security holders, filed as ` +
      `Exhibit 13 to this 10-K (${annual.url}); the exhibit's text follows.`
    );
  if (annual)
    return (
      `${title}: not in this document; the figures are in the annual report to security holders ` +
      `incorporated by reference, filed as Exhibit 13 at ${annual.url}, which could not be read with the ` +
      `filing.`
    );
  return `${title}: not in this document; incorporated by reference from the annual report to security holders filed as an exhibit.`;
}

export function sectionize(doc: HtmlText, formType: string, annual?: AnnualReport): Sectioned {
  // Items are the 10-K's own: an appended annual report is not searched for item headings.
  const end = annual?.from ?? doc.content.length;
  const starts = findItems(
    doc.content.slice(0, end),
    formType,
    doc.toc.filter((t) => t.start === undefined || t.start < end),
  );
  const bounds = [{ tag: coverTag(formKind(formType)), start: 0 }, ...starts];
  const sections: PreparedSection[] = [];
  const tableSection = new Map<number, number>();
  let k = 0;
  bounds.forEach((b, i) => {
    const end = bounds[i + 1]?.start ?? doc.content.length;
    const pieces: Piece[] = [];
    while (k < doc.pieces.length && doc.pieces[k]!.offset < end) pieces.push(doc.pieces[k++]!);
    if (pieces.length === 0 && i === 0) return; // an empty cover
    const ordinal = sections.length;
    const heading = i === 0 ? '' : headingOf(pieces[0]) || headingOf(pieces[1]);
    const title = itemTitle(b.tag) ?? b.tag;
    const bodyText = pieces
      .map((p) => p.text)
      .join(' ')
      .slice(heading.length);
    for (const p of pieces) if (p.table !== undefined) tableSection.set(p.table, ordinal);
    let statements = statementsOf(pieces, doc);
    let sectionTitle = title;
    if (i > 0 && pieces.every((p) => p.kind === 'text') && isPointerItem(b.tag, bodyText)) {
      // Nothing of the item is in this document: say so, and keep the pointer's own words.
      sectionTitle = `${title} (incorporated by reference)`;
      const note = pointerNote(title, annual);
      statements = [
        ...statements.filter((s) => s.kind === 'heading'),
        { kind: 'sentence', text: note, offset: b.start },
        ...statements.filter((s) => s.kind !== 'heading'),
      ];
    }
    sections.push({ ordinal, item_tag: b.tag, title: sectionTitle, heading, start_char: b.start, end_char: end, statements });
  });
  if (formKind(formType) === '10-K' && annual?.from !== undefined) foldAnnualReport(sections, doc, tableSection, annual.from);
  if (formKind(formType) === '10-K') moveAppendedStatements(sections, doc, tableSection);
  const tables: PreparedTable[] = doc.tables.map((t, i) => {
    const section = tableSection.get(i) ?? 0;
    const s = sections[section];
    const path = s && s.ordinal > 0 ? [s.heading || s.title, ...t.headingPath.filter((h) => h !== s.heading)] : t.headingPath;
    return { ...t, headingPath: path, section };
  });
  return { sections, tables };
}

const AUDIT_REPORT = /^report of independent registered public accounting firm/i;

/**
 * NVIDIA-style 10-Ks print the financial statements after Item 15 and leave Item 8 a line long: the
 * part of a later section from the auditor's report (or the first primary statement) on is Item 8.
 */
function moveAppendedStatements(sections: PreparedSection[], doc: HtmlText, tableSection: Map<number, number>): void {
  const item8 = sections.find((s) => s.item_tag === '10K-Item-8');
  if (item8 && (item8.end_char - item8.start_char > 0.02 * doc.content.length || item8.title.includes('incorporated by reference'))) return;
  // Only where the statements themselves are printed (not an auditor's report on a schedule).
  const primary = new Set(['income', 'balance', 'cash_flow']);
  const later = sections.filter((s) => /^10K-Item-1[56]$/.test(s.item_tag));
  for (const s of later) {
    const at = s.statements.findIndex(
      (st) => (st.kind === 'heading' && AUDIT_REPORT.test(st.text)) || (st.kind === 'caption' && doc.tables[st.table!]?.statement),
    );
    if (at <= 0 || !s.statements.slice(at).some((st) => st.kind === 'caption' && primary.has(doc.tables[st.table!]?.statement ?? '')))
      continue;
    const cut = s.statements[at]!.offset;
    const moved: PreparedSection = {
      ordinal: s.ordinal + 1,
      item_tag: '10K-Item-8',
      title: itemTitle('10K-Item-8')!,
      heading: s.statements[at]!.text.slice(0, 300),
      start_char: cut,
      end_char: s.end_char,
      statements: s.statements.slice(at),
    };
    s.statements = s.statements.slice(0, at);
    s.end_char = cut;
    const index = sections.indexOf(s);
    sections.splice(index + 1, 0, moved);
    for (const [k, x] of sections.entries()) x.ordinal = k;
    for (const [t, ord] of tableSection) {
      if (ord > index) tableSection.set(t, ord + 1);
      else if (ord === index && moved.statements.some((st) => st.table === t)) tableSection.set(t, index + 1);
    }
    return;
  }
}
