// Tables from runs of non-prose lines of the crawler's text, into the table model: a caption (the short
// lines before the first row, cut at an auditor's report), column headers and their periods (from a
// period line only; inferred from the fiscal year when the text lost them, and marked so), a unit, and
// rows with a label and cells whether the crawler wrote a row on one line or one cell per line. A period
// line inside the table ("Fiscal Year Ended January 31, 2019") starts the next table.
import { parseUnit } from '../tables/cells.js';
import type { TableColumn, TableModel, TableUnit } from '../tables/model.js';
import { isYearsOnly, trailingValueCount, type ClassifiedLine } from './lines.js';
import { statementType } from './statement-type.js';
import { changeAfterDate } from './header-words.js';
import { joinCellTokens } from './table-cells.js';
import {
  amountColumns,
  COLUMN_NAMES,
  differences,
  namedColumns,
  namesOnOneLine,
  namesUnderYears,
  mostCommon,
  leadingYears,
  unhintedColumns,
  namesOver,
  oneDate,
  percentsAfter,
  repeatedNames,
  saidForEach,
  type RawRow,
} from './column-layout.js';
import {
  captionStart,
  columnsFromHeader,
  DATE_LINE,
  dateHeaderLines,
  headerTokens,
  inferredColumns,
  isDateHeaderPiece,
  PERIOD_LINE,
  readHeader,
  type PeriodContext,
} from './table-header.js';
import { namesLine, partNames } from './column-parts.js';
import { rowPeriod } from './row-dates.js';
import { assembleRows, modelRows, splitRunOnRows } from './table-rows.js';
import { SEGMENT_TUNING } from './tuning.js';
import { MAX_ROW_CELLS, MAX_TABLE_ROWS, tooManyCells, tooManyRows } from '../limits.js';

export interface TableDraft {
  model: TableModel;
  captionOffset: number;
  /** The printed line and offset of each row of `model.rows`. */
  lines: { text: string; offset: number }[];
}

export interface TableContext {
  /** The filing's fiscal year and the calendar year its period of report ends in. */
  fiscalYear: number;
  periodYear: number;
  /** The period of report's end, YYYY-MM-DD. */
  periodEnd?: string;
  /** Infer lost year headers (10-K: the columns are the filing's latest years). */
  inferYears: boolean;
  headingPath: string[];
}

const STATEMENT_TITLE = /^(?:consolidated |condensed |combined )*(?:balance sheets?|statements? of [a-z ,'’()]+|income statements?)$/i;

// Lines that title a table or state its period: what the caption is made of.
const TITLE_LIKE = new RegExp(
  String.raw`\bstatements?\b|\bbalance sheets?\b|\b(?:years?|months|weeks|quarters?) ended\b|^(?:as of|at)\b` +
    String.raw`|^\(?(?:in|dollars|amounts|\$)\b.*\b(?:millions|thousands|billions)\b` +
    '|^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?' +
    String.raw`|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2},?(?:\s+(?:19|20)\d\d)?:?$`,
  'i',
);

function findLastIndex<T>(list: T[], test: (x: T, i: number) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!, i)) return i;
  return -1;
}

const PERIOD_HINT =
  /\b(?:years?|fiscal|ended|ending|december|january|february|march|april|may|june|july|august|september|october|november|as of|at)\b/i;
// A heading that says the tables under it are by fiscal year ("For the fiscal years ended October 31").
const YEARS_HEADING = /\b(?:fiscal )?years? ended\b|\bfor the years\b/i;
const MAX_CAPTION_LINES = SEGMENT_TUNING.tables.maxCaptionLines;
// A period line over broken dates: "Three Months Ended,", "Quarters Ended".
const PERIOD_HEAD = /^(?:for the )?(?:(?:three|six|nine|twelve|\d{1,2}) (?:months|weeks)|quarters?|(?:fiscal )?years?) ended,?:?$/i;
const QUARTER_NAME = /^(?:first|second|third|fourth) quarter$/i;
// A table of the last five (or ten) years' figures.
const FIVE_YEARS =
  /\b(?:five|ten|eleven|\d{1,2})[- ]year (?:summary|financial|selected|data)\b|\bselected (?:consolidated )?financial (?:data|information)\b/i;

/** True when a block of non-prose lines holds a table: at least two data lines. */
export function isTableBlock(block: ClassifiedLine[]): boolean {
  let data = 0;
  for (const l of block) if (l.kind === 'row' || l.kind === 'values') if (++data >= 2) return true;
  return false;
}

