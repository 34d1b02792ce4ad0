// A model's figures held to its evidence. Every figure the model states ("$1,577 million in FY2018",
// "5.2%", "$2.49 per share") is looked up among the figures its evidence shows: the cells of the
// table rows it was given (each under a column with its fiscal year, in the table's unit and scale) and
// the amounts its sentences state. A figure checks when the evidence shows the same value, in a
// compatible unit, within the rounding of the digits printed, for the year the model says (or the
// sentence names none); or when it is a change, sum, ratio, share, growth rate or average computed
// from the inputs the answer gives (figures it states that check, and the other years of their rows). A figure found only
// under another year's column is a wrong column; one found nowhere is not in the evidence. Neither is
// kept silent: it is marked in the text (marks.ts) and described in a notice.
import type { EvidenceChain } from '../evidence/types.js';
import type { TableModel } from '../tables/model.js';
import { UNVERIFIED, sentencePieces } from './marks.js';

type Kind = 'money' | 'percent' | 'per_share' | 'times' | 'plain';

/** A figure the evidence shows. */
interface Known {
  value: number;
  /** Half a unit of its last printed digit, in the value's unit. */
  tol: number;
  kind: Kind;
  /** The value as printed, before the table's scale ("1,577" of a table in millions). */
  printed: number;
  /** The fiscal years it stands for; empty when the evidence does not say. */
  years: number[];
  /** The table row it sits in (its other cells are the same line item in other years), and its cell. */
  row?: string;
  cell?: string;
}

/** A sentence of the model's, read: its figures, what the evidence shows of each, and the matches for
 * the year each is given. */
export interface ReadSentence {
  sentence: string;
  figures: Stated[];
  found: Known[][];
  stated: Known[][];
}

/** A figure the model states. */
interface Stated {
  text: string;
  start: number;
  end: number;
  value: number;
  tol: number;
  kind: Kind;
  /** No unit, no dollar sign: compared with figures as printed too. */
  bare: boolean;
  /** No scale word ("$6.42", "$11.37 per share"): a small amount is compared as printed too, the way
   * per-share amounts and prices stand in a table of millions. */
  unscaled: boolean;
  year?: number;
}

export interface FigureCheck {
  /** The figure as the model wrote it. */
  text: string;
  status: 'stated' | 'computed' | 'wrong_column' | 'not_in_evidence';
  year?: number;
  /** For a wrong column: the years the evidence shows the value for. */
  evidenceYears?: number[];
}

