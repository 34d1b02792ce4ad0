// A question over several companies, years or measures, answered as a grid: every cell by the same
// figure path as a single question (its own filing, column, unit and verification), each company's
// lines made by `companyBody` exactly as a one-company question's are. A cell that cannot be stated
// stays empty with its reason, never filled from another company or year. Derived from the cells: each
// step's change or growth, a change over the whole range, a difference or ratio between two companies;
// a ranking only when every cell it compares is stated.
import type { FigureUnit } from '../../contract/types.js';
import { OPERATION_KINDS, OPERATIONS, type OperationKind } from '../operations/table.js';
import type { Measure, Operation, Reading } from '../question/reading.js';
import { companyBody, type FigureInput } from './figure-answer.js';
import type { FigureAnswer, FigureLine, Grid, GridCell, GridDerived, Input, Point, RankEntry } from './figure-lines.js';
import { heldText, reportsYear } from './holdings.js';
import { compute } from './operate.js';
import { picksOf } from './picks.js';
import { measureName } from './written-names.js';

const fyOf = (f: { sec_fiscal_year: string }) => Number(f.sec_fiscal_year.slice(3));
const stated = (l: FigureLine | undefined): l is Extract<FigureLine, { kind: 'value' | 'computed' | 'count' }> =>
  !!l && (l.kind === 'value' || l.kind === 'computed' || l.kind === 'count');
const amountOf = (l: FigureLine): number =>
  l.kind === 'value' ? l.input.amount : l.kind === 'computed' ? l.value : l.kind === 'count' ? Number(l.count.replace(/[^\d.]/g, '')) : NaN;

/** Whether a reading asks for a grid: several companies, several years or measures of a level, a
 * series' steps, or which leads. A single company's operation over its own measures or two years is
 * one figure, answered as before. */
export function isGrid(r: Reading, tickers: string[], asked: number[]): boolean {
  const op = r.operation;
  const years = [...new Set(asked)];
  if (op.rank || op.across || op.steps || r.set) return true;
  if (tickers.length >= 2) return true;
  // An operation over a company's own measures, asked of several years ("AWS as a share of net sales
  // each year 2015-2017"), is each year's.
  if (op.kind !== 'value') return years.length >= 2 && r.measures.length >= 2 && !op.overYears && OPERATIONS[op.kind].ofMeasures;
  return years.length >= 2 || r.measures.length >= 2;
}

