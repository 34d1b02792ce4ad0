// The rows of a table block: lines assembled into a label and its cells (on one line or one cell a line),
// run-on lines split, and each row's kind (data, total, subtotal, a heading over a group) with its group.
import type { RowKind, TableCell, TableRowModel } from '../tables/model.js';
import { yearRows, type RawRow } from './column-layout.js';
import type { ClassifiedLine } from './lines.js';
import { withLabelDate } from './row-dates.js';
import { joinCellTokens, parseCells } from './table-cells.js';
/** Rows of the lines after the caption: a label with the value cells on its line or on the lines after
 * it (one cell per line). A short line followed by another label is a row without cells (a header). */
export function assembleRows(lines: ClassifiedLine[]): RawRow[] {
  const rows: RawRow[] = [];
  let pending: RawRow | null = null;
  // Whether the pending row took a line of several values: its cells are whole, and another such line
  // is a row of its own ("Front store and other (2)" / "23.1 % 24.0 % 23.1 %" / "100.0 % 100.0 % 100.0 %").
  let whole = false;
  const flush = () => {
    if (pending) rows.push(pending);
    pending = null;
    whole = false;
  };
  for (const l of lines) {
    const t = l.text.trim();
    // A closing parenthesis (or percent sign) the crawler put on its own line belongs to the cell before.
    if (/^[)%]+$/.test(t)) {
      const target = pending ?? rows[rows.length - 1];
      if (target && target.cells.length > 0) {
        target.cells[target.cells.length - 1] += t;
        target.text += t;
        continue;
      }
    }
    // "Commitments and contingencies (Note 7)": the note number is part of the label.
    if (l.kind === 'row' && /\((?:see )?notes?$/i.test(l.label!) && /^\d{1,2}\)$/.test(l.cells![0] ?? '')) {
      flush();
      pending = { label: `${l.label} ${l.cells![0]}`, cells: l.cells!.slice(1), text: l.text, offset: l.offset };
      continue;
    }
    if (l.kind === 'values') {
      // (A year leading its amounts, "2025 35,635 3,438", is a maturity schedule's row, run on and split
      // by its years after: splitRunOnRows.)
      const several = joinCellTokens(l.cells!).length >= 2 && !/^(?:19|20)\d\d$/.test(l.cells![0]!);
      if (pending && !(whole && several)) {
        // "Acquisitions (1)" / "399 13 55 119 586": a mark alone beside the label, the cells on the line
        // after it, is the label's footnote marker, no cell.
        if (several && !whole && pending.cells.length === 1 && FOOTNOTE.test(pending.cells[0]!)) pending.cells = [];
        for (const c of l.cells!) pending.cells.push(c);
        pending.text += ` ${l.text}`;
        whole ||= several;
      } else {
        flush();
        rows.push({ label: '', cells: [...l.cells!], text: l.text, offset: l.offset });
      }
      continue;
    }
    // A label the source wrapped: "Total current" / "assets 5,089.8 5,754.5".
    const startsLower = /^[a-z]/.test(l.kind === 'row' ? l.label! : t);
    if (pending && pending.cells.length === 0 && startsLower && (l.kind === 'row' || l.kind === 'short')) {
      pending.label = `${pending.label} ${l.kind === 'row' ? l.label : t}`;
      if (l.kind === 'row') for (const c of l.cells!) pending.cells.push(c);
      pending.text += ` ${l.text}`;
      continue;
    }
    flush();
    if (l.kind === 'row') pending = { label: l.label!, cells: [...l.cells!], text: l.text, offset: l.offset };
    else pending = { label: l.text, cells: [], text: l.text, offset: l.offset };
  }
  flush();
  return rows;
}

/** The crawler leaves a subtotal whose label cell is empty ("19,637 17,393 14,470" after "Total costs
 * and expenses") on the row before it: a row with twice the table's usual cells is two rows. */
