// From a raw crawler filing to everything the index stores about it: metadata, sections, tables of the
// table model, statements. Pure and synchronous, so it can run in a worker thread.
import { itemTitle } from '../../contract/item-tags.js';
import { orderInferredColumns } from '../segment/column-order.js';
import { nameColumnParts } from '../segment/column-parts.js';
import { dateEchoedColumns } from '../segment/echoed-periods.js';
import { nameColumnsByParts, printedNames } from '../segment/part-names.js';
import { nameQuarterColumns } from '../segment/quarter-columns.js';
import { tagAppendedStatements } from '../segment/appended-statements.js';
import { segmentItems } from '../segment/sections.js';
import { splitStatements } from '../segment/statements.js';
import type { Constituent } from '../filing/constituents.js';
import { fiscalNameOffset } from '../filing/fiscal-names.js';
import { filingMeta } from '../filing/metadata.js';
import type { PreparedFiling, PreparedSection, PreparedTable } from '../filing/prepared.js';
import { accessionOf, type RawFiling } from '../filing/raw.js';

export type { PreparedFiling, PreparedSection } from '../filing/prepared.js';

export function prepareFiling(raw: RawFiling, fileName: string, constituents: Map<string, Constituent>): PreparedFiling {
  const accession = accessionOf(raw, fileName);
  const meta = filingMeta(raw, accession, fileName, constituents.get(raw.cik));
  const fiscalYear = Number(meta.sec_fiscal_year.slice(3));
  const periodYear = Number(meta.period_of_report.slice(0, 4));
  const text = raw.content;
  meta.fiscal_name_offset = fiscalNameOffset(text, meta.sec_fiscal_year_end, fiscalYear);
  const tables: PreparedTable[] = [];
  const sentences: string[] = [];
  const segmented: PreparedSection[] = segmentItems(text, meta.sec_form_type).map((s) => {
    const title = itemTitle(s.itemTag) ?? s.itemTag;
    const { statements, tables: local } = splitStatements(text.slice(s.bodyStart, s.end), s.bodyStart, {
      fiscalYear,
      periodYear,
      periodEnd: meta.period_of_report,
      inferYears: meta.sec_form_type.startsWith('10-K'),
      sectionTitle: title,
    });
    const shift = tables.length;
    for (const t of local) tables.push({ ...t.model, section: s.ordinal });
    for (const st of statements) {
      if (st.table !== undefined) st.table += shift;
      else if (st.kind === 'sentence') sentences.push(st.text);
    }
    if (s.heading) statements.unshift({ kind: 'heading', text: s.heading, offset: s.start });
    return { ordinal: s.ordinal, item_tag: s.itemTag, title, heading: s.heading, start_char: s.start, end_char: s.end, statements };
  });
  const sections = meta.sec_form_type.startsWith('10-K') ? tagAppendedStatements(segmented, tables) : segmented;
  orderInferredColumns(tables, sentences, fiscalYear);
  const known = printedNames(tables);
  nameColumnsByParts(tables, known);
  nameColumnParts(tables, known, {
    fiscalYear,
    periodYear,
    periodEnd: meta.period_of_report,
    annual: meta.sec_form_type.startsWith('10-K'),
  });
  nameQuarterColumns(tables, meta.sec_form_type.startsWith('10-K'));
  dateEchoedColumns(tables);
  inferMissingUnits(tables);
  return { meta, content_chars: text.length, sections, tables, facts: [] };
}

/** A primary statement whose unit line the text lost takes the unit most of the filing's statements
 * state (a filing reports its statements in one scale), marked inferred. */
function inferMissingUnits(tables: PreparedTable[]): void {
  const counts = new Map<number, { n: number; unit: NonNullable<PreparedTable['unit']> }>();
  // The statements' own units vote; when none states one, the filing's other tables do.
  const voters = tables.some((t) => t.statement && t.unit) ? tables.filter((t) => t.statement) : tables;
  for (const t of voters) {
    if (!t.unit) continue;
    const c = counts.get(t.unit.scale) ?? { n: 0, unit: t.unit };
    c.n++;
    counts.set(t.unit.scale, c);
  }
  const dominant = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!dominant) return;
  for (const t of tables) {
    if (!t.unit && (t.statement || dollarAmounts(t) || reconciles(t)))
      t.unit = { ...dominant.unit, inferred: true, text: `${dominant.unit.text} (the filing's other statements' unit)` };
  }
}

/** A note's table of dollar amounts that prints no unit (Costco's notes state theirs once, above the
 * statements): "$" before cells, and amounts in the thousands. */
function dollarAmounts(t: PreparedTable): boolean {
  const cells = t.rows.flatMap((r) => r.cells).filter((c) => c && c.value !== null);
  return cells.some((c) => /^\$/.test(c!.text.trim())) && cells.filter((c) => /\d,\d{3}/.test(c!.text)).length >= 2;
}

const OPENING = /\b(?:beginning|opening)\b|^balance\b/i;
const CLOSING = /\b(?:end|ending|closing)\b|^balance\b/i;
// How far a printed total may be from the sum of its rounded rows, in units of its last digit per row.
const ROUNDING = 1;

/** A roll-forward of dollar amounts that prints no unit (Air Products' unrecognized tax benefits, "$103.5"
 * ... "$96.5"): its opening balance and movements add up to its closing balance in every column, as
 * amounts do and prices or rates do not. */
function reconciles(t: PreparedTable): boolean {
  const rows = t.rows.filter((r) => r.aligned && r.cells.some((c) => c && c.value !== null));
  if (rows.length < 3 || !OPENING.test(rows[0]!.label) || !CLOSING.test(rows.at(-1)!.label)) return false;
  if (!rows.flatMap((r) => r.cells).some((c) => c && /^\$/.test(c.text.trim()))) return false;
  const columns = rows[0]!.cells.map((_, j) => rows.map((r) => r.cells[j]));
  const full = columns.filter((col) => col.every((c) => c && (c.value !== null || /^[-—–]$/.test(c.text.trim()))));
  if (full.length === 0) return false;
  return full.every((col) => {
    const v = col.map((c) => c!.value ?? 0);
    const digits = Math.max(...col.map((c) => /\.(\d+)/.exec(c!.text)?.[1]?.length ?? 0));
    const sum = v.slice(0, -1).reduce((x, y) => x + y, 0);
    return v.some((x) => x !== 0) && Math.abs(sum - v.at(-1)!) <= ROUNDING * col.length * 10 ** -digits;
  });
}