/** The grid of `given`'s companies, measures and years. */
export async function answerGrid(input: FigureInput): Promise<FigureAnswer> {
  // Which of a company's parts leads: its segments, each a measure narrowed to it.
  const parted = partsGrid(input);
  if (parted && 'line' in parted) return { lines: [parted.line], picks: [] };
  const given = parted ?? input;
  const r = given.reading;
  const op = r.operation;
  // Levels (and changes of them) are read cell by cell; an operation over a company's own measures
  // ("ratio of R&D to revenue") is that company's one figure, its inputs the cells.
  const levels = OPERATIONS[op.kind].shape !== 'combine' || !!op.across;
  // A change asked of each year (or of one year) needs the year before the first as its base.
  const asked = [...new Set(given.years)].sort((a, b) => a - b);
  const base = levels && OPERATIONS[op.kind].shape === 'change' && !op.across && (op.steps || asked.length === 1) && asked.length > 0;
  const years = base ? [asked[0]! - 1, ...asked] : asked;
  const cellReading: Reading = levels ? { ...r, operation: { kind: 'value' }, period: { ...r.period, range: years.length > 1 } } : r;
  const grid: Grid = {
    tickers: given.tickers,
    measures: [],
    years,
    point: pointOf(r),
    op,
    cells: [],
    derived: [],
    changes: [],
    rankings: [],
    ...(r.set ? { set: r.set } : {}),
  };
  const lines: FigureLine[] = [];
  const partNames = new Map((parted?.ranked ?? []).map((p) => [measureName(p.measure), p.name]));
  const keyOf = (m: Measure) => {
    const key = measureName(m);
    const part = partNames.get(key);
    if (!grid.measures.some((x) => x.key === key)) grid.measures.push({ key, measure: m, ...(part ? { part } : {}) });
    return key;
  };
  r.measures.forEach(keyOf);
  // The companies in the order the question names them; one the index holds nothing of is a row of
  // empty cells saying so.
  const absent = new Map((given.missing ?? []).map((m) => [m.ticker, m]));
  grid.tickers = [...new Set([...r.companies.map((c) => c.ticker), ...given.tickers])].filter(
    (t) => given.tickers.includes(t) || absent.has(t),
  );
  for (const ticker of grid.tickers) {
    if (absent.has(ticker)) {
      const none: FigureLine = { kind: 'unheld', ticker, what: 'filings', held: '', pull: `filings corpus pull ${ticker}` };
      for (const { key } of grid.measures) for (const y of years) grid.cells.push({ ticker, measure: key, year: y, line: none });
      continue;
    }
    const all = given.filings.filter((f) => f.sec_ticker === ticker);
    // A year no filing of the company reports is an empty cell saying so; the others are answered.
    // (A 10-Q of the year prints no figure of the year as a whole.)
    const annual = grid.point.quarter === undefined && !grid.point.trailing && !grid.point.secondHalf;
    // (A year the company's XBRL company facts hold is answered from them.)
    const facts = given.facts?.(ticker);
    const reports = (y: number) =>
      all.some((f) => reportsYear(f, y) && !(annual && f.sec_form_type.startsWith('10-Q') && fyOf(f) === y)) || !!facts?.holdsYear(y);
    const held = r.source || all.length === 0 ? years : years.filter(reports);
    const unheld = years.filter((y) => !held.includes(y));
    const newestFirst = [...held].reverse();
    const at = (ys: number[]) => ({
      ...given,
      reading: { ...cellReading, period: { ...cellReading.period, years: ys, range: ys.length > 1 } },
      years: ys,
    });
    // An operation over a company's own measures ("AWS as a share of net sales") is each year's.
    const body: FigureLine[] = [];
    if (!levels && !op.overYears) for (const y of newestFirst) body.push(...(await companyBody(at([y]), ticker)));
    else if (held.length > 0) body.push(...(await companyBody(at(newestFirst), ticker)));
    lines.push(...body);
    for (const l of body) {
      if (l.kind === 'value') grid.cells.push({ ticker, measure: keyOf(l.input.measure), year: l.input.point.year, line: l });
      else if (l.kind === 'absent') grid.cells.push({ ticker, measure: keyOf(l.measure), year: l.point.year, line: l });
      else if (l.kind === 'count') grid.cells.push({ ticker, measure: grid.measures[0]?.key ?? l.noun, year: l.year, line: l });
      else if (l.kind === 'computed') {
        // An operation over the company's measures: its inputs are the cells, its result derived.
        for (const i of l.inputs)
          grid.cells.push({ ticker, measure: keyOf(i.measure), year: i.point.year, line: { kind: 'value', ticker, input: i } });
        grid.derived.push({ ticker, measure: keyOf(l.inputs[0]!.measure), year: l.inputs[0]!.point.year, op: l.op, line: l });
      }
    }
    // Lines that say why a whole company is not answered (a question not read as asked, a named source
    // not held) fill each of its empty cells.
    const whole = body.find((l) => l.kind === 'blocked' || l.kind === 'unheld');
    const pull = unheld.length > 0 ? unheldLine(ticker, unheld, all) : undefined;
    if (pull) lines.push(pull);
    for (const { key } of grid.measures) {
      for (const y of years) {
        if (grid.cells.some((c) => c.ticker === ticker && c.measure === key && c.year === y)) continue;
        const why = unheld.includes(y) ? pull : whole;
        if (why) grid.cells.push({ ticker, measure: key, year: y, line: why });
      }
    }
  }
  if (levels) derive(grid, op, lines);
  rangeChanges(grid);
  rank(grid, op, lines);
  if (grid.set) orderMembers(grid);
  const kept = lines;
  return { lines: kept, picks: picksOf(kept, given.chains), grid };
}

