// Tables from runs of non-prose lines: a caption (the short lines before the first data line), column
// headers (the years), a unit ("(In millions)") and rows, each row rebuilt whole from its label and
// value cells whether the crawler wrote it on one line or one cell per line.
import { isYearToken, trailingValueCount, type ClassifiedLine } from './lines.js';

export interface TableRow {
  text: string;
  offset: number;
  /** 'header' for a repeated column-header line inside the table ("2022 2021 2020"). */
  kind: 'row' | 'header';
}

export interface TableDraft {
  caption: string;
  captionOffset: number;
  /** Column years, newest first as printed; inferred from the fiscal year when the text lost them. */
  headers: string[];
  headersInferred: boolean;
  unit: string | null;
  rows: TableRow[];
}

const UNIT_RE = /\b(?:in|dollars in|amounts in|\$ in|us\$ in|\(?)\s*(millions|thousands|billions)\b/i;
const PERIOD_HINT = /\b(?:years?|fiscal|ended|ending|december|january|february|march|april|may|june|july|august|september|october|november|as of|at)\b/i;
const MAX_CAPTION_LINES = 8;

export function unitOf(lines: string[]): string | null {
  for (const l of lines) {
    if (l.length > 200) continue;
    const m = UNIT_RE.exec(l);
    if (m) return m[1]!.toLowerCase();
  }
  return null;
}

function yearsIn(s: string): string[] {
  const out: string[] = [];
  for (const t of s.split(/[\s,]+/)) if (isYearToken(t) && out[out.length - 1] !== t) out.push(t);
  return out;
}

function descendingByOne(years: string[]): boolean {
  return years.every((y, i) => i === 0 || Number(years[i - 1]) - Number(y) === 1);
}

/** True when a block of non-prose lines holds a table: at least two data lines. */
export function isTableBlock(block: ClassifiedLine[]): boolean {
  let data = 0;
  for (const l of block) if (l.kind === 'row' || l.kind === 'values') if (++data >= 2) return true;
  return false;
}

/**
 * Builds a table from a block of non-prose lines (blank and noise lines already removed). Lines before
 * the caption window are returned as `lead` (headings that happen to precede the table).
 */
export function buildTable(block: ClassifiedLine[], fiscalYear: number | null): { lead: ClassifiedLine[]; table: TableDraft } {
  let first = block.findIndex((l) => l.kind === 'row' || l.kind === 'values');
  // One cell per line: the short line before the first value line is that row's label, not caption.
  if (first > 0 && block[first]!.kind === 'values' && block[first - 1]!.kind === 'short' && yearsIn(block[first]!.text).length === 0)
    first--;
  // Year-only value lines right at the top are column headers, part of the caption area.
  while (first < block.length && block[first]!.kind === 'values' && block[first]!.cells!.every((c) => isYearToken(c))) first++;
  const head = block.slice(0, first);
  const capStart = Math.max(0, head.length - MAX_CAPTION_LINES);
  const lead = head.slice(0, capStart);
  const captionLines = head.slice(capStart);
  const headers: string[] = [];
  const caption: string[] = [];
  for (const l of captionLines) {
    const ys = yearsIn(l.text);
    if (ys.length > 0 && (l.kind === 'values' || l.text.length < 60)) headers.push(...ys);
    if (l.kind !== 'values') caption.push(l.text);
  }
  const rows: TableRow[] = [];
  let pending: { text: string; offset: number } | null = null;
  const flush = () => {
    if (pending) rows.push({ text: pending.text, offset: pending.offset, kind: 'row' });
    pending = null;
  };
  for (const l of block.slice(first)) {
    if (l.kind === 'values') {
      if (l.cells!.every((c) => isYearToken(c))) {
        flush();
        rows.push({ text: l.text, offset: l.offset, kind: 'header' });
        if (headers.length === 0) headers.push(...yearsIn(l.text));
      } else if (pending) {
        pending.text += ` ${l.text}`;
      } else rows.push({ text: l.text, offset: l.offset, kind: 'row' });
      continue;
    }
    flush();
    if (l.kind === 'row') rows.push({ text: l.text, offset: l.offset, kind: 'row' });
    else pending = { text: l.text, offset: l.offset };
  }
  flush();
  const unit = unitOf([...captionLines.map((l) => l.text), ...lead.slice(-2).map((l) => l.text)]);
  let headersInferred = false;
  const dedup = headers.filter((h, i) => headers.indexOf(h) === i);
  // The widest row counts: the crawler's losses only ever remove cells.
  const widest = Math.max(0, ...rows.map((r) => trailingValueCount(r.text)));
  if (dedup.length === 0 && fiscalYear !== null && PERIOD_HINT.test(caption.join(' ')) && widest >= 1 && widest <= 3) {
    // The crawler dropped digit-only lines, so "2018 / 2017 / 2016" headers are often gone. A table whose
    // caption names a period and whose widest row carries 1 to 3 values gets the filing's latest years.
    for (let i = 0; i < widest; i++) dedup.push(String(fiscalYear - i));
    headersInferred = true;
  } else if (dedup.length > 0 && widest > dedup.length && widest <= 3 && descendingByOne(dedup)) {
    // "2023 September 24, / 2022 September 25," lost the last year: complete the run.
    while (dedup.length < widest) dedup.push(String(Number(dedup[dedup.length - 1]) - 1));
    headersInferred = true;
  }
  return {
    lead,
    table: {
      caption: caption.join(' / '),
      captionOffset: captionLines[0]?.offset ?? block[first]?.offset ?? 0,
      headers: dedup,
      headersInferred,
      unit,
      rows,
    },
  };
}

/** The context a row carries into the index: caption, column years and unit, on one line. */
export function tableContext(t: Pick<TableDraft, 'caption' | 'headers' | 'headersInferred' | 'unit'>): string {
  const parts: string[] = [];
  if (t.caption) parts.push(t.caption);
  if (t.headers.length) parts.push(`Columns: ${t.headers.join(' | ')}${t.headersInferred ? ' (inferred)' : ''}`);
  if (t.unit) parts.push(`In ${t.unit}`);
  return parts.join(' — ');
}