const SCALE: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, mm: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };
const MONTH = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*$/i;
const LABEL = /\b(?:item|note|part|tier|level|class|series|section|rule|form|exhibit|phase|no\.|number)\s*$/i;
const FIGURE = /(\$\s?)?\(?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\)?(?:\s*(%|percent\b|per cent\b|percentage points?\b|basis points\b|bps\b|trillion\b|billion\b|bn\b|million\b|mn\b|mm\b|thousand\b|x\b|times\b|[kmb]\b))?(\s*per (?:diluted |basic |common )?share\b)?/gi;
const YEAR = /\b(?:fiscal(?: year)?\s*|fy\s?'?)?((?:19|20)\d\d)\b|\bfy\s?'?(\d\d)\b/gi;

function decimalsOf(digits: string): number {
  return digits.includes('.') ? digits.split('.')[1]!.length : 0;
}

/** The years a text names, where: "FY2018", "fiscal 2022", "2021", "FY22". */
function yearsIn(text: string): { year: number; at: number }[] {
  return [...text.matchAll(YEAR)].map((m) => ({ year: m[1] ? Number(m[1]) : 2000 + Number(m[2]), at: m.index! }));
}

/** The figures a sentence of the model's states, with the year nearest each (when it names any). */
export function statedFigures(sentence: string): Stated[] {
  // Citations ("[A]", "[B, C]") blanked, so their letters and digits are not read.
  const text = sentence.replace(/\[[^\]\n]{1,40}\]/g, (m) => ' '.repeat(m.length));
  // A date's year ("filed on February 7, 2019") says when, not which year a figure is of, unless the
  // sentence names no other ("total assets of $X as of December 31, 2022").
  const all = yearsIn(text);
  const plain = all.filter((y) => !/(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s*$/i.test(text.slice(Math.max(0, y.at - 16), y.at)));
  const years = plain.length > 0 ? plain : all;
  const out: Stated[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const start = m.index!;
    const digits = m[2]!;
    const numAt = text.indexOf(digits, start);
    const before = text.slice(Math.max(0, numAt - 20), numAt);
    const after = text.slice(numAt + digits.length, numAt + digits.length + 3);
    const unit = m[3]?.toLowerCase();
    const dollar = Boolean(m[1]);
    const perShare = Boolean(m[4]);
    // Digits of a name or a code ("10-K", "FY2023", "Q2", "3M", "401(k)"), a date, a label's number.
    if (/[A-Za-z]$/.test(text.slice(0, numAt)) || (!unit && /^[A-Za-z]/.test(after))) continue;
    if (/^\(k\)/i.test(after) || /^-[A-Za-z]/.test(after) || /^(?:st|nd|rd|th)\b/i.test(after)) continue;
    if (MONTH.test(before) || LABEL.test(before)) continue;
    if (/^\s*,?\s*(?:19|20)\d\d\b/.test(text.slice(numAt + digits.length)) && /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*$/i.test(before)) continue;
    const n = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(n)) continue;
    const scaleWord = unit && SCALE[unit] !== undefined && (unit.length > 1 || dollar) ? SCALE[unit]! : 1;
    const percent = unit === '%' || unit === 'percent' || unit === 'per cent';
    if (unit && /points|bps/.test(unit)) continue; // a change in points is said of a percentage the answer states
    // A year, a small count ("three segments", "2 years") or a bare number of one or two digits says
    // nothing to check.
    const bare = !dollar && !percent && !perShare && scaleWord === 1 && unit !== 'x' && unit !== 'times';
    if (bare && /^(?:19|20)\d\d$/.test(digits)) continue;
    if (bare && !digits.includes(',') && digits.replace(/\D/g, '').replace(/^0+/, '').length < 3) continue;
    const kind: Kind = percent ? 'percent' : perShare ? 'per_share' : unit === 'x' || unit === 'times' ? 'times' : dollar || scaleWord > 1 ? 'money' : 'plain';
    const end = start + m[0].length;
    // The year nearest the figure, after it on a tie ("$1,577 million in FY2018").
    let year: number | undefined;
    let best = Infinity;
    for (const y of years) {
      const d = y.at >= end ? y.at - end : start - y.at + 0.5;
      if (d < best) ((best = d), (year = y.year));
    }
    out.push({ text: sentence.slice(start, end).trim(), start, end, value: n * scaleWord, tol: (0.5 * scaleWord) / 10 ** decimalsOf(digits), kind, bare, unscaled: scaleWord === 1, ...(year !== undefined ? { year } : {}) });
  }
  return out;
}

/** Kinds the evidence may show a stated kind as. */
const COMPATIBLE: Record<Kind, Kind[]> = {
  money: ['money', 'plain', 'per_share'],
  percent: ['percent'],
  per_share: ['per_share', 'plain', 'money'],
  times: ['plain', 'times'],
  plain: ['plain', 'money', 'percent', 'per_share'],
};

function tableKnowns(model: TableModel, rows: number[], key: string): Known[] {
  const out: Known[] = [];
  const unitScale = model.unit?.scale ?? 1;
  for (const ri of rows) {
    const row = model.rows[ri];
    if (!row) continue;
    // "Diluted earnings per share: / Net income": the group says it too.
    const perShare = /\bper (?:\w+ )?(?:share|unit)\b/i.test(`${row.label} ${row.group ?? ''}`);
    const byColumn = row.aligned && row.cells.length === model.columns.length;
    row.cells.forEach((cell, ci) => {
      if (!cell || cell.value === null) return;
      const col = byColumn ? model.columns[ci] : undefined;
      const years = new Set<number>();
      if (col?.period) years.add(col.period.fiscalYear);
      for (const y of yearsIn(col?.label ?? '')) years.add(y.year);
      const scale = cell.percent || perShare ? 1 : unitScale;
      const printed = Math.abs(cell.value);
      out.push({
        value: printed * scale,
        printed,
        tol: (0.5 * scale) / 10 ** decimalsOf(cell.text.replace(/[^\d.]/g, '')),
        kind: cell.percent ? 'percent' : perShare ? 'per_share' : model.unit?.currency || unitScale > 1 ? 'money' : 'plain',
        years: [...years],
        row: `${key}:${ri}`,
        cell: `${key}:${ri}:${ci}`,
      });
    });
  }
  return out;
}