/** A ranking among one company's parts: the grid of the measure narrowed to each segment its report
 * lists (all of them, or none is ranked), or the line saying why not. */
function partsGrid(
  given: FigureInput,
): (FigureInput & { ranked: { name: string; measure: Measure }[] }) | { line: FigureLine } | undefined {
  const r = given.reading;
  const [ticker] = given.tickers;
  const [m] = r.measures;
  if (!r.operation.parts || !ticker || !m || given.tickers.length !== 1 || r.measures.length !== 1) return undefined;
  const year = Math.max(...given.years);
  const names = given.parts?.(ticker, year) ?? [];
  if (names.length < 2) {
    const need = "the company's segments, which no report of the year lists whole";
    return { line: { kind: 'absent', ticker, measure: m, point: { year }, missing: { kind: 'missing', why: 'derive', need } } };
  }
  const base = wholeName(m);
  const parts = names.map((name) => ({
    name,
    measure: {
      ...m,
      text: `${name} ${m.text}`,
      // (Its words too: a label beyond the lexicon is read with the part's name in it.)
      words: [...m.words, ...partWords(name)],
      qualifiers: [...m.qualifiers, ...partWords(name)],
      label: `${base} (${[...m.qualifiers, name].join(' ')})`,
    },
  }));
  return { ...given, reading: { ...r, measures: parts.map((p) => p.measure) }, ranked: parts };
}

/** A measure's name without the part it is narrowed to ("operating income"). */
const wholeName = (m: Measure) => measureName({ ...m, qualifiers: [], label: undefined });

/** A part's name as a measure's qualifiers: its words, lower case ("health care"). */
const partWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9.'’-]+/)
    .filter((w) => w && !/^(?:and|of|the|&)$/.test(w));

/** The part of each year a reading asks: a quarter, a half, nine months, the trailing twelve months. */
export function pointOf(r: Reading): Omit<Point, 'year'> {
  const p = r.period;
  return {
    ...(p.quarter !== undefined ? { quarter: p.quarter } : {}),
    ...(p.months !== undefined ? { months: p.months } : {}),
    ...(p.secondHalf ? { secondHalf: true } : {}),
    ...(p.trailing ? { trailing: true } : {}),
  };
}

function unheldLine(ticker: string, unheld: number[], all: FigureInput['filings']): FigureLine {
  const span = unheld.length > 1 ? `${unheld[0]}-${unheld[unheld.length - 1]}` : `${unheld[0]}`;
  return {
    kind: 'unheld',
    ticker,
    what: `filings for fiscal ${unheld.join(', ')}`,
    held: all.length > 0 ? heldText(all) : 'no filings',
    pull: `filings corpus pull ${ticker} --years ${span}`,
  };
}

const cellAt = (g: Grid, ticker: string, measure: string, year: number) =>
  g.cells.find((c) => c.ticker === ticker && c.measure === measure && c.year === year);

/** `op` of two cells' figures (newer before older, or the first company before the second), or why
 * not: the cell that is missing. */