export function splitRunOnRows(rows: RawRow[], headerColumns: number | undefined): RawRow[] {
  // ("Goodwill as of October" / "31," / "2021": the date is the label's, not two cells; but years that
  // each lead their amounts, "Years Ended August 31," / "2024 $ 38,292 2025 37,423 ...", are rows.)
  const raw = rows.map((r) => (yearRows(joinCellTokens(r.cells)) ? r : withLabelDate(r)));
  const counts = new Map<number, number>();
  const joined = raw.map((r) => joinCellTokens(r.cells));
  for (const j of joined) if (j.length > 0) counts.set(j.length, (counts.get(j.length) ?? 0) + 1);
  const mode = headerColumns ?? [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  // A footnote marker after a label ("Acquisitions (1) 64 - 64", "Handsets (1) $ 22,570 ..."), one cell
  // more than the table's rows have: the marker is no cell, and no word of the label. A marker is a
  // letter, or a number before a "$" or beside another row's marker ("(1)" ... "(2)", "(1)" ... "(1)"); a
  // lone "(7)" before plain figures is a negative amount.
  const marked = raw.map((r, i) => {
    const cells = joined[i]!;
    return mode >= 2 && cells.length === mode + 1 && FOOTNOTE.test(cells[0]!) && !!r.label && r.cells[0]?.trim() === cells[0];
  });
  const markedRows = marked.filter(Boolean).length;
  raw.forEach((r, i) => {
    if (!marked[i]) return;
    const cells = joined[i]!;
    const sure = /[a-z]/.test(cells[0]!) || /^\$/.test(r.cells[1]?.trim() ?? '') || markedRows >= 2;
    if (!sure) return;
    joined[i] = cells.slice(1);
    raw[i] = { ...r, cells: r.cells.slice(1) };
  });
  // A heading with its marker alone ("Segment EBITA (1)" over rows of the table's full width, closed by
  // "Total segment EBITA"; "Same store sales increase: (3)"): no cell. A lone "(1)" on another label may
  // be an amount whose row lost its other cells ("Other expense, net (7)").
  raw.forEach((r, i) => {
    const cells = joined[i]!;
    if (mode < 2 || cells.length !== 1 || !FOOTNOTE.test(cells[0]!) || !r.label || TOTAL.test(r.label)) return;
    const closed = raw.slice(i + 1).some((x) => norm(x.label) === `total ${norm(r.label)}`);
    if ((!/:$/.test(r.label) && !closed) || (joined[i + 1]?.length ?? 0) < mode) return;
    joined[i] = [];
    raw[i] = { ...r, cells: [] };
  });
  if (mode < 2 && !joined.some((j) => yearRows(j))) return raw;
  const out: RawRow[] = [];
  for (const [i, r] of raw.entries()) {
    const cells = joined[i]!;
    // A maturity schedule's rows run together ("2024 $ 44,700 $ 3,375 $ 41,325 2025 35,635 ..."): a row
    // for each year, labelled by it.
    const years = yearRows(cells);
    if (years) {
      if (r.label) out.push({ label: r.label, cells: [], text: r.label, offset: r.offset });
      for (const y of years) out.push({ label: y.year, cells: y.cells, text: `${y.year} ${y.cells.join(' ')}`, offset: r.offset });
      continue;
    }
    if (mode < 2 || cells.length <= mode || cells.length % mode !== 0) {
      out.push(r);
      continue;
    }
    for (let k = 0; k < cells.length; k += mode) {
      const part = cells.slice(k, k + mode);
      out.push({
        label: k === 0 ? r.label : '',
        cells: part,
        text: k === 0 ? `${r.label} ${part.join(' ')}`.trim() : part.join(' '),
        offset: r.offset,
      });
    }
  }
  return out;
}

const FOOTNOTE = /^\((?:\d|[a-z])\)$/;
// A heading naming a measure rather than a part: it heads a level of its own, under no other.
const MEASURE_HEADING = /\b(?:income|revenues?|sales|expenses?|earnings|profits?|loss|assets|liabilities|cash flows?|ebitda\w*)\b/i;

const TOTAL =
  /^total\b|^net (?:cash|increase|decrease|change)\b|^net (?:income|earnings|loss|revenues?|sales)\b(?!.*\bper\b)|^total net\b/i;
const SUBTOTAL = new RegExp(
  [
    String.raw`^gross (?:profit|margin)\b|^operating (?:income|profit|loss)\b`,
    String.raw`^(?:income|earnings|loss) (?:before|from operations|from continuing)\b|^income \(loss\) before\b`,
  ].join('|'),
  'i',
);

function rowKind(label: string, cells: number): RowKind {
  if (cells === 0) return 'header';
  if (TOTAL.test(label)) return 'total';
  if (SUBTOTAL.test(label)) return 'subtotal';
  return 'data';
}

// Headings statements print above their groups of rows.
const GROUP_HEADING = new RegExp(
  '^(?:cash flows? (?:from|used (?:in|for)|provided by) .*activities' +
    '|(?:operating|investing|financing) activities' +
    '|(?:current|non-?current|long-term) (?:assets|liabilities)|(?:costs and )?(?:operating )?expenses' +
    '|(?:(?:net|total) )?(?:revenues?|sales)|costs? of (?:net )?(?:revenues?|sales)' +
    String.raw`|other income \(expense\)|liabilities and (?:stockholders|shareholders)['’]? equity` +
    "|(?:stockholders|shareholders|shareowners)['’]? equity)$",
  'i',
);

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Rows of the model: cells parsed, aligned when they fill the columns, kind, and the group (the
 * header row above, ended by the total that closes it: "Current assets:" ... "Total current assets").
 * Linear in the rows: what a row is compared with (the totals below it, the labels above it, its
 * group's sums) is looked up, not searched for. */
export function modelRows(raw: RawRow[], columns: number): TableRowModel[] {
  let group: string | null = null;
  // A heading over headings ("Net revenue" over "Las Vegas Strip Resorts", "Regional Operations", ...):
  // the outer level of the rows' path, kept while the inner headings change.
  let outer: string | null = null;
  let groupAt = -1;
  let inGroup = new GroupSums();
  const totalEndsWith = suffixLookup(
    raw.filter((r) => /^total\b/i.test(r.label)).map((r) => norm(r.label.replace(/\([^)]*\)|\d+$/g, ' '))),
  );
  // Each label's first row, for "the same label printed above".
  const firstRow = new Map<string, number>();
  raw.forEach((r, i) => {
    const label = norm(r.label);
    if (!firstRow.has(label)) firstRow.set(label, i);
  });
  return raw.map((r, i) => {
    const texts = joinCellTokens(r.cells);
    let label = r.label;
    // "...net of allowances of $174 and $189": a label that ends on a connective keeps its amount.
    if (columns > 0 && texts.length > columns && /\b(?:and|of|for|to|from|at|by|in|with|or)$/i.test(label))
      label = `${label} ${texts.shift()}`;
    const { cells, labelTail } = parseCells(texts, columns || undefined);
    label = `${label}${labelTail ? ` ${labelTail}` : ''}`.trim();
    // A total printed without its label ("Revenues" ... "Reimbursed costs 11,555" then "3,942,207"):
    // named after its group when its values are the sum of the group's rows.
    if (!label && group && inGroup.sums(cells)) label = `Total ${group.toLowerCase()}`;
    const kind = rowKind(label, cells.length);
    const row: TableRowModel = { label, cells, kind, group, aligned: columns > 0 && cells.length === columns };
    if (kind === 'data' && label) inGroup.add(row);
    // A row without values heads a group when it says so ("Current assets:", "ASSETS", or a later
    // "Total current assets"); otherwise it is more likely a row whose values the text lost.
    const heads = () => {
      const bare = norm(label.replace(/\([^)]*\)/g, ' '));
      return (
        /:$/.test(unmarked(label)) ||
        (/[A-Z]{3}/.test(label) && label === label.toUpperCase()) ||
        GROUP_HEADING.test(label) ||
        totalEndsWith(norm(label)) ||
        (bare.length > 0 && totalEndsWith(bare)) ||
        repeatsAbove(raw, i, firstRow)
      );
    };
    // A heading right under a group's heading, over rows of figures, is the group's first part.
    const nested = kind === 'header' && group !== null && !outer && groupAt === i - 1 && (raw[i + 1]?.cells.length ?? 0) > 0;
    if (kind === 'header' && (nested || heads())) {
      if (nested) outer = group;
      // (A heading that names a measure, "Segment operating income (loss)", is an outer level of its own.)
      else if (MEASURE_HEADING.test(label)) outer = null;
      group = unmarked(label).replace(/:$/, '').trim() || null;
      groupAt = i;
      inGroup = new GroupSums();
    } else if (kind === 'total') {
      const g = norm(group ?? '');
      if (group && (norm(label).includes(g) || /^total$/i.test(label) || closesNamed(label, group))) {
        group = null;
        inGroup = new GroupSums();
      }
      // ("Total segment revenues" closes "Revenues" over "Entertainment", "Sports", ...)
      if (outer && norm(label).includes(norm(outer))) outer = null;
    }
    if (outer && row.group && row.group !== outer) row.path = [outer, row.group];
    return row;
  });
}