function textKnowns(text: string): Known[] {
  const years = [...new Set(yearsIn(text).map((y) => y.year))];
  return statedFigures(text).map((f) => ({ value: Math.abs(f.value), printed: Math.abs(f.value), tol: f.tol, kind: f.kind, years: f.year !== undefined && years.length > 1 ? [f.year] : years }));
}

/** Every figure the evidence shows: the rows of its tables (the rows each chain shows) and the amounts
 * its sentences and context lines state. */
export function evidenceFigures(chains: EvidenceChain[]): Known[] {
  const out: Known[] = [];
  for (const c of chains) {
    if (c.table) {
      out.push(...tableKnowns(c.table.table.model, c.table.shown, `t${c.table.table.id}`));
    }
    for (const e of c.entries) {
      if (e.row) out.push(...tableKnowns(e.row.table.model, [e.row.index], `t${e.row.table.id}`));
      else out.push(...textKnowns(e.consensus));
      if (!c.table && !e.row) for (const s of e.sources) for (const ctx of s.context) out.push(...textKnowns(ctx));
    }
  }
  return out;
}

const near = (a: number, b: number, tol: number) => Math.abs(Math.abs(a) - Math.abs(b)) <= tol + 1e-9 * Math.max(1, Math.abs(b));

/** Checks a model's answer a sentence at a time, against the evidence it was given. */
export class FigureChecker {
  private readonly known: Known[];
  /** Figures the answer stated that check, and the rows they came from: a computation's inputs. */
  private readonly inputs: Known[] = [];
  readonly checks: FigureCheck[] = [];

  constructor(
    chains: EvidenceChain[],
    /** Companies whose fiscal years the filings name one off the index's (ULTA -1): the model may use either. */
    private readonly fiscalNaming: number[] = [],
  ) {
    this.known = evidenceFigures(chains);
  }

  private sameYear(k: Known, year: number): boolean {
    return [0, ...this.fiscalNaming].some((d) => k.years.includes(year - d));
  }

  /** The matches that stand for the year the model gives. A value the evidence shows for some years
   * stands for those; shown without a year (a table whose header was lost, a sentence naming none) it
   * stands for any, unless the evidence shows it elsewhere for another year. */
  private forYear(found: Known[], year: number | undefined): Known[] {
    if (year === undefined) return found;
    const dated = found.filter((k) => k.years.length > 0);
    return dated.length > 0 ? dated.filter((k) => this.sameYear(k, year)) : found;
  }

  private matches(f: Stated): Known[] {
    return this.known.filter((k) => {
      if (!COMPATIBLE[f.kind].includes(k.kind)) return false;
      const tol = Math.max(f.tol, k.tol);
      const asPrinted = f.bare || (f.unscaled && Math.abs(f.value) < 1000);
      return near(f.value, k.value, tol) || (asPrinted && near(f.value, k.printed, f.bare ? Math.max(f.tol, 0.5) : Math.max(f.tol, k.tol / (k.value / (k.printed || 1)))));
    });
  }