function between(g: Grid, op: OperationKind, a: GridCell | undefined, b: GridCell | undefined, span?: number): FigureLine {
  const ta = a?.line.kind === 'value' ? a.line.input : undefined;
  const tb = b?.line.kind === 'value' ? b.line.input : undefined;
  const first = a ?? b!;
  if (!ta || !tb) {
    const lacking = !ta ? a : b;
    const need = lacking
      ? `${lacking.ticker}'s ${lacking.measure} for fiscal ${lacking.year}, which is not stated`
      : 'a figure the grid does not hold';
    const measure = g.measures.find((m) => m.key === first.measure)!.measure;
    return {
      kind: 'absent',
      ticker: first.ticker,
      measure,
      point: { year: first.year },
      missing: { kind: 'missing', why: 'derive', need },
    };
  }
  const c = compute(op, [ta, tb] as Input[], span);
  if ('error' in c) {
    return {
      kind: 'absent',
      ticker: first.ticker,
      measure: ta.measure,
      point: ta.point,
      missing: { kind: 'missing', why: 'derive', need: c.error },
    };
  }
  const tickers = a!.ticker !== b!.ticker ? { tickers: [a!.ticker, b!.ticker] } : {};
  return { kind: 'computed', ticker: first.ticker, op, value: c.value, unit: c.unit, inputs: [ta, tb], ...tickers };
}

/** Each step's change or growth, the change over the range, or a difference or ratio between the two
 * companies, from the cells. */
function derive(g: Grid, op: Operation, lines: FigureLine[]): void {
  const push = (d: GridDerived) => {
    g.derived.push(d);
    lines.push(d.line);
  };
  if (op.across) {
    const [t0, t1] = g.tickers;
    if (!t0 || !t1) return;
    // Every operation taken between two companies (the difference and the ratio), the one asked first.
    const between2 = OPERATION_KINDS.filter((k) => OPERATIONS[k].across);
    const kinds = [...between2.filter((k) => k === op.kind), ...between2.filter((k) => k !== op.kind)];
    for (const { key } of g.measures)
      for (const y of g.years)
        for (const kind of kinds) {
          const line = between(g, kind, cellAt(g, t0, key, y), cellAt(g, t1, key, y));
          if (kind !== op.kind && line.kind !== 'computed') continue;
          push({ ticker: t0, other: t1, measure: key, year: y, op: kind, line });
        }
    return;
  }
  if (op.kind === 'value' || g.years.length < 2) return;
  for (const ticker of g.tickers)
    for (const { key } of g.measures) {
      if (op.steps) {
        for (let k = 1; k < g.years.length; k++) {
          const [from, to] = [g.years[k - 1]!, g.years[k]!];
          const line = between(g, op.kind, cellAt(g, ticker, key, to), cellAt(g, ticker, key, from), to - from);
          push({ ticker, measure: key, year: to, fromYear: from, op: op.kind, line });
        }
      } else {
        const [from, to] = [g.years[0]!, g.years[g.years.length - 1]!];
        const line = between(g, op.kind, cellAt(g, ticker, key, to), cellAt(g, ticker, key, from), to - from);
        push({ ticker, measure: key, year: to, fromYear: from, op: op.kind, line });
      }
    }
}

/** Over a series of values, each row's change from its first stated figure to its last: growth for
 * amounts, points for rates (a ratio, a count of days has none). The row's own figures, so a row with
 * an empty first or last year spans the years it states. */
function rangeChanges(g: Grid): void {
  if (g.op.kind !== 'value' || g.op.across || g.years.length < 2) return;
  for (const ticker of g.tickers)
    for (const { key } of g.measures) {
      const stated = g.years.flatMap((y) => {
        const c = cellAt(g, ticker, key, y);
        return c?.line.kind === 'value' ? [c] : [];
      });
      const [first, last] = [stated[0], stated[stated.length - 1]];
      if (!first || !last || first === last || first.line.kind !== 'value') continue;
      const unit = first.line.input.unit;
      const op: OperationKind | undefined = unit === 'percent' ? 'change' : GROWS.has(unit) ? 'pct_change' : undefined;
      if (!op) continue;
      const line = between(g, op, last, first, last.year - first.year);
      if (line.kind === 'computed') g.changes.push({ ticker, measure: key, year: last.year, fromYear: first.year, op, line });
    }
}

/** The units whose change over a range is said as growth. */
const GROWS = new Set<FigureUnit>(['USD', 'USD/share', 'shares', 'count']);