function modelOf(
  captionLines: string[],
  header: string[] | undefined,
  rawRows: RawRow[],
  ctx: TableContext,
  unit: TableUnit | null,
): TableModel {
  let raw = rawRows;
  // Column names printed one per line after the caption ("Q1" ... "Q4", "Total"), before the first
  // row: as many label-only lines as the rows have cells. They name the columns, under the caption's
  // period line.
  const lead = raw.findIndex((r) => r.cells.length > 0);
  const width = lead > 0 ? joinCellTokens(raw[lead]!.cells).length : 0;
  // (More label-only lines than cells: the names end with "Total", the lines after them head groups of
  // rows: "Activision / Blizzard / King / Total / Segment Revenues".)
  const names = lead === width ? lead : lead > width && /^total$/i.test(raw[width - 1]?.label.trim() ?? '') ? width : 0;
  if (
    !header &&
    names >= 2 &&
    raw.slice(0, names).every((r) => r.label.length <= 40 && /^[\p{L}\d]/u.test(r.label) && !/:$/.test(r.label))
  ) {
    const periodLine = captionLines
      .map((l) => l.trim())
      .filter((l) => PERIOD_LINE.test(l) || DATE_LINE.test(l))
      .pop();
    captionLines = [
      ...captionLines.filter((l) => l.trim() !== periodLine),
      ...raw.slice(0, names).map((r) => r.label),
      ...(periodLine ? [periodLine] : []),
    ];
    raw = raw.slice(names);
  }
  const caption = captionLines.join(' / ');
  const pctx: PeriodContext = {
    fiscalYear: ctx.fiscalYear,
    periodYear: ctx.periodYear,
    periodEnd: ctx.periodEnd,
    caption,
    annual: ctx.inferYears,
  };
  const widths = raw.map((r) => joinCellTokens(r.cells).length).filter((n) => n > 0);
  // (Not Math.max(0, ...widths): spread into arguments, 200,000 rows overflow the stack.)
  const widest = widths.reduce((w, n) => Math.max(w, n), 0);
  // A header fits when the widest row has as many cells, or when most rows do (a label that carries an
  // amount, "net of allowances of $174 and $189", makes one row wider than the table).
  const fits = (n: number) => n > 0 && (n === widest || widths.filter((w) => w === n).length * 2 >= widths.length);
  // As many cells as most rows have, when most do (a row whose label carries an amount is wider).
  const mode = mostCommon(widths);
  const usualWidth =
    mode !== undefined && widths.filter((w) => w === mode).length >= SEGMENT_TUNING.tables.usualWidthShare * widths.length ? mode : widest;
  const years = header?.filter((h) => /\d/.test(h));
  let columns: TableColumn[] = [];
  let amounts: number[] | undefined;
  let named: TableColumn[] | undefined;
  if (header && fits(header.length)) columns = columnsFromHeader(header, pctx);
  else if (years && fits(years.length)) columns = columnsFromHeader(years, pctx);
  else if (years && years.length >= 2 && (named = namesUnderYears(captionLines, years, widest, pctx))) columns = named;
  else if (years && years.length >= 2 && (amounts = amountColumns(raw, widest, years.length))?.length === years.length) {
    // "Fourth Quarter Ended / Fiscal Year Ended" over four dates, each pair followed by its % change.
    const dated = columnsFromHeader(years, pctx);
    columns = Array.from({ length: widest }, (_, j) =>
      amounts!.includes(j) ? dated[amounts!.indexOf(j)]! : { label: '%', period: null, inferred: false },
    );
  } else if (years && years.length >= 2 && percentsAfter(raw, years.length)) {
    // "October 2, 2022 October 3, 2021" over amounts followed by percent changes the header did not name.
    columns = [
      ...columnsFromHeader(years, pctx),
      ...Array.from({ length: widest - years.length }, () => ({ label: '%', period: null, inferred: false })),
    ];
  } else if (header && widest > 0) {
    // Headers that do not line up with the cells (a multi-level header): columns without periods.
    columns = Array.from({ length: widest }, () => ({ label: '', period: null, inferred: false }));
  } else if ((columns = namedColumns(captionLines, widest, pctx)).length > 0) {
    // Segment or entity names as column heads, one per line, under one period line.
  } else if (ctx.inferYears && !header && (amounts = amountColumns(raw, widest))) {
    // "14,826 13,361 11,475 11% 16%", "$ 33,135 $ 29,143 14% 20% $ 28,021 4% 4%": an annual report's
    // years, newest first, with their percentage changes beside them; "103,506 95,300 8,206 8.6%": two
    // years, their difference and its percentage.
    const change =
      amounts.length === 3 &&
      differences(
        raw.map((r) => joinCellTokens(r.cells)).filter((c) => c.length === widest),
        amounts,
      )
        ? amounts.pop()
        : undefined;
    const years = inferredColumns(amounts.length, pctx);
    columns = Array.from({ length: widest }, (_, j) =>
      amounts!.includes(j) ? years[amounts!.indexOf(j)]! : { label: j === change ? 'change' : '%', period: null, inferred: false },
    );
  } else if (ctx.inferYears && usualWidth >= 4 && usualWidth <= 11 && FIVE_YEARS.test(`${caption} ${ctx.headingPath.slice(-1)[0] ?? ''}`)) {
    // "Five-Year Summary", "Selected Financial Data": the filing's latest years, newest first, as
    // inferred as any (settled against the company's other filings before a figure is read).
    columns = inferredColumns(usualWidth, pctx);
  } else if (
    ctx.inferYears &&
    usualWidth >= 1 &&
    usualWidth <= 3 &&
    !(usualWidth >= 2 && oneDate(caption)) &&
    !(usualWidth >= 2 && captionLines.some((l) => COLUMN_NAMES.test(l.trim()))) &&
    (PERIOD_HINT.test(caption) || YEARS_HEADING.test(ctx.headingPath[ctx.headingPath.length - 1] ?? ''))
  ) {
    // The crawler dropped digit-only lines, so "2018 / 2017 / 2016" headers are often gone. A table whose
    // caption names a period and whose rows carry 1 to 3 values gets the filing's latest years: as many
    // as most rows have (one wide row, a label with an amount in it, does not add a year).
    columns = inferredColumns(usualWidth, pctx);
  } else if (widest > 0) {
    columns = Array.from({ length: widest }, () => ({ label: '', period: null, inferred: false }));
  }
  // "United States International Total United States International Total ...": a first line naming the
  // columns again for each year: the years head groups of rows or columns, not these cells; no column
  // is read as a year.
  if (columns.some((c) => c.period) && repeatedNames(raw)) columns = columns.map((c) => ({ ...c, period: null }));
  // "Total Finance Leases Operating Leases" over three columns of no period: their names, one line.
  if (columns.length >= 2 && columns.every((c) => !c.period && !c.label)) {
    const names = namesOnOneLine(namesLine(captionLines[captionLines.length - 1] ?? ''), columns.length);
    if (names) columns = columns.map((c, j) => ({ ...c, label: names[j]!, ...(partNames(names) ? { part: names[j]! } : {}) }));
  }
  columns = leadingYears(captionLines, columns, pctx);
  let rows = modelRows(raw, columns.length);
  const statement = statementType(
    captionLines,
    rows.map((r) => r.label),
  );
  // A primary statement always has year columns: when its caption lost the period line too, its
  // columns are the filing's latest years all the same.
  if (statement && ctx.inferYears && columns.every((c) => !c.period) && usualWidth >= 1 && usualWidth <= 3) {
    columns = inferredColumns(usualWidth, { ...pctx, caption: `${caption} ${statement === 'balance' ? 'balance sheet' : 'years ended'}` });
    rows = modelRows(raw, columns.length);
  }
  const unhinted = statement || header ? undefined : unhintedColumns(columns, captionLines, usualWidth, ctx.inferYears, pctx);
  if (unhinted) [columns, rows] = [unhinted, modelRows(raw, unhinted.length)];
  for (const r of rows) {
    const period = rowPeriod(r.label, pctx);
    if (period) r.period = period;
  }
  // Balances dated in their rows ("Outstanding at October 1, 2022" ... "Outstanding at September 30,
  // 2023"): the columns are no years the text lost, whatever was inferred for them.
  if (rows.some((r) => r.period) && columns.length > 0 && columns.every((c) => c.inferred))
    columns = columns.map(() => ({ label: '', period: null, inferred: false }));
  return { caption, headingPath: ctx.headingPath, unit, columns, rows, statement };
}

