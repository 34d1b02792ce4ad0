// An HTML table to the table model (tables/model.ts): value columns found from where numbers end,
// multi-row headers joined per column (a header cell spanning several columns labels each), each
// column's period from its facts' XBRL contexts or its header, rows with label, cells, kind and
// group. A table without figures (layout, bullets, signatures) is not a table: null. Pure.
import { parseUnit } from '../tables/cells.js';
import type { ColumnPeriod, StatementType, TableColumn, TableModel, TableRowModel, TableUnit, XbrlFact } from '../tables/model.js';
import { periodFromFacts, periodFromHeader } from './periods.js';
import { isYearUnit, rowUnits, type RowUnit } from './row-units.js';
import { rowKinds } from './row-kinds.js';
import type { TableBlock } from './types.js';
import { MONTH_START } from '../text/vocabulary.js';

export interface TableInput {
  block: TableBlock;
  /** Short lines printed just above the table (headings, unit lines), nearest last. */
  before: string[];
  headingPath: string[];
  facts: XbrlFact[];
  annual: boolean;
  nominal?: { m: number; d: number };
}

export interface BuiltTable {
  model: TableModel;
  /** Fact index -> its row and column in the model (no column: the fact is in the row's label). */
  factCells: Map<number, { row: number; column?: number }>;
  /** The table's column headers as printed, one line. */
  headerLine: string;
}

const DATE_TEXT = new RegExp(
  String.raw`\b(?:${MONTH_START})[a-z]*\.?\s+\d{1,2}\b|\b(?:months|weeks|quarter|years?)\s+ended\b|\bfiscal\b`,
  'i',
);

/** Grid columns where numbers end, clustered: two ends one or two columns apart that never share a row are one column. */
function valueColumns(rows: RowUnit[][]): number[][] {
  const ends = new Map<number, Set<number>>();
  rows.forEach((units, r) => {
    for (const u of units) if (u.kind === 'value') (ends.get(u.end) ?? ends.set(u.end, new Set()).get(u.end)!).add(r);
  });
  const sorted = [...ends.keys()].sort((a, b) => a - b);
  const clusters: { ends: number[]; rows: Set<number> }[] = [];
  for (const e of sorted) {
    const rowsAt = ends.get(e)!;
    const last = clusters[clusters.length - 1];
    if (last && e - last.ends[last.ends.length - 1]! <= 2 && ![...rowsAt].some((r) => last.rows.has(r))) {
      last.ends.push(e);
      for (const r of rowsAt) last.rows.add(r);
    } else clusters.push({ ends: [e], rows: new Set(rowsAt) });
  }
  return clusters.map((c) => c.ends);
}