/** Which leads: among companies (or, for one company, among its years), by level or by the change
 * derived, stated only when every figure compared is; among a set's members, those stated, the others
 * named (the first N when asked). */
function rank(g: Grid, op: Operation, lines: FigureLine[]): void {
  const order = op.rank?.order;
  if (!order || g.measures.length === 0) return;
  const measure = g.measures[0]!.key;
  const sign = order === 'desc' ? -1 : 1;
  const ranking = (year: number, kind: OperationKind, entries: RankEntry[], of = measure) => {
    const missing = entries.filter((e) => !stated(e.line));
    const ranked =
      missing.length > 0 && !g.set
        ? []
        : entries.filter((e) => stated(e.line)).sort((a, b) => sign * (amountOf(a.line) - amountOf(b.line)));
    const top = g.set && op.top ? { top: op.top } : {};
    const cut = op.top && g.set ? { ranked: ranked.slice(0, op.top), all: ranked } : { ranked };
    g.rankings.push({ order, measure: of, year, op: kind, ...cut, missing, ...top });
  };
  if (op.parts) {
    // The company's parts, each a measure: their levels at the last year, or their growth to it.
    const t = g.tickers[0]!;
    const last = g.years[g.years.length - 1]!;
    const growth = op.kind !== 'value';
    const entries = g.measures.flatMap(({ key }) => {
      const line = growth
        ? g.derived.find((d) => d.ticker === t && d.measure === key && d.year === last)?.line
        : cellAt(g, t, key, last)?.line;
      return line ? [{ ticker: t, year: last, line, measure: key }] : [];
    });
    ranking(last, growth ? op.kind : 'value', entries, wholeName(g.measures[0]!.measure));
    return;
  }
  const derived = g.derived.filter((d) => d.measure === measure && !d.other);
  if (derived.length > 0 && op.kind !== 'value') {
    // Growth or change compared: each company's over the range (the last step's when per step).
    const last = g.years[g.years.length - 1]!;
    ranking(
      last,
      op.kind,
      g.tickers.map((t) => derived.filter((d) => d.ticker === t && d.year === last).pop()).flatMap((d) => (d ? [d] : [])),
    );
    return;
  }
  if (g.tickers.length === 1) {
    // "In which year was revenue highest": the company's years.
    const t = g.tickers[0]!;
    ranking(
      g.years[g.years.length - 1]!,
      'value',
      g.years.map((y) => ({ ticker: t, year: y, line: cellAt(g, t, measure, y)?.line })).filter(hasLine),
    );
    return;
  }
  // Among companies: each year asked "each year", else the latest.
  const years = op.steps ? g.years : [g.years[g.years.length - 1]!];
  for (const y of years)
    ranking(y, 'value', g.tickers.map((t) => ({ ticker: t, year: y, line: cellAt(g, t, measure, y)?.line })).filter(hasLine));
  // Two companies ranked: by how much the first leads (of a set's members, the ranking says it).
  for (const k of g.set ? [] : g.rankings) {
    const [a, b] = k.ranked;
    if (k.ranked.length !== 2 || !a || !b) continue;
    const line = between(g, 'difference', cellAt(g, a.ticker, measure, k.year), cellAt(g, b.ticker, measure, k.year));
    if (line.kind !== 'computed') continue;
    g.derived.push({ ticker: a.ticker, other: b.ticker, measure, year: k.year, op: 'difference', line });
    lines.push(line);
  }
}

/** A set's members in the order of its ranking (those ranked, then the others stated, then those not
 * stated), so that every format lists them so. */
function orderMembers(g: Grid): void {
  const k = g.rankings[0];
  if (!k) return;
  const ranked = (k.all ?? k.ranked).map((e) => e.ticker);
  g.tickers = [...ranked, ...g.tickers.filter((t) => !ranked.includes(t))];
}

const hasLine = (e: {
  ticker: string;
  year: number;
  line: FigureLine | undefined;
}): e is { ticker: string; year: number; line: FigureLine } => e.line !== undefined;