function unitOf(lines: string[]): TableUnit | null {
  for (const l of lines) {
    const u = parseUnit(l);
    if (u) return u;
  }
  return null;
}

/**
 * Builds the tables of a block of non-prose lines (blank and noise lines already removed). Lines before
 * the caption window, and an auditor's report's tail, are returned as `lead` (headings).
 */
export function buildTables(block: ClassifiedLine[], ctx: TableContext): { lead: ClassifiedLine[]; tables: TableDraft[] } {
  let first = block.findIndex((l) => l.kind === 'row' || l.kind === 'values');
  // One cell per line: the short line before the first value line is that row's label, not caption.
  if (first > 0 && block[first]!.kind === 'values' && block[first - 1]!.kind === 'short' && !isYearsOnly(block[first]!)) first--;
  // Year-only value lines right at the top are column headers, part of the caption area; so are the
  // lines naming each year's columns under them ("CSG EISG Total CSG EISG Total") and a unit line.
  let yearLines = 0;
  while (first < block.length && isYearsOnly(block[first]!)) yearLines = block[first++]!.cells!.length;
  while (
    yearLines >= 2 &&
    first < block.length &&
    block[first]!.kind === 'short' &&
    (namesOver(block[first]!.text, yearLines) || saidForEach(block[first]!.text, yearLines) || parseUnit(block[first]!.text))
  )
    first++;
  // So are date headers the text broke across lines ("July 2," / "2023 July 3," / "2022 July 2,").
  let pieces = 0;
  // (With the pieces of a change column's "% Change" between them: "2022 %" / "Change July 2,".)
  const piece = (k: number) => isDateHeaderPiece(block[k]!.text) || changeAfterDate(block, k, isDateHeaderPiece);
  while (first + pieces < block.length && piece(first + pieces)) pieces++;
  if (pieces >= 2 || (pieces === 1 && first > 0 && isDateHeaderPiece(block[first - 1]!.text))) first += pieces;
  const head = block.slice(0, first);
  let windowStart = Math.max(0, head.length - MAX_CAPTION_LINES);
  // (A header the text broke into a date a line, "Three Months Ended," / "Dec. 31," / "2020 Sep. 30," ...
  // over eight quarters, is read whole, however many lines it takes.)
  // (So are quarter names a line each, with the sentence introducing them that says their years.)
  const spans = (t: string) => isDateHeaderPiece(t) || PERIOD_HEAD.test(t.trim()) || QUARTER_NAME.test(t.trim());
  while (windowStart > 0 && spans(head[windowStart - 1]!.text)) windowStart--;
  if (windowStart > 0 && QUARTER_NAME.test(head[windowStart]!.text.trim()) && /:\s*$/.test(head[windowStart - 1]!.text)) windowStart--;
  const cut = windowStart + captionStart(head.slice(windowStart).map((l) => l.text));
  const lead = head.slice(0, cut);
  const captionArea = head.slice(cut);
  const body = block.slice(first);

  // Group headers written before the first row ("ASSETS", "Current assets:") are rows, not caption: the
  // caption ends with its last title, unit or period line.
  const lastTitle = findLastIndex(
    captionArea,
    (l, k) =>
      changeAfterDate(captionArea, k, isDateHeaderPiece) ||
      TITLE_LIKE.test(l.text.trim()) ||
      parseUnit(l.text) !== undefined ||
      headerTokens(l.text) !== undefined ||
      isDateHeaderPiece(l.text),
  );
  if (lastTitle >= 0 && lastTitle < captionArea.length - 1) body.unshift(...captionArea.splice(lastTitle + 1));
  // A table of contents of the statements ("Consolidated Balance Sheets / Consolidated Statements of
  // Earnings / ...") before the first statement is not its caption: the last title is.
  const titles = captionArea.map((l, i) => (STATEMENT_TITLE.test(l.text) ? i : -1)).filter((i) => i >= 0);
  if (titles.length > 1) lead.push(...captionArea.splice(0, titles[titles.length - 1]!));
  const tables: TableDraft[] = [];
  let captionLines = captionArea.map((l) => l.text);
  let captionOffset = captionArea[0]?.offset ?? body[0]?.offset ?? 0;
  let unit = unitOf([...captionLines, ...lead.slice(-2).map((l) => l.text)]);
  let header = readHeader(captionLines)?.labels;
  // Caption text without pure year lines (they are the header).
  const titleLines = (lines: string[]) => lines.filter((l) => !/^[\d\s,*]+$/.test(l.trim()));
  let segment: ClassifiedLine[] = [];
  // Whether the segment holds a row or values line (kept as lines come, not searched for at each).
  let segmentData = false;
  const emit = () => {
    if (segment.length === 0) return;
    const years = header?.filter((h) => /\d/.test(h)).length;
    // (A row of each year's named columns is one row: "CSG EISG Total" under each of "2023 2022".)
    const named = years && captionLines.map((l) => namesOver(l, years)).find(Boolean);
    // (Words said again over each year's columns, "Dollars % of Net Revenue": the rows' own count.)
    const width = named ? named.length : years && captionLines.some((l) => saidForEach(l, years)) ? undefined : years;
    const raw = splitRunOnRows(assembleRows(segment), width);
    if (raw.length > MAX_TABLE_ROWS) throw tooManyRows(raw.length, raw[0]!.text);
    const wide = raw.find((r) => r.cells.length > MAX_ROW_CELLS);
    if (wide) throw tooManyCells(wide.cells.length, wide.label);
    if (raw.some((r) => r.cells.length > 0)) {
      const model = modelOf(titleLines(captionLines), header, raw, ctx, unit);
      tables.push({ model, captionOffset, lines: raw.map((r) => ({ text: r.text, offset: r.offset })) });
    }
    segment = [];
    segmentData = false;
  };
  for (let at = 0; at < body.length; at++) {
    const l = body[at]!;
    const t = l.text.trim();
    const periodLine = l.kind === 'short' && (PERIOD_LINE.test(t) || DATE_LINE.test(t));
    const yearLine =
      isYearsOnly(l) ||
      (l.kind !== 'values' && headerTokens(t) !== undefined && trailingValueCount(t) >= 2 && !/[a-z]{3,}.*\d{1,3},\d{3}/i.test(t));
    // A header of dates after rows, on one line ("October 28, 2023 October 29, 2022") or broken over
    // several ("September 29," / "2023 September 30,"): the next note's table, which the text ran on; the
    // last lines after the rows, up to three, introduce it ("5. INVENTORY" / ... / "As of").
    const dates = segmentData && l.kind === 'short' ? dateHeaderLines(body, at) : 0;
    if (dates > 0) {
      const lastData = findLastIndex(segment, (s) => s.kind === 'row' || s.kind === 'values');
      const intro = segment.slice(lastData + 1).slice(-3);
      segment = segment.slice(0, segment.length - intro.length);
      emit();
      captionLines = [...intro.map((s) => s.text), ...body.slice(at, at + dates).map((d) => d.text)];
      captionOffset = intro[0]?.offset ?? l.offset;
      header = readHeader(captionLines)?.labels;
      unit = unitOf(captionLines) ?? unit;
      at += dates - 1;
      continue;
    }
    if ((periodLine || yearLine) && segmentData) {
      // A new period inside the table: the rows so far are one table; the next keeps the columns' names,
      // unless label-only lines after the last row introduce it ("The following table provides
      // information related to our property, plant and equipment - net (in millions):").
      const lastData = findLastIndex(segment, (s) => s.kind === 'row' || s.kind === 'values');
      const intro = segment.slice(lastData + 1);
      const introduced = intro.length > 0 && intro.length <= 3 && intro.every((s) => s.kind === 'short');
      if (introduced) segment = segment.slice(0, lastData + 1);
      emit();
      const keep = introduced
        ? intro.map((s) => s.text)
        : titleLines(captionLines).filter((c) => !PERIOD_LINE.test(c.trim()) && !DATE_LINE.test(c.trim()));
      captionLines = [...keep, t];
      captionOffset = introduced ? intro[0]!.offset : l.offset;
      if (yearLine) header = headerTokens(t) ?? l.cells!.map((c) => c.replace(/[*,]$/, ''));
      unit = unitOf(captionLines) ?? unit;
      continue;
    }
    if (yearLine && segment.length === 0) {
      // "(Millions, except per share amounts) 2022 2021 2020": the header line also states the unit.
      header = headerTokens(t) ?? l.cells!.map((c) => c.replace(/[*,]$/, ''));
      unit = unitOf([t]) ?? unit;
      const lead = l.kind === 'row' ? l.label!.trim() : '';
      if (lead && !captionLines.includes(lead)) captionLines = [...captionLines, lead];
      continue;
    }
    // Each year's column names under a header line of years ("Products & Systems Services Total" twice
    // under "2023 2022"), as many as the first row's cells, head the columns, as they do in the caption.
    const years = header?.filter((h) => /\d/.test(h)).length ?? 0;
    const names = !segmentData && l.kind === 'short' && years >= 2 ? namesOver(t, years) : undefined;
    const next = names && body.slice(body.indexOf(l) + 1).find((b) => b.kind === 'row' || b.kind === 'values');
    if (names && next?.cells && joinCellTokens(next.cells).length === names.length) {
      captionLines = [...captionLines, t];
      continue;
    }
    segment.push(l);
    if (l.kind === 'row' || l.kind === 'values') segmentData = true;
  }
  emit();
  return { lead, tables };
}