/** A label less the footnote markers after its colon: "Connections ('000):(1)" heads a group as
 * "Connections ('000):" does. */
const unmarked = (label: string) => label.replace(/:\s*(?:\(\d{1,2}\)\s*)+$/, ':');

/** Whether some string of `list` ends with a given one, in log time: the strings reversed, sorted, and
 * searched for the first at or after the given one reversed, which starts with it if any does. */
function suffixLookup(list: string[]): (s: string) => boolean {
  const reversed = (s: string) => s.split('').reverse().join('');
  const sorted = list.map(reversed).sort();
  return (s) => {
    const key = reversed(s);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]!.startsWith(key);
  };
}

/** Whether a total names its group less how the group presents it: "Total CooperSurgical net sales"
 * closes "CooperSurgical net sales by category:", "Total segment profit (loss)" "Segment profit (loss)";
 * "Total accounts receivable" (gross) does not close "Accounts receivable, net:", whose allowance and net
 * total follow. */
function closesNamed(label: string, group: string): boolean {
  const named = norm(label).replace(/^total\s+/, '');
  if (!named.includes(' ')) return false;
  const g = norm(group);
  if (g.startsWith(`${named} `) && /^(?:by|per|in)\b/.test(g.slice(named.length + 1))) return true;
  return norm(group.replace(/\([^()]*\)\s*:?\s*$/, '')) === named;
}