function statementType(line: string): StatementType | null {
  const c = line.toLowerCase();
  if (!/consolidated|condensed/.test(c) || c.length > 120) return null;
  if (/comprehensive (?:income|loss)/.test(c) && !/operations|earnings/.test(c.replace(/comprehensive (?:income|loss)/, '')))
    return 'comprehensive_income';
  if (/cash flows?/.test(c)) return 'cash_flow';
  if (/balance sheets?|financial (?:position|condition)/.test(c)) return 'balance';
  if (/(?:shareholders|stockholders|shareowners)[\u2019']? equity|changes in equity/.test(c)) return 'equity';
  if (/statements? of (?:consolidated )?(?:operations|income|earnings)|income statements?/.test(c)) return 'income';
  return null;
}

function unitFromFacts(facts: XbrlFact[], scales: number[]): TableUnit | null {
  const money = facts.filter((f) => f.unit === 'usd');
  if (money.length === 0 || scales.length === 0) return null;
  const counts = new Map<number, number>();
  for (const s of scales) counts.set(s, (counts.get(s) ?? 0) + 1);
  const scale = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const s = 10 ** scale;
  if (s !== 1 && s !== 1e3 && s !== 1e6 && s !== 1e9) return null;
  const word = s === 1 ? 'dollars' : s === 1e3 ? 'thousands' : s === 1e6 ? 'millions' : 'billions';
  // No unit line printed: the scale the table's own XBRL facts are tagged with.
  return {
    scale: s as TableUnit['scale'],
    currency: 'USD',
    exceptPerShare: facts.some((f) => f.unit === 'usd/shares'),
    exceptShares: false,
    text: `in ${word} (the XBRL facts' scale)`,
  };
}

export function buildTable(input: TableInput, rawScales: (f: number) => number | null): BuiltTable | null {
  const { block } = input;
  // A year in the first column labels its row ("2026  $ 10,000" in a maturity schedule).
  const unitsByRow = block.rows.map((cells) => {
    const units = rowUnits(cells);
    const first = units[0];
    if (first && first.start === 0 && isYearUnit(first) && first.facts.length === 0 && units.length > 1)
      units[0] = { ...first, kind: 'text' };
    return units;
  });
  // The first data row: a label and a figure that is not a year.
  const isData = (units: RowUnit[]) =>
    units.some((u) => u.kind === 'value' && !isYearUnit(u)) && !units.every((u) => u.kind !== 'text' && DATE_TEXT.test(u.text));
  const firstData = unitsByRow.findIndex((u) => isData(u) && u.some((x) => x.kind === 'text'));
  if (firstData < 0) return null;
  // Rows that start with a number are lists (an exhibit index: "3.1 Restated Articles ..."), not figures.
  const valueRows = unitsByRow.filter((u) => u.some((x) => x.kind === 'value' && !isYearUnit(x)));
  if (valueRows.filter((u) => u[0]!.kind === 'value' && u[0]!.facts.length === 0).length > valueRows.length / 2) return null;
  const body = unitsByRow.map((u, i) => (i >= firstData ? u : []));
  const clusters = valueColumns(body.map((u) => u.filter((x) => !isYearUnit(x) || x.facts.length > 0)));
  if (clusters.length === 0 || clusters.length > 40) return null;
  const colOf = (end: number) => clusters.findIndex((c) => c.includes(end));
  // Where the label column ends: the first figure after a label, leftmost over the rows.
  const firstValues = body.flatMap((u) => {
    const i = u.findIndex((x) => x.kind === 'value');
    return i > 0 && u.slice(0, i).some((x) => x.kind === 'text') ? [u[i]!.start] : [];
  });
  // (A loop, not Math.min(...firstValues): spread into arguments, 200,000 rows overflow the stack.)
  const labelLimit = firstValues.length > 0 ? firstValues.reduce((a, b) => Math.min(a, b)) : 0;

  // Header rows: labels per column; label-column lines above the column headers are the caption and
  // unit lines, those below them ("Net sales:") open the body.
  const headerParts: string[][] = clusters.map(() => []);
  const topLines: string[] = [];
  let bodyStart = firstData;
  let sawColumns = false;
  for (let r = 0; r < firstData; r++) {
    const units = unitsByRow[r]!;
    const inColumns = units.filter((u) => u.start >= labelLimit);
    if (sawColumns && inColumns.length === 0 && units.length > 0 && bodyStart === firstData) bodyStart = r;
    if (r >= bodyStart) continue;
    for (const u of units) {
      if (u.start < labelLimit) {
        topLines.push(u.text);
        continue;
      }
      sawColumns = true;
      let hit = clusters.map((c, i) => (c.some((e) => e >= u.start && e <= u.spanEnd) ? i : -1)).filter((i) => i >= 0);
      if (hit.length === 0) {
        const dist = clusters.map((c) => Math.min(...c.map((e) => Math.abs(e - u.spanEnd))));
        hit = [dist.indexOf(Math.min(...dist))];
      }
      for (const i of hit) if (headerParts[i]![headerParts[i]!.length - 1] !== u.text) headerParts[i]!.push(u.text);
    }
  }

  // Rows of the body.
  const rows: TableRowModel[] = [];
  const factCells = new Map<number, { row: number; column?: number }>();
  const meta: { indent: number; double: boolean; top: boolean; bold: boolean }[] = [];
  const colFacts: number[][] = clusters.map(() => []);
  for (let r = bodyStart; r < unitsByRow.length; r++) {
    const units = unitsByRow[r]!;
    if (units.length === 0) continue;
    const values = units.filter((u) => u.kind === 'value' && u.start >= labelLimit);
    const labelUnits = units.filter((u) => u.start < labelLimit || (u.kind === 'text' && u.start < (values[0]?.start ?? Infinity)));
    const label = labelUnits
      .map((u) => u.text)
      .join(' ')
      .trim();
    const cells: TableRowModel['cells'] = clusters.map(() => null);
    for (const v of values) {
      const c = colOf(v.end);
      if (c < 0 || cells[c]) continue;
      cells[c] = { ...v.cell! };
      for (const f of v.facts) {
        factCells.set(f, { row: rows.length, column: c });
        colFacts[c]!.push(f);
      }
      const concept = v.facts.map((f) => input.facts[f]?.concept).find(Boolean);
      if (concept) cells[c]!.concept = concept;
    }
    const yearsOnly = values.length > 0 && values.every(isYearUnit) && values.every((v) => v.facts.length === 0);
    if (!label && (values.length === 0 || yearsOnly)) continue;
    // Facts in the label ("$0.00001 par value; 50,400,000 shares authorized") belong to the row.
    for (const u of labelUnits) for (const f of u.facts) factCells.set(f, { row: rows.length });
    rows.push({
      label: yearsOnly ? `${label} ${values.map((v) => v.text).join(' ')}`.trim() : label,
      cells: yearsOnly ? cells.map(() => null) : cells,
      kind: 'data',
      group: null,
      aligned: true,
    });
    const all = [...labelUnits, ...values];
    meta.push({
      indent: labelUnits[0]?.indent ?? 0,
      double: values.some((v) => v.doubleBorder),
      top: values.some((v) => v.topBorder),
      bold: labelUnits.length > 0 && labelUnits.every((u) => u.bold) && all.length > 0,
    });
  }
  // One figure beside a label (a ZIP code on the cover) is not a table.
  if (rows.filter((r) => r.cells.some((c) => c !== null)).length < 2 && factCells.size === 0) return null;
  rowKinds(rows, meta);

  // Caption: the short lines above the table, not sentences ("We have served as ... since 1974.") or dates.
  const DATE_LINE = /^[A-Z][a-z]+\.? \d{1,2}, \d{4}$/;
  const captionLines = [...input.before.slice(-3), ...topLines].filter(
    (l) => l.length <= 300 && !(/\.$/.test(l) && l.split(' ').length > 6) && !DATE_LINE.test(l),
  );
  const captionSet = new Set(captionLines);
  let unit: TableUnit | null = null;
  for (const l of [...topLines, ...[...input.before].reverse(), ...headerParts.flat()]) {
    unit = parseUnit(l) ?? null;
    if (unit) break;
  }
  const tableFacts = [...factCells.keys()].map((f) => input.facts[f]!).filter(Boolean);
  unit ??= unitFromFacts(
    tableFacts,
    [...factCells.keys()].map(rawScales).filter((s): s is number => s !== null),
  );
  const caption = captionLines.filter((l) => !parseUnit(l) || l.length > 80).join(' / ');
  // A statement's title is a heading, not a sentence that mentions one ("The following table ...").
  const titles = [...input.before, ...topLines].filter(
    (l) => l.length <= 150 && !/[.:]$/.test(l) && !/^(?:the|this|see|as|we|our)\b/i.test(l),
  );
  const type = rows.filter((r) => r.kind !== 'header').length >= 5 ? (titles.map(statementType).filter(Boolean).pop() ?? null) : null;
  const columns: TableColumn[] = clusters.map((_, i) => {
    const label = headerParts[i]!.join(' ').replace(/\s+/g, ' ').trim();
    const fromFacts = periodFromFacts(colFacts[i]!.map((f) => input.facts[f]!).filter(Boolean), input.nominal);
    const fromHeader = periodFromHeader(label, { nominal: input.nominal, annual: input.annual, instantHint: type === 'balance' });
    const period: ColumnPeriod | null = fromFacts ?? fromHeader;
    return { label, period, inferred: false };
  });
  return {
    model: { caption, headingPath: input.headingPath.filter((h) => !captionSet.has(h)).slice(-1), unit, columns, rows, statement: type },
    factCells,
    headerLine: columns
      .map((c) => c.label)
      .filter(Boolean)
      .join(' | '),
  };
}