  /** Whether `f` is computed from the inputs the answer gives: the figures it states that check, and
   * the other years of their rows ("up 14.9% from FY2017"). A ratio whose inputs the answer does not
   * state is not taken on trust: any two of the hundreds of figures of an evidence make some ratio. */
  private computed(f: Stated): boolean {
    const rows = new Set(this.inputs.map((k) => k.row).filter(Boolean));
    const byCell = new Map<string, Known>();
    for (const k of [...this.inputs, ...this.known.filter((k) => k.row && rows.has(k.row))]) if (k.value !== 0) byCell.set(k.cell ?? `${k.value}:${k.years.join(',')}`, k);
    const pool = [...byCell.values()];
    const tol = Math.max(f.tol, 0.005 * Math.abs(f.value));
    const v = Math.abs(f.value);
    // A row's total or average over its years ("averaged $1,457 million over 2016-2018").
    if (f.kind !== 'percent') {
      for (const row of rows) {
        const vals = pool.filter((k) => k.row === row).map((k) => k.value);
        const sum = vals.reduce((a, b) => a + b, 0);
        if (vals.length > 2 && (near(v, sum, tol) || near(v, sum / vals.length, tol))) return true;
      }
    }
    // Two line items of one period (a ratio, a share, a sum or a difference), or one line item over
    // two periods (a change, a growth rate): never one line item's year over another's.
    const oneYear = (a: Known, b: Known) => {
      if (a.years.length === 0 || b.years.length === 0) return true;
      const both = a.years.filter((y) => b.years.includes(y));
      return both.length > 0 && (f.year === undefined || [0, ...this.fiscalNaming].some((d) => both.includes(f.year! - d)));
    };
    const overYears = (a: Known, b: Known) => a.row !== undefined && a.row === b.row && a.years[0] !== undefined && b.years[0] !== undefined && a.years[0] !== b.years[0];
    // Three of the answer's own inputs of one year: (a - b) / c, a / the average of b and c
    // ("a quick ratio", "an inventory turnover", "a return on average assets").
    const own = [...new Map(this.inputs.map((k) => [k.cell ?? `${k.value}`, k])).values()].filter((k) => k.value !== 0);
    for (const a of own) {
      for (const b of own) {
        for (const c of own) {
          if (a === b || b === c || a === c) continue;
          const results = [(a.value - b.value) / c.value, (a.value + b.value) / c.value, a.value / ((b.value + c.value) / 2)];
          if (results.some((r) => near(v, f.kind === 'percent' ? 100 * r : r, tol))) return true;
        }
      }
    }
    for (const a of pool) {
      for (const b of pool) {
        if (a === b) continue;
        const results: number[] = [];
        const same = oneYear(a, b);
        const across = overYears(a, b);
        if (f.kind === 'percent') {
          if (same) results.push((100 * a.value) / b.value);
          if (across || same) results.push((100 * (a.value - b.value)) / b.value);
          if (across && a.years[0]! > b.years[0]!) results.push(100 * ((a.value / b.value) ** (1 / (a.years[0]! - b.years[0]!)) - 1));
        } else {
          if (same || across) results.push(a.value - b.value, a.value + b.value, (a.value + b.value) / 2);
          if (same && (f.kind === 'times' || f.kind === 'plain')) results.push(a.value / b.value);
          if ((same || across) && f.bare) results.push(a.printed - b.printed, a.printed + b.printed);
        }
        if (results.some((r) => near(v, r, tol))) return true;
      }
    }
    return false;
  }

  /** Reads a sentence: its figures, those the evidence shows for the year they are given (they become
   * inputs of what follows, and of what came just before: "25.3%. Inputs: net income $9,771 million"). */
  read(sentence: string): ReadSentence {
    const figures = statedFigures(sentence);
    const found = figures.map((f) => this.matches(f));
    const stated = figures.map((f, i) => this.forYear(found[i]!, f.year));
    stated.forEach((ks) => this.inputs.push(...ks));
    return { sentence, figures, found, stated };
  }

  /** Whether every figure of a sentence read checks with the inputs known now. */
  settled(r: ReadSentence): boolean {
    return r.figures.every((f, i) => r.stated[i]!.length > 0 || this.computed(f));
  }