/** Whether the row after `i` repeats a label printed above it: the same parts listed again under a
 * new heading ("Revenue" ... "Intelligent Cloud", then "Operating Income" ... "Intelligent Cloud").
 * `firstRow`: each label's first row. */
function repeatsAbove(raw: RawRow[], i: number, firstRow: Map<string, number>): boolean {
  const next = raw[i + 1];
  if (!next || next.cells.length === 0 || !next.label) return false;
  return (firstRow.get(norm(next.label)) ?? i) < i;
}

/** The data rows of a group so far, with each column's sum kept as they come: whether a row's values
 * are the sum of the rows' values in each column (two rows at least, all as wide as it; printed
 * figures are rounded, so within one unit a row). */
class GroupSums {
  private rows = 0;
  /** The rows' common width, or -1 when they differ. */
  private width = 0;
  private totals: number[] = [];

  add(row: TableRowModel): void {
    if (this.rows === 0) this.width = row.cells.length;
    else if (row.cells.length !== this.width) this.width = -1;
    this.rows++;
    if (this.width < 0) return;
    // Summed in the rows' order, as a sum over them would be.
    for (let k = 0; k < this.width; k++) this.totals[k] = (this.totals[k] ?? 0) + (row.cells[k]?.value ?? 0);
  }

  sums(cells: (TableCell | null)[]): boolean {
    if (this.rows < 2 || cells.length === 0 || this.width !== cells.length) return false;
    return cells.every((c, k) => {
      if (!c || c.value === null || c.percent) return false;
      return Math.abs(this.totals[k]! - c.value) <= this.rows && c.value !== 0;
    });
  }
}