  /** The sentence with each figure that does not check marked, its checks recorded. */
  settle(r: ReadSentence): string {
    const marks: number[] = [];
    r.figures.forEach((f, i) => {
      const year = f.year !== undefined ? { year: f.year } : {};
      if (r.stated[i]!.length > 0) return this.checks.push({ text: f.text, status: 'stated', ...year });
      if (this.computed(f)) return this.checks.push({ text: f.text, status: 'computed', ...year });
      marks.push(f.end);
      if (r.found[i]!.length > 0) return this.checks.push({ text: f.text, status: 'wrong_column', year: f.year!, evidenceYears: [...new Set(r.found[i]!.flatMap((k) => k.years))].sort((a, b) => a - b) });
      return this.checks.push({ text: f.text, status: 'not_in_evidence', ...year });
    });
    // From the end, so earlier positions stay put as marks go in.
    let out = r.sentence;
    for (const at of marks.sort((a, b) => b - a)) out = `${out.slice(0, at)} ${UNVERIFIED}${out.slice(at)}`;
    return out;
  }

  /** Checks one sentence with what is known now: the sentence, marked. */
  checkSentence(sentence: string): string {
    return this.settle(this.read(sentence));
  }

  /** The figures that did not check, said plainly; undefined when every one did. */
  notice(): string | undefined {
    const bad = this.checks.filter((c) => c.status === 'wrong_column' || c.status === 'not_in_evidence');
    if (bad.length === 0) return undefined;
    const why = (c: FigureCheck) =>
      c.status === 'wrong_column'
        ? `"${c.text}" for FY${c.year}: the evidence shows it for FY${c.evidenceYears!.join(', FY')}`
        : `"${c.text}"${c.year !== undefined ? ` for FY${c.year}` : ''}: not in the evidence, nor computed from figures the answer states`;
    return `${bad.length} of the ${this.checks.length} figures the model stated do not check against its evidence and are marked ${UNVERIFIED}: ${bad.map(why).join('; ')}`;
  }
}

/** Sentences after one whose figure does not check, read before it is marked: a metric is often
 * stated before its inputs ("25.3%. Inputs: net income $9,771 million ...; revenue ..."). */
const LOOKAHEAD = 2;

/** A model's answer as it streams: the words before a sentence's first figure pass on at once (no mark
 * can go there: a mark follows a figure); the rest once the sentence has ended and its figures check,
 * or once the sentences after it that may give their inputs have been read; the tail when the stream
 * ends. The sentences pass on in order. */
export class CheckedStream {
  /** The sentence being written, and how much of it has been passed on. */
  private pending = '';
  private sent = 0;
  /** Sentences read whose figures do not check yet, with how much of each has been passed on. */
  private readonly held: { read: ReadSentence; sent: number; after: number }[] = [];
  private text = '';

  constructor(
    private readonly checker: FigureChecker,
    private readonly emit: (delta: string) => void,
  ) {}

  push(delta: string): void {
    const pieces = sentencePieces(this.pending + delta);
    this.pending = pieces.pop() ?? '';
    for (const p of pieces) this.close(p);
    if (this.held.length > 0) return;
    const digit = this.pending.search(/[$(]?\d/);
    const safe = digit < 0 ? this.pending.length : digit;
    if (safe > this.sent) {
      this.emit(this.pending.slice(this.sent, safe));
      this.sent = safe;
    }
  }

  /** The whole answer, checked, once the model has finished. */
  end(): string {
    if (this.pending) this.close(this.pending);
    this.pending = '';
    this.release(true);
    return this.text;
  }

  private close(sentence: string): void {
    for (const h of this.held) h.after++;
    this.held.push({ read: this.checker.read(sentence), sent: this.sent, after: 0 });
    this.sent = 0;
    this.release(false);
  }

  /** Passes on the held sentences, in order, that check now or have waited long enough. */
  private release(all: boolean): void {
    while (this.held.length > 0) {
      const h = this.held[0]!;
      if (!all && h.after < LOOKAHEAD && !this.checker.settled(h.read)) return;
      this.held.shift();
      const checked = this.checker.settle(h.read);
      this.text += checked;
      if (checked.length > h.sent) this.emit(checked.slice(h.sent));
    }
  }
}
